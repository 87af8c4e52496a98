// Finds (and if needed builds) @plankit/checkout's dist, so every bench measures the code a
// consumer would import. Never rebuilds on its own when a dist exists: tsup cleans dist first,
// which would pull the rug from under anything else running against it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(benchDir, '..');
export const packageDir = join(repoRoot, 'packages', 'checkout');
export const distDir = join(packageDir, 'dist');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the package when dist is missing or `force` is set; warns when dist looks stale. */
export function ensurePackageBuilt({ force = false } = {}) {
  const entry = join(distDir, 'server.js');
  if (force || !existsSync(entry)) {
    console.log(`# building packages/checkout (${force ? '--build' : 'dist missing'})`);
    const result = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('pnpm run build in packages/checkout failed');
    return;
  }
  const srcNewest = newestMtime(join(packageDir, 'src'));
  if (srcNewest > statSync(entry).mtimeMs) {
    console.log(
      '# note: packages/checkout/src is newer than dist; measuring the existing dist ' +
        '(pass --build to rebuild first)',
    );
  }
}

/** Imports one module of the built package, e.g. `server.js` or `pricing/quote.js`. */
export function importDist(relative) {
  return import(pathToFileURL(join(distDir, relative)).href);
}
