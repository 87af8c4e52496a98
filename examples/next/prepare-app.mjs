#!/usr/bin/env node
// Makes .consumer/ a fresh Next.js App Router app the way a team following the package
// README would (issue 14): npm installs the packed @plankit/checkout tarball, next, react,
// react-dom and @electric-sql/pglite (plus create-next-app's TypeScript dev dependencies),
// and the app's files are the README's Next.js snippets, copied in as they are from
// packages/checkout/test/snippets/next/ on every run, so the example follows the README.
// template/ holds only what create-next-app writes and the README leaves alone
// (tsconfig.json with its `@/*` alias, an empty next.config.ts).
//
//   node prepare-app.mjs            pack, install (when something changed), copy the files
//   node prepare-app.mjs --build    the same, then `next build` in .consumer/
//
// The app lives in .consumer/ (gitignored), outside the pnpm workspace's links: its
// node_modules is npm's, and nothing in it comes from the workspace.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkoutDir, packCheckout, repoRoot } from '../../scripts/pack-checkout.mjs';

const exampleDir = dirname(fileURLToPath(import.meta.url));
const appDir = join(exampleDir, '.consumer');
const snippetsDir = join(checkoutDir, 'test/snippets/next');
const templateDir = join(exampleDir, 'template');

/** The versions the workspace is tested with: pnpm-workspace.yaml's catalog. */
function catalogVersions() {
  const yaml = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml
    .slice(yaml.indexOf('\ncatalog:') + 1)
    .split('\n')
    .slice(1);
  const versions = {};
  for (const line of block) {
    const match = /^\s+"?([^":\s]+)"?:\s*(\S+)\s*$/.exec(line);
    if (!match) break;
    versions[match[1]] = match[2];
  }
  return versions;
}

function main() {
  // 1. The tarball, as `pnpm publish` would upload it. Its name carries its hash, so npm
  //    sees a new dependency (and installs it) whenever the package changed.
  const pack = packCheckout(join(exampleDir, '.pack'));
  const tarball = join(dirname(pack.tarball), `plankit-checkout-${pack.hash.slice(0, 12)}.tgz`);
  cpSync(pack.tarball, tarball);
  rmSync(pack.tarball);

  // 2. package.json of a fresh app, and npm install when it changed.
  const catalog = catalogVersions();
  const checkoutManifest = JSON.parse(readFileSync(join(checkoutDir, 'package.json'), 'utf8'));
  const manifest = `${JSON.stringify(
    {
      name: 'plankit-example-next-app',
      private: true,
      description: 'Written by examples/next/prepare-app.mjs: do not edit.',
      scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
      dependencies: {
        '@plankit/checkout': `file:${relative(appDir, tarball)}`,
        '@electric-sql/pglite': checkoutManifest.devDependencies['@electric-sql/pglite'],
        next: catalog.next,
        react: catalog.react,
        'react-dom': catalog['react-dom'],
      },
      devDependencies: {
        '@types/node': catalog['@types/node'],
        '@types/react': catalog['@types/react'],
        '@types/react-dom': catalog['@types/react-dom'],
        typescript: catalog.typescript,
      },
    },
    null,
    2,
  )}\n`;
  mkdirSync(appDir, { recursive: true });
  const stamp = join(appDir, 'node_modules/.plankit-manifest.sha256');
  const manifestHash = createHash('sha256').update(manifest).digest('hex');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== manifestHash) {
    writeFileSync(join(appDir, 'package.json'), manifest);
    // No lockfile: with one, Next.js would find two (this and the workspace's) and warn.
    execFileSync(
      'npm',
      [
        'install',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
      ],
      { cwd: appDir, stdio: 'inherit' },
    );
    writeFileSync(stamp, manifestHash);
  }

  // 3. The app's files: the template, then the README's snippets, replacing what was there.
  for (const entry of ['app', 'lib', 'plankit.ts', 'proxy.ts'])
    rmSync(join(appDir, entry), { recursive: true, force: true });
  cpSync(templateDir, appDir, { recursive: true });
  cpSync(snippetsDir, appDir, { recursive: true });
  console.log(
    `examples/next: .consumer/ is the README's Next.js app on ${relative(exampleDir, tarball)}`,
  );

  // 4. next build, as the app's own script does.
  if (process.argv.includes('--build')) {
    execFileSync(process.execPath, [join(appDir, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: appDir,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
  }
}

main();
