#!/usr/bin/env node
// Installs @plankit/checkout the way another team gets it: `pnpm pack` makes the tarball
// that `pnpm publish` would upload, and npm installs that tarball (with its own
// dependencies from the registry) into .consumer/, a folder outside the pnpm workspace's
// links. node_modules/@plankit/checkout then points there, so Vite and TypeScript resolve
// the package exactly as published: package.json "exports", dist, no workspace source.
//
// The package is deliberately not in package.json: a `file:` tarball there would have to
// exist before `pnpm install --frozen-lockfile` on a fresh clone, and a `workspace:` range
// would test the link instead of the tarball. Needs packages/checkout built first (turbo
// runs @plankit/checkout#build before this workspace's build, see turbo.json).
//
// Usage: node scripts/install-checkout-tarball.mjs [exampleDir]  (default: the cwd, which
// is the example's folder when run from its package.json scripts).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const example = resolve(process.argv[2] ?? process.cwd());
const checkout = join(dirname(fileURLToPath(import.meta.url)), '../packages/checkout');
const packDir = join(example, '.pack');
const consumer = join(example, '.consumer');
const installed = join(consumer, 'node_modules/@plankit/checkout');
const link = join(example, 'node_modules/@plankit/checkout');
const stamp = join(consumer, 'tarball.sha256');

if (!existsSync(join(checkout, 'dist/index.js'))) {
  console.error(
    'packages/checkout is not built: run `pnpm --filter @plankit/checkout build` first.',
  );
  process.exit(1);
}

/** Runs the pnpm that runs this script (`npm_execpath`), else the one on PATH. */
function pnpm(args, cwd) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the running package manager; not a build input.
  const execPath = process.env.npm_execpath;
  const options = { cwd, stdio: ['ignore', 'pipe', 'inherit'] };
  if (execPath && /pnpm(\.c?js)?$/.test(execPath)) {
    execFileSync(process.execPath, [execPath, ...args], options);
  } else {
    execFileSync('pnpm', args, options);
  }
}

// 1. Pack, as publishing would (pnpm rewrites the catalog: ranges).
rmSync(packDir, { recursive: true, force: true });
pnpm(['pack', '--pack-destination', packDir], checkout);
const tarball = readdirSync(packDir).find((name) => name.endsWith('.tgz'));
if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${packDir}`);
const hash = createHash('sha256')
  .update(readFileSync(join(packDir, tarball)))
  .digest('hex');

// 2. Install it with npm into .consumer/, unless this very tarball is installed already.
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash || !existsSync(installed)) {
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(consumer, { recursive: true });
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify(
      {
        private: true,
        description: 'Written by scripts/install-checkout-tarball.mjs',
        dependencies: { '@plankit/checkout': `file:${relative(consumer, join(packDir, tarball))}` },
      },
      null,
      2,
    )}\n`,
  );
  // Peers (react, react-dom) are left out: the app's own copies, one folder up, are found
  // by Node's lookup from .consumer/, so the app and the package share one React.
  execFileSync(
    'npm',
    [
      'install',
      '--omit=peer',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    { cwd: consumer, stdio: 'inherit' },
  );
  writeFileSync(stamp, hash);
}

// 3. Point node_modules/@plankit/checkout at the installed copy.
const target = relative(dirname(link), installed);
let current = null;
try {
  current = lstatSync(link).isSymbolicLink() ? realpathSync(link) : 'not a link';
} catch {}
if (current !== realpathSync(installed)) {
  rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}
console.log(
  `@plankit/checkout: ${tarball} installed from its tarball (sha256 ${hash.slice(0, 12)})`,
);
