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
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { packCheckout } from './pack-checkout.mjs';

const example = resolve(process.argv[2] ?? process.cwd());
const packDir = join(example, '.pack');
const consumer = join(example, '.consumer');
const installed = join(consumer, 'node_modules/@plankit/checkout');
const link = join(example, 'node_modules/@plankit/checkout');
const stamp = join(consumer, 'tarball.sha256');

// 1. Pack, as publishing would (pnpm rewrites the catalog: ranges).
const { tarball: tarballPath, name: tarball, hash } = packCheckout(packDir);

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
        dependencies: { '@plankit/checkout': `file:${relative(consumer, tarballPath)}` },
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
