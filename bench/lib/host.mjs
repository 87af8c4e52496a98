// Builds and runs the Next.js host for the page benches, in a throw-away copy of apps/web
// with two comparison pages added, so the blank pages share the real routes' build without
// ever being committed to apps/web.
//
// The copy lives under bench/.tmp/ (inside the repo, so Turbopack's root is still the
// workspace root and pnpm's symlinked node_modules stay inside it); its node_modules is a
// symlink to apps/web/node_modules, so `@plankit/checkout` is the workspace package's dist.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { benchDir, ensurePackageBuilt, repoRoot } from './checkoutPackage.mjs';

export const webDir = join(repoRoot, 'apps', 'web');
export const tmpRoot = join(benchDir, '.tmp');
const nextBin = join(webDir, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Paths of the two comparison pages (same root layout as every real route). */
export const BLANK_STATIC = '/bench-blank-static';
export const BLANK_DYNAMIC = '/bench-blank-dynamic';

const BLANK_PAGE = (
  dynamic,
) => `// Added by bench/lib/host.mjs to a throw-away copy of apps/web; never committed.
export const dynamic = '${dynamic}';

export default function BenchBlankPage() {
  return <p>Blank page for benchmarks.</p>;
}
`;

// The host without its tests: e2e/ and playwright.config.ts (which imports
// ../../scripts/chromium.mjs, a path that does not exist one folder deeper, and would fail
// `next build`'s type check in the copy).
const SKIP = new Set([
  'node_modules',
  '.next',
  '.data',
  'e2e',
  'playwright.config.ts',
  'test-results',
  'playwright-report',
]);

/**
 * Copies apps/web to bench/.tmp/<name>, adds the blank pages and runs `next build` there.
 * With `reuse`, an existing built copy of that name is used as is.
 */
export function prepareHost({ name = 'web', reuse = false, buildPackage = false } = {}) {
  const dir = join(tmpRoot, name);
  if (reuse && existsSync(join(dir, '.next', 'BUILD_ID'))) {
    console.log(`# reusing the built host copy in ${dir}`);
    return dir;
  }
  ensurePackageBuilt({ force: buildPackage });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(tmpRoot, { recursive: true });
  cpSync(webDir, dir, {
    recursive: true,
    filter: (src) => !SKIP.has(src.slice(webDir.length + 1).split('/')[0]),
  });
  symlinkSync(join(webDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // The copy sits one folder deeper than apps/web: re-point relative `extends`.
  const tsconfigPath = join(dir, 'tsconfig.json');
  const tsconfig = readFileSync(tsconfigPath, 'utf8').replace(
    /"extends":\s*"(\.\.\/[^"]*)"/,
    (_, target) => `"extends": ${JSON.stringify(relative(dir, join(webDir, target)))}`,
  );
  writeFileSync(tsconfigPath, tsconfig);
  for (const [route, dynamic] of [
    [BLANK_STATIC, 'force-static'],
    [BLANK_DYNAMIC, 'force-dynamic'],
  ]) {
    // Under app/[lang], beside every real page: the root layout is the language's.
    mkdirSync(join(dir, 'app', '[lang]', route.slice(1)), { recursive: true });
    writeFileSync(join(dir, 'app', '[lang]', route.slice(1), 'page.tsx'), BLANK_PAGE(dynamic));
  }
  console.log(`# next build in ${dir}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error('next build failed in the bench copy');
  }
  // The route table Next prints (○ static, ƒ dynamic, ● SSG) is worth keeping in the log.
  const routeTable = result.stdout.split('\n').filter((line) => /^[┌├└│]|^\s*[○●ƒ]/.test(line));
  console.log(routeTable.join('\n'));
  console.log(`# built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

/** Deletes a host copy. */
export function removeHost(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** A free TCP port on 127.0.0.1: the given one if nothing listens there, else the OS's pick. */
export function freePort(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port for a server the benches start: `fromEnv` (e.g. `BENCH_PORT`) when it is set,
 * else a free one the OS picks, so two runs on one machine never collide by default.
 */
export async function benchPort(fromEnv) {
  const value = process.env[fromEnv];
  if (!value) return freePort();
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${fromEnv}=${value} is not a port number`);
  }
  // Fail early rather than measure whatever else answers on that port.
  return freePort(port).catch((error) => {
    throw new Error(`${fromEnv}=${port}: the port is taken (${error.code ?? error.message})`);
  });
}

/**
 * Starts `next start` on 127.0.0.1 in a built copy, with its own PGlite folder (or the
 * given DATABASE_URL) and `env` on top, and waits until `/` answers. The port is
 * `BENCH_PORT`, else free.
 */
export async function startHost(dir, { databaseUrl = null, quiet = true, env: extra = {} } = {}) {
  const port = await benchPort('BENCH_PORT');
  const dataDir = join(dir, '.data', `plankit-${port}`);
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    PLANKIT_DATA_DIR: dataDir,
    PLANKIT_SECRET: 'bench-secret-not-for-production-0123456789',
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: dir,
      env,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const spawnedAt = Date.now();
  const deadline = spawnedAt + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${stderr}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`next start did not answer within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const readyMs = Date.now() - spawnedAt;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const exitStatus = () =>
    child.exitCode === null && child.signalCode === null
      ? null
      : { code: child.exitCode, signal: child.signalCode };
  return { url, port, pid: child.pid, readyMs, stop, exitStatus, stderr: () => stderr };
}

/** Runs `fn(host)` against a started host and always stops it. */
export async function withHost(dir, options, fn) {
  const host = await startHost(dir, options);
  const onSignal = () => {
    host.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    return await fn(host);
  } finally {
    process.off('SIGINT', onSignal);
    await host.stop();
  }
}
