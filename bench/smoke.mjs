#!/usr/bin/env node
// The benches' smoke run, part of `npm test` (the root's `bench:smoke` turbo task): every
// bench once with tiny counts, so a bench that stops working fails the build instead of
// being found broken the day someone needs its numbers. The numbers of a smoke run mean
// nothing and are not saved.
//
//   node bench/smoke.mjs        (from anywhere; about a minute, most of it `next build`)
//
// 1. `npm ci` here when package.json or package-lock.json changed since the last install
//    (bench/ is not a pnpm workspace, see README.md), so a lockfile out of sync fails too;
// 2. checkout.mjs --smoke and delivery.mjs --smoke (PGlite, and Postgres when
//    TEST_DATABASE_URL is set); retention.mjs --smoke (table sizes around a prune); pooler.mjs --smoke (named vs unnamed statements, and
//    through PgBouncer when installed; skipped without TEST_DATABASE_URL);
// 3. pages.mjs --smoke --keep: builds its own copy of the host in bench/.tmp/smoke;
//    scale.mjs --smoke: 1 and 2 of those hosts on one Postgres behind its proxy, 3 s each
//    (skipped without TEST_DATABASE_URL);
// 4. lighthouse.mjs --smoke --reuse: one Lighthouse run of the plan step on that build;
// then deletes bench/.tmp/smoke. Ports: BENCH_PORT, BENCH_CHROME_PORT (default: free ports).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir } from './lib/checkoutPackage.mjs';
import { tmpRoot } from './lib/host.mjs';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command in bench/, printing its output; exits with its status when it fails. */
function run(label, command, args) {
  const at = Date.now();
  console.log(`\n## ${label}`);
  const result = spawnSync(command, args, { cwd: benchDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `\n## bench smoke FAILED: ${label} (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
    rmSync(join(tmpRoot, 'smoke'), { recursive: true, force: true });
    process.exit(result.status || 1);
  }
  console.log(`## ${label}: ok in ${seconds(at)}`);
}

const lockHash = createHash('sha256')
  .update(readFileSync(join(benchDir, 'package.json')))
  .update(readFileSync(join(benchDir, 'package-lock.json')))
  .digest('hex');
const stamp = join(benchDir, 'node_modules', '.plankit-lock.sha256');
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  run('npm ci (bench tools)', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, lockHash);
}

run('checkout.mjs --smoke', process.execPath, ['checkout.mjs', '--smoke']);
run('delivery.mjs --smoke', process.execPath, ['delivery.mjs', '--smoke']);
run('retention.mjs --smoke', process.execPath, ['retention.mjs', '--smoke']);
run('pooler.mjs --smoke', process.execPath, ['pooler.mjs', '--smoke']);
run('pages.mjs --smoke', process.execPath, ['pages.mjs', '--smoke', '--keep']);
run('scale.mjs --smoke', process.execPath, ['scale.mjs', '--smoke']);
run('lighthouse.mjs --smoke', process.execPath, ['lighthouse.mjs', '--smoke', '--reuse']);
rmSync(join(tmpRoot, 'smoke'), { recursive: true, force: true });
console.log(`\n## bench smoke: every bench ran, in ${seconds(started)}`);
