// Packs @plankit/checkout the way `pnpm publish` would (pnpm rewrites the catalog: ranges)
// for the examples that install the package as another team gets it: from its tarball,
// with npm, never through the workspace link. Used by install-checkout-tarball.mjs
// (examples/vite, examples/react18) and examples/next/prepare-app.mjs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** packages/checkout */
export const checkoutDir = join(repoRoot, 'packages/checkout');

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

/**
 * Packs packages/checkout into `packDir` (emptied first). Returns the tarball's path, file
 * name and sha256. Exits with a hint when the package is not built.
 */
export function packCheckout(packDir) {
  if (!existsSync(join(checkoutDir, 'dist/index.js'))) {
    console.error(
      'packages/checkout is not built: run `pnpm --filter @plankit/checkout build` first.',
    );
    process.exit(1);
  }
  rmSync(packDir, { recursive: true, force: true });
  pnpm(['pack', '--pack-destination', packDir], checkoutDir);
  const name = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`pnpm pack wrote no tarball into ${packDir}`);
  const tarball = join(packDir, name);
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  return { tarball, name, hash };
}
