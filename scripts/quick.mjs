#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) must work on a machine that has only
// Node.js and npm. This script makes sure pnpm and the workspace's dependencies are there,
// then hands over to turbo. It is the only place that knows how to bootstrap the repo.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const task = process.argv[2];

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) process.exit(res.status ?? 1);
}

function hasPnpm() {
  const res = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return res.status === 0;
}

// Prefer an installed pnpm (CI installs one); otherwise run the pinned version through npx.
const pnpm = hasPnpm() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
const pnpmRun = (args) => run(pnpm[0], [...pnpm.slice(1), ...args]);

if (!existsSync(join(root, 'node_modules', '.modules.yaml'))) {
  pnpmRun(['install', '--frozen-lockfile']);
}

switch (task) {
  case 'start':
    pnpmRun([
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@plankit/web...',
      '--output-logs=errors-only',
    ]);
    pnpmRun(['--filter', '@plankit/web', 'run', 'start']);
    break;
  case 'dev':
    pnpmRun(['exec', 'turbo', 'run', 'dev', '--filter=@plankit/web...']);
    break;
  case 'test':
    // In CI a log is read as text: no colour codes from turbo, vitest, Playwright or
    // Next.js (each honours NO_COLOR; turbo.json passes it through to the tasks).
    if (process.env.CI) {
      process.env.NO_COLOR = '1';
      process.env.FORCE_COLOR = '0';
    }
    // Lint and types first (fast), then every workspace's tests, the benches' smoke run
    // (bench/smoke.mjs, the root's bench:smoke) and the release rehearsal
    // (scripts/release-rehearsal/rehearse.mjs, the root's release:rehearse); one at a time,
    // because the end-to-end runs start production servers and the machine has two cores.
    pnpmRun(['exec', 'biome', 'check', '--error-on-warnings', '.']);
    pnpmRun([
      'exec',
      'turbo',
      'run',
      'typecheck',
      'test',
      'bench:smoke',
      'release:rehearse',
      '--concurrency=1',
      ...process.argv.slice(3),
    ]);
    break;
  default:
    console.error(`usage: node scripts/quick.mjs start|dev|test (got ${task})`);
    process.exit(2);
}
