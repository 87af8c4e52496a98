#!/usr/bin/env node
// Issue 3: how long one checkout takes end to end through the engine, on PGlite and on
// PostgreSQL, next to baselines measured in the same run (one `SELECT 1` round trip, one
// empty transaction, and `quote()` alone) so the numbers read as ratios.
//
// One checkout = engine.submitPlanStep() of a valid `starter` monthly form with a fresh
// idempotency key, paying with a payment method the test processor tokenized from card
// 4242 4242 4242 4242 before the timing starts (in a real checkout the browser tokenizes
// at the processor, not at the host), to its redirect to the finish step: validation,
// quote, session insert, open → processing, the test processor's intent (create, record,
// confirm; kept in the same database, as the host wires it), completion (order +
// subscription).
//
//   node bench/checkout.mjs [--runs 200] [--warmup 20] [--build] [--only pglite|postgres]
//                           [--smoke]
//   DATABASE_URL=postgres://… overrides the default postgres://postgres@127.0.0.1:5432/test
//
// --smoke (what `npm test` runs, see bench/smoke.mjs): 3 runs after 1 warm-up, so a bench
// that no longer runs fails the build. Postgres then comes from TEST_DATABASE_URL, like the
// test suites (skipped when unset; an error when set and unreachable).
//
// The Postgres run uses its own schema (bench_<random>) and drops it at the end; the PGlite
// run uses a throw-away data folder under the OS temp dir (on disk, like the host's .data/).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensurePackageBuilt, importDist } from './lib/checkoutPackage.mjs';
import {
  benchVisitor,
  starterCatalog,
  starterForm,
  tokenizedCards,
} from './lib/starterCheckout.mjs';
import { args, ms, ratio, summary, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const RUNS = Number(opts.runs ?? (SMOKE ? 3 : 200));
const WARMUP = Number(opts.warmup ?? (SMOKE ? 1 : 20));
const BASELINE_RUNS = SMOKE ? RUNS : Math.max(RUNS, 200);
const DATABASE_URL = SMOKE
  ? process.env.TEST_DATABASE_URL || null
  : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

ensurePackageBuilt({ force: opts.build === true });
const server = await importDist('server.js');
const { createCheckoutRoutes } = await importDist('routes/createCheckoutRoutes.js');
const { quote } = await importDist('pricing/quote.js');

const catalog = starterCatalog(server);
const routes = createCheckoutRoutes();
const starter = catalog.plans.find((plan) => plan.id === 'starter');
const form = starterForm;
const context = benchVisitor;

/** A statement's label for the breakdown: its verb and first table, schema dropped. */
function label(text) {
  const sql = text.replace(/\s+/g, ' ').trim();
  const verb = sql.split(' ', 1)[0].toUpperCase();
  const table = /\b(?:INTO|FROM|UPDATE)\s+(?:"?\w+"?\.)?"?(\w+)"?/i.exec(sql)?.[1] ?? '';
  const what = verb === 'SELECT' && /count\(/i.test(sql) ? 'SELECT count(*)' : verb;
  return `${what} ${table}`.trim();
}

/** Wraps a SqlClient to count and time statements and transactions. */
function counting(client) {
  const counts = { queries: 0, transactions: 0, byStatement: new Map(), recording: false };
  const record = (key, elapsed) => {
    if (!counts.recording) return;
    const entry = counts.byStatement.get(key) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += elapsed;
    counts.byStatement.set(key, entry);
  };
  const wrapQuery = (target, inTx) => async (text, params) => {
    counts.queries++;
    const start = performance.now();
    try {
      return await target.query(text, params);
    } finally {
      record(`${inTx ? '  (in tx) ' : ''}${label(text)}`, performance.now() - start);
    }
  };
  return {
    counts,
    client: {
      query: wrapQuery(client, false),
      transaction: async (fn) => {
        counts.transactions++;
        const start = performance.now();
        try {
          return await client.transaction((tx) => fn({ query: wrapQuery(tx, true) }));
        } finally {
          record('transaction (whole, incl. BEGIN/COMMIT)', performance.now() - start);
        }
      },
      close: () => client.close(),
    },
  };
}

async function time(runs, fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function benchStore(name, raw, schema) {
  const { client, counts } = counting(raw);
  const store = server.createSqlStore(client, { schema });
  await store.migrate();
  // The cheapest durable write: one row, committed on its own. Every store or processor
  // statement of a checkout commits like this, so its time says what a checkout's commits
  // alone must cost (the disk's flush), which BEGIN;SELECT 1;COMMIT never pays.
  const durableTable = `"${schema}".bench_durable_write`;
  await raw.query(
    `CREATE TABLE IF NOT EXISTS ${durableTable} (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`,
  );
  const provider = server.createTestPaymentProvider({ ledger: client, schema });
  const engine = server.createCheckoutEngine({
    catalog,
    store,
    provider,
    routes,
    secret: 'bench-secret-not-for-production',
    logger: { error: console.error, warn: console.warn, info: () => {} },
  });

  // One tokenized card per checkout, made before any timing: a recurring plan saves its
  // card to that buyer, so another buyer cannot pay with it (as at a real processor).
  let cards;
  try {
    cards = await tokenizedCards(provider, 2 * WARMUP + RUNS + 2);
  } catch (error) {
    throw new Error(`${name}: ${error.message}`);
  }

  const checkout = async () => {
    const result = await engine.submitPlanStep(form(cards.pop()), context);
    if (result.kind !== 'redirect' || result.location !== routes.finish(result.sessionId)) {
      throw new Error(
        `${name}: expected a redirect to the finish step, got ${JSON.stringify(result)}`,
      );
    }
    return result;
  };

  // Baselines first (also warm the connection), then the checkouts.
  await time(WARMUP, () => raw.query('SELECT 1'));
  const select1 = await time(BASELINE_RUNS, () => raw.query('SELECT 1'));
  const emptyTx = await time(BASELINE_RUNS, () => raw.transaction((tx) => tx.query('SELECT 1')));
  const durableWrite = await time(BASELINE_RUNS, () =>
    raw.query(`INSERT INTO ${durableTable} DEFAULT VALUES`),
  );

  for (let i = 0; i < WARMUP; i++) await checkout();
  const before = { queries: counts.queries, transactions: counts.transactions };
  counts.recording = true;
  const samples = await time(RUNS, checkout);
  counts.recording = false;
  const perCheckout = {
    queries: (counts.queries - before.queries) / RUNS,
    transactions: (counts.transactions - before.transactions) / RUNS,
    byStatement: [...counts.byStatement].map(([what, e]) => ({
      what,
      calls: e.calls / RUNS,
      ms: e.ms / RUNS,
    })),
  };

  // Check the last one really completed and paid, then time reading its finish view (what
  // the finish page asks the engine on every request).
  const last = await checkout();
  const view = await engine.getFinishView(last.sessionId, context);
  if (view.status !== 'paid') throw new Error(`${name}: finish view is ${view.status}, not paid`);
  await time(WARMUP, () => engine.getFinishView(last.sessionId, context));
  const queriesBefore = counts.queries;
  const finishView = await time(RUNS, () => engine.getFinishView(last.sessionId, context));
  perCheckout.finishViewQueries = (counts.queries - queriesBefore) / RUNS;

  return {
    name,
    checkout: summary(samples),
    finishView: summary(finishView),
    select1: summary(select1),
    emptyTx: summary(emptyTx),
    durableWrite: summary(durableWrite),
    perCheckout,
  };
}

// quote() alone: pure CPU, timed in batches because one call is far below the timer's grain.
function benchQuote() {
  const BATCH = 1000;
  const input = { plan: starter, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 };
  for (let i = 0; i < 20 * BATCH; i++) quote(input);
  const samples = [];
  for (let b = 0; b < 200; b++) {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) quote(input);
    samples.push((performance.now() - start) / BATCH);
  }
  return summary(samples);
}

const results = [];
const only = typeof opts.only === 'string' ? opts.only : null;

if (!only || only === 'pglite') {
  const dataDir = mkdtempSync(join(tmpdir(), 'plankit-bench-pglite-'));
  const raw = await server.createPgliteClient({ dataDir });
  try {
    results.push(await benchStore('PGlite (on disk, in process)', raw, 'plankit'));
  } finally {
    await raw.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if ((!only || only === 'postgres') && !DATABASE_URL) {
  console.log('# --smoke without TEST_DATABASE_URL: the Postgres run is skipped');
} else if (!only || only === 'postgres') {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  let raw;
  try {
    raw = await server.createPostgresClient({ connectionString: DATABASE_URL });
    await raw.query('SELECT 1');
  } catch (error) {
    if (SMOKE) throw new Error(`TEST_DATABASE_URL is set but not reachable: ${error.message}`);
    console.log(`# Postgres at ${DATABASE_URL} not reachable (${error.message}); skipped`);
    raw = null;
  }
  if (raw) {
    try {
      results.push(await benchStore('PostgreSQL (127.0.0.1, pg pool)', raw, schema));
    } finally {
      await raw.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await raw.close();
    }
  }
}

const quoteStats = benchQuote();
const us = (value) => `${(value * 1000).toFixed(2)} µs`;

console.log(
  `\nOne checkout end to end (submitPlanStep, starter monthly, card 4242…): ${RUNS} runs after ${WARMUP} warm-up, ms`,
);
console.log(
  `node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
const rows = [];
for (const r of results) {
  rows.push([
    r.name,
    'checkout',
    ms(r.checkout.median),
    ms(r.checkout.p90),
    ms(r.checkout.p99),
    ms(r.checkout.max),
    '1.00×',
  ]);
  for (const [label, s] of [
    ['getFinishView (paid)', r.finishView],
    ['SELECT 1', r.select1],
    ['BEGIN;SELECT 1;COMMIT', r.emptyTx],
    ['INSERT 1 row (own commit)', r.durableWrite],
  ]) {
    rows.push([
      '',
      label,
      ms(s.median),
      ms(s.p90),
      ms(s.p99),
      ms(s.max),
      ratio(r.checkout.median, s.median),
    ]);
  }
}
rows.push([
  'CPU only',
  'quote() alone',
  us(quoteStats.median),
  us(quoteStats.p90),
  us(quoteStats.p99),
  us(quoteStats.max),
  '',
]);
table(['store', 'what', 'median', 'p90', 'p99', 'max', 'checkout ÷ this'], rows);

console.log('');
for (const r of results) {
  console.log(
    `${r.name}: ${r.perCheckout.queries} SQL statements in ${r.perCheckout.transactions} transactions per checkout, ` +
      `${r.perCheckout.finishViewQueries} per finish view; ` +
      `checkout median = ${ratio(r.checkout.median, r.select1.median)} a SELECT 1 round trip`,
  );
}
// Issue 8, item 10's targets. A statement outside a transaction commits on its own; the
// test processor's statements are the stand-in processor's, in the same database.
for (const r of results) {
  const commits = (processor) =>
    r.perCheckout.byStatement
      .filter((e) => !e.what.startsWith('  ') && !e.what.startsWith('transaction'))
      .filter((e) => e.what.includes('test_processor') === processor)
      .reduce((sum, e) => sum + e.calls, 0) + (processor ? 0 : r.perCheckout.transactions);
  const store = commits(false);
  const times = r.checkout.median / r.emptyTx.median;
  console.log(
    `${times <= 10 ? 'PASS' : 'FAIL'}  ${r.name}: checkout ≤ 10× BEGIN;SELECT 1;COMMIT: ` +
      `${times.toFixed(1)}× (= ${(r.checkout.median / r.durableWrite.median).toFixed(1)} single-row commits)`,
  );
  console.log(
    `${store <= 2 ? 'PASS' : 'FAIL'}  ${r.name}: ≤ 2 store commits per checkout: ${store.toFixed(2)} ` +
      `(and ${commits(true).toFixed(2)} of the test processor's own)`,
  );
}
for (const r of results) {
  console.log(`\nWhere ${r.name}'s checkout time goes (mean per checkout, ms):`);
  const inStatements = r.perCheckout.byStatement
    .filter((e) => !e.what.startsWith('  '))
    .reduce((sum, e) => sum + e.ms, 0);
  table(
    ['statement', 'calls', 'ms'],
    [
      ...r.perCheckout.byStatement.map((e) => [e.what, e.calls.toFixed(2), e.ms.toFixed(2)]),
      ['everything else (validation, HMACs, JS)', '', (r.checkout.mean - inStatements).toFixed(2)],
      ['mean checkout', '', r.checkout.mean.toFixed(2)],
    ],
  );
}
console.log('');
const pglite = results.find((r) => r.name.startsWith('PGlite'));
const postgres = results.find((r) => r.name.startsWith('PostgreSQL'));
if (pglite && postgres) {
  console.log(
    `PGlite / Postgres: median ${ratio(pglite.checkout.median, postgres.checkout.median)}, ` +
      `p90 ${ratio(pglite.checkout.p90, postgres.checkout.p90)}, ` +
      `p99 ${ratio(pglite.checkout.p99, postgres.checkout.p99)}; ` +
      `SELECT 1 ${ratio(pglite.select1.median, postgres.select1.median)}`,
  );
}
