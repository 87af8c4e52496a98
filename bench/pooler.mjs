#!/usr/bin/env node
// Issue 24, item 3: what going through PgBouncer in transaction mode costs. There the
// store prepares nothing by name (`pooler: 'transaction'`, PLANKIT_DB_POOLER=transaction),
// since PgBouncer before 1.21 hands each statement to any server connection, so the server
// parses and plans every statement on every call. Three ways to the same server, each
// measured in the same run, the first being the baseline:
//
//   named      PostgreSQL directly, statements prepared by name (the default)
//   unnamed    PostgreSQL directly, pooler: 'transaction' (the planning cost alone)
//   PgBouncer  Debian's PgBouncer (pool_mode = transaction) started here, pooler: 'transaction'
//              (the planning cost and PgBouncer's hop)
//
// On each: `SELECT 1` round trips per second (the connection path's own cost), checkouts
// per second (engine.submitPlanStep of the starter plan, card 4242…, to its redirect) and
// finish views per second (getFinishView of a paid session), all with `--concurrency`
// callers at once on a pool of that size, plus statements per second.
//
// The machine is shared and its load moves by the second, so the three ways are not timed
// one after the other: each load is cut into `--slices` slices, and the ways take turns
// slice by slice (in an order that rotates). Each way's rate is the median of its slices;
// its ratio to `named` is the median of the ratios of slices run side by side, so a slow
// moment of the machine costs both sides of a ratio alike.
//
//   node bench/pooler.mjs [--checkouts 600] [--views 6000] [--concurrency 8] [--slices 15]
//                         [--build] [--smoke]
//   DATABASE_URL=postgres://… overrides the default postgres://postgres@127.0.0.1:5432/test
//
// --smoke (bench/smoke.mjs, in `npm test`): 4 checkouts and 20 views, 2 at once, 2 slices;
// Postgres from TEST_DATABASE_URL (skipped when unset), PgBouncer skipped when missing.
// Each way uses its own schema (bench_pooler_<random>), dropped at the end.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pgBouncerUnavailable, startPgBouncer } from '../scripts/pgBouncer.mjs';
import { ensurePackageBuilt, importDist } from './lib/checkoutPackage.mjs';
import {
  benchVisitor,
  starterCatalog,
  starterForm,
  tokenizedCards,
} from './lib/starterCheckout.mjs';
import { args, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const CHECKOUTS = Number(opts.checkouts ?? (SMOKE ? 4 : 600));
const VIEWS = Number(opts.views ?? (SMOKE ? 20 : 6000));
const CONCURRENCY = Number(opts.concurrency ?? (SMOKE ? 2 : 8));
const SLICES = Number(opts.slices ?? (SMOKE ? 2 : 15));
const SELECTS = SMOKE ? 20 : 30_000;
const DATABASE_URL = SMOKE
  ? process.env.TEST_DATABASE_URL || null
  : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

if (!DATABASE_URL) {
  console.log('# --smoke without TEST_DATABASE_URL: pooler.mjs needs PostgreSQL; skipped');
  process.exit(0);
}

ensurePackageBuilt({ force: opts.build === true });
const server = await importDist('server.js');
const { createCheckoutRoutes } = await importDist('routes/createCheckoutRoutes.js');
const catalog = starterCatalog(server);
const routes = createCheckoutRoutes();

/** Counts the statements a client runs, inside transactions too. */
function counting(client) {
  const counter = { statements: 0 };
  const query = (target) => (text, params) => {
    counter.statements++;
    return target.query(text, params);
  };
  return {
    counter,
    client: {
      query: query(client),
      transaction: (fn) => client.transaction((tx) => fn({ query: query(tx) })),
      close: () => client.close(),
    },
  };
}

/** Runs `total` calls of `fn`, `CONCURRENCY` at a time; returns calls per second. */
async function perSecond(total, fn) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        await fn(i);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** Opens one way to the server: a fresh schema, the engine, cards for its checkouts. */
async function open(way) {
  const raw = await server.createPostgresClient({
    connectionString: way.url,
    max: CONCURRENCY,
    ...(way.pooler ? { pooler: way.pooler } : {}),
  });
  const schema = `bench_pooler_${randomBytes(6).toString('hex')}`;
  const { client, counter } = counting(raw);
  const store = server.createSqlStore(client, { schema });
  await store.migrate();
  const provider = server.createTestPaymentProvider({ ledger: client, schema });
  const engine = server.createCheckoutEngine({
    catalog,
    store,
    provider,
    routes,
    secret: 'bench-secret-not-for-production',
    logger: { error: console.error, warn: console.warn, info: () => {} },
  });
  const warmup = Math.max(2, CONCURRENCY);
  const cards = await tokenizedCards(provider, CHECKOUTS + warmup + 1);
  const checkout = async () => {
    const result = await engine.submitPlanStep(starterForm(cards.pop()), benchVisitor);
    if (result.kind !== 'redirect') {
      throw new Error(`${way.name}: expected a redirect, got ${JSON.stringify(result)}`);
    }
    return result;
  };
  // Warm every pooled connection (and, for `named`, prepare the statements on each).
  await perSecond(SELECTS / 30, () => raw.query('SELECT 1'));
  await perSecond(warmup, checkout);
  const { sessionId } = await checkout();
  const view = await engine.getFinishView(sessionId, benchVisitor);
  if (view.status !== 'paid') throw new Error(`${way.name}: the view is ${view.status}`);
  await perSecond(VIEWS / 30, () => engine.getFinishView(sessionId, benchVisitor));
  return {
    ...way,
    counter,
    loads: {
      select1: () => raw.query('SELECT 1'),
      checkouts: checkout,
      views: () => engine.getFinishView(sessionId, benchVisitor),
    },
    rates: { select1: [], checkouts: [], views: [] },
    statements: { select1: 0, checkouts: 0, views: 0 },
    async close() {
      await raw.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await raw.close();
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const ways = [
  { name: 'named (direct)', url: DATABASE_URL, pooler: null },
  { name: 'unnamed (direct)', url: DATABASE_URL, pooler: 'transaction' },
];
const noBouncer = pgBouncerUnavailable(DATABASE_URL);
const bouncer = noBouncer ? null : await startPgBouncer(DATABASE_URL, CONCURRENCY);
if (bouncer)
  ways.push({ name: 'PgBouncer (transaction)', url: bouncer.url, pooler: 'transaction' });
else console.log(`# the PgBouncer way is skipped: ${noBouncer}`);

const opened = [];
try {
  for (const way of ways) opened.push(await open(way));
  const totals = { select1: SELECTS, checkouts: CHECKOUTS, views: VIEWS };
  for (const load of ['select1', 'checkouts', 'views']) {
    const perSlice = Math.max(1, Math.floor(totals[load] / SLICES));
    for (let slice = 0; slice < SLICES; slice++) {
      // A rotating order: no way always runs first (or right after another's commits).
      for (let i = 0; i < opened.length; i++) {
        const way = opened[(slice + i) % opened.length];
        const before = way.counter.statements;
        way.rates[load].push(await perSecond(perSlice, way.loads[load]));
        way.statements[load] += (way.counter.statements - before) / perSlice / SLICES;
      }
    }
  }
} finally {
  for (const way of opened) await way.close();
  await bouncer?.stop();
}

console.log(
  `\nThrough a transaction pooler (issue 24.3): ${CHECKOUTS} checkouts, ${VIEWS} finish views ` +
    `and ${SELECTS} SELECT 1 per way, ${CONCURRENCY} at once, in ${SLICES} slices taken in turn`,
);
console.log(
  `node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
const [baseline] = opened;
/** The median of the ratios of slices run side by side with the baseline's. */
const pairedRatio = (way, load) =>
  `${median(way.rates[load].map((rate, i) => rate / baseline.rates[load][i])).toFixed(2)}×`;
const perSec = (way, load) => median(way.rates[load]).toFixed(0);
table(
  [
    'way',
    'SELECT 1/s',
    'vs named',
    'checkouts/s',
    'vs named',
    'statements/s',
    'finish views/s',
    'vs named',
  ],
  opened.map((way) => [
    way.name,
    perSec(way, 'select1'),
    pairedRatio(way, 'select1'),
    perSec(way, 'checkouts'),
    pairedRatio(way, 'checkouts'),
    (median(way.rates.checkouts) * way.statements.checkouts).toFixed(0),
    perSec(way, 'views'),
    pairedRatio(way, 'views'),
  ]),
);
console.log(
  `\n${baseline.statements.checkouts.toFixed(1)} statements per checkout, ` +
    `${baseline.statements.views.toFixed(1)} per finish view (so finish views/s = statements/s).`,
);
