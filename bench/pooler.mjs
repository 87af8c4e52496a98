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
// callers at once on a pool of that size, plus statements per second. Rounds alternate the
// order of the three and each keeps its best round (other work on the machine only slows).
//
//   node bench/pooler.mjs [--checkouts 300] [--views 2000] [--concurrency 8] [--rounds 2]
//                         [--build] [--smoke]
//   DATABASE_URL=postgres://… overrides the default postgres://postgres@127.0.0.1:5432/test
//
// --smoke (bench/smoke.mjs, in `npm test`): 4 checkouts and 20 views, 2 at once, 1 round;
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
import { args, ratio, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const CHECKOUTS = Number(opts.checkouts ?? (SMOKE ? 4 : 300));
const VIEWS = Number(opts.views ?? (SMOKE ? 20 : 2000));
const CONCURRENCY = Number(opts.concurrency ?? (SMOKE ? 2 : 8));
const ROUNDS = Number(opts.rounds ?? (SMOKE ? 1 : 2));
const SELECTS = SMOKE ? 20 : 4000;
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

/** One round on one way to the server: a fresh schema, the engine, then the three loads. */
async function measure(way) {
  const raw = await server.createPostgresClient({
    connectionString: way.url,
    max: CONCURRENCY,
    ...(way.pooler ? { pooler: way.pooler } : {}),
  });
  const schema = `bench_pooler_${randomBytes(6).toString('hex')}`;
  try {
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
    const cards = await tokenizedCards(provider, CHECKOUTS + warmup);
    const checkout = async () => {
      const result = await engine.submitPlanStep(starterForm(cards.pop()), benchVisitor);
      if (result.kind !== 'redirect') {
        throw new Error(`${way.name}: expected a redirect, got ${JSON.stringify(result)}`);
      }
      return result;
    };

    // Warm every pooled connection (and, for `named`, prepare the statements on it).
    await perSecond(SELECTS / 10, () => raw.query('SELECT 1'));
    const select1 = await perSecond(SELECTS, () => raw.query('SELECT 1'));
    await perSecond(warmup - 1, checkout);
    let before = counter.statements;
    const checkouts = await perSecond(CHECKOUTS, checkout);
    const checkoutStatements = (counter.statements - before) / CHECKOUTS;

    const { sessionId } = await checkout();
    const view = await engine.getFinishView(sessionId, benchVisitor);
    if (view.status !== 'paid') throw new Error(`${way.name}: the view is ${view.status}`);
    await perSecond(VIEWS / 10, () => engine.getFinishView(sessionId, benchVisitor));
    before = counter.statements;
    const views = await perSecond(VIEWS, () => engine.getFinishView(sessionId, benchVisitor));
    const viewStatements = (counter.statements - before) / VIEWS;
    return { select1, checkouts, checkoutStatements, views, viewStatements };
  } finally {
    await raw.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await raw.close();
  }
}

const ways = [
  { name: 'named (direct)', url: DATABASE_URL, pooler: null },
  { name: 'unnamed (direct)', url: DATABASE_URL, pooler: 'transaction' },
];
const noBouncer = pgBouncerUnavailable(DATABASE_URL);
const bouncer = noBouncer ? null : await startPgBouncer(DATABASE_URL, CONCURRENCY);
if (bouncer)
  ways.push({ name: 'PgBouncer (transaction)', url: bouncer.url, pooler: 'transaction' });
else console.log(`# the PgBouncer way is skipped: ${noBouncer}`);

const best = new Map();
const keepBest = (name, result) => {
  const kept = best.get(name);
  if (!kept) return best.set(name, result);
  for (const key of ['select1', 'checkouts', 'views']) kept[key] = Math.max(kept[key], result[key]);
};
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ways : [...ways].reverse();
    for (const way of order) keepBest(way.name, await measure(way));
  }
} finally {
  await bouncer?.stop();
}

console.log(
  `\nThrough a transaction pooler (issue 24.3): ${CHECKOUTS} checkouts and ${VIEWS} finish views, ` +
    `${CONCURRENCY} at once, best of ${ROUNDS} round(s)`,
);
console.log(
  `node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
const baseline = best.get(ways[0].name);
const perSec = (value) => value.toFixed(0);
table(
  [
    'way',
    'SELECT 1/s',
    'checkouts/s',
    'vs named',
    'statements/s',
    'finish views/s',
    'vs named',
    'statements/s',
  ],
  ways.map(({ name }) => {
    const r = best.get(name);
    return [
      name,
      perSec(r.select1),
      perSec(r.checkouts),
      ratio(r.checkouts, baseline.checkouts),
      perSec(r.checkouts * r.checkoutStatements),
      perSec(r.views),
      ratio(r.views, baseline.views),
      perSec(r.views * r.viewStatements),
    ];
  }),
);
console.log(
  `\n${baseline.checkoutStatements.toFixed(1)} statements per checkout, ` +
    `${baseline.viewStatements.toFixed(1)} per finish view.`,
);
