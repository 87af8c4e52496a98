#!/usr/bin/env node
// Issue 24, item 2: the store's table sizes after 10,000 checkouts, after a prune, and after
// the next 10,000: with retention, the tables stop growing (PostgreSQL reuses the space of
// deleted rows once vacuum has passed; the files do not shrink).
//
//   node bench/retention.mjs [--checkouts 10000] [--only pglite|postgres] [--build] [--smoke]
//
// Per store: an engine with the test provider and a webhook to a receiver in this process;
// --checkouts checkouts, every tenth declined first (a failed payment, then the card that
// pays) and every twentieth left unpaid to expire; every event delivered. Then the store's
// clock moves 31 days on (the test clock), `plankit prune` deletes what is past the 30-day
// retention, VACUUM runs, and the same number of checkouts again. Prints each table's rows
// and size (pg_total_relation_size) at each step. The sale (orders, subscriptions, paid
// checkouts) is never deleted, so those tables grow by design. --smoke: 20 checkouts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackageBuilt, importDist } from './lib/checkoutPackage.mjs';
import { args, kb, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const CHECKOUTS = Number(opts.checkouts ?? (SMOKE ? 20 : 10_000));
const DATABASE_URL = SMOKE
  ? process.env.TEST_DATABASE_URL || null
  : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = typeof opts.only === 'string' ? opts.only : null;
const DAY = 24 * 60 * 60 * 1000;

ensurePackageBuilt({ force: opts.build === true });
const server = await importDist('server.js');
const { createCheckoutRoutes } = await importDist('routes/createCheckoutRoutes.js');

const catalog = server.parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

const TABLES = [
  'checkout_sessions',
  'orders',
  'subscriptions',
  'events',
  'event_deliveries',
  'event_attempts',
  'event_objects',
  'payment_failures',
  'provider_events',
];

async function sizes(client, schema) {
  const rows = [];
  for (const name of TABLES) {
    const { rows: found } = await client.query(
      `SELECT (SELECT count(*) FROM "${schema}".${name})::int AS n,
        pg_total_relation_size('"${schema}".${name}')::bigint AS bytes`,
    );
    rows.push({ name, n: found[0].n, bytes: Number(found[0].bytes) });
  }
  return rows;
}

async function receiver() {
  const http = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/hook`,
    close: () => new Promise((resolve) => http.close(resolve)),
  };
}

async function run(storeName, client, schema) {
  const store = server.createSqlStore(client, { schema });
  await store.migrate();
  const hook = await receiver();
  const provider = server.createTestPaymentProvider({ ledger: client, schema });
  const engine = server.createCheckoutEngine({
    catalog,
    store,
    provider,
    routes: createCheckoutRoutes(),
    webhook: { url: hook.url, secret: `whsec_${randomBytes(24).toString('base64')}` },
    logger: { error: console.error, warn: () => {}, info: () => {} },
    // Its 1 in 7 declines would pass the shop-wide limit (100 a quarter hour) after about
    // 700 checkouts, and every checkout after would wait its 3 s slow-down.
    throttle: { overallDelayMs: 0 },
  });
  const card = async (number) =>
    (await provider.processor.createPaymentMethod({ number, expiry: '12/39', cvc: '123' })).id;
  const form = (key, paymentMethod) => ({
    plan: 'starter',
    idempotencyKey: key,
    interval: 'monthly',
    currency: 'EUR',
    email: `buyer${Math.floor(Math.random() * 1e6)}@example.com`,
    name: 'Bench Mark',
    country: 'DE',
    paymentMethod,
  });
  let visitor = 0;
  async function checkouts(count) {
    for (let i = 0; i < count; i++) {
      // A client per checkout: the card-testing limits count per client and email.
      const context = {
        clientAddress: `10.0.${(visitor >> 8) & 255}.${visitor & 255}`,
        visitorToken: `v${visitor}`,
      };
      visitor += 1;
      const key = randomBytes(18).toString('base64url');
      if (i % 20 === 19) {
        await engine.submitPlanStep(form(key, await card('4000 0000 0000 0002')), context);
        continue; // declined and left: it expires unpaid
      }
      if (i % 10 === 9) {
        await engine.submitPlanStep(form(key, await card('4000 0000 0000 0002')), context);
      }
      await engine.submitPlanStep(form(key, await card('4242 4242 4242 4242')), context);
      if (i % 200 === 199) await engine.deliverEvents();
    }
    await engine.deliverEvents();
  }
  const steps = [];
  await checkouts(CHECKOUTS);
  await engine.expireStaleSessions();
  steps.push(['after the checkouts', await sizes(client, schema)]);
  // Two days on, the unpaid checkouts have expired (a checkout is open a day); 31 days later
  // everything delivered and every checkout that ended unpaid is past its retention
  // (renewals fall due meanwhile).
  const now = await store.clock.now();
  await engine.advanceTestClock(new Date(now.getTime() + 2 * DAY));
  await engine.advanceTestClock(new Date(now.getTime() + 33 * DAY));
  await engine.deliverEvents();
  let pruned = { events: 0, sessions: 0 };
  for (;;) {
    const batch = await engine.prune();
    pruned = { events: pruned.events + batch.events, sessions: pruned.sessions + batch.sessions };
    if (Object.values(batch).every((count) => count === 0)) break;
  }
  for (const name of TABLES) await client.query(`VACUUM "${schema}".${name}`);
  steps.push([
    `after a prune (${pruned.events} events, ${pruned.sessions} sessions)`,
    await sizes(client, schema),
  ]);
  await checkouts(CHECKOUTS);
  await engine.expireStaleSessions();
  steps.push(['after as many checkouts again', await sizes(client, schema)]);
  await hook.close();
  console.log(`\n# ${storeName}: ${CHECKOUTS} checkouts (1 in 20 unpaid, 1 in 10 declined first)`);
  table(
    ['table', ...steps.map(([label]) => label)],
    TABLES.map((name, index) => [
      name,
      ...steps.map(([, rows]) => `${rows[index].n} rows, ${kb(rows[index].bytes)}`),
    ]),
  );
}

if (!only || only === 'pglite') {
  const dataDir = mkdtempSync(join(tmpdir(), 'plankit-bench-retention-'));
  const client = await server.createPgliteClient({ dataDir });
  try {
    await run('PGlite', client, 'plankit');
  } finally {
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if ((!only || only === 'postgres') && DATABASE_URL) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const client = await server.createPostgresClient({ connectionString: DATABASE_URL });
  try {
    await run('PostgreSQL', client, schema);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await client.close();
  }
} else if (!only || only === 'postgres') {
  console.log('# no PostgreSQL (TEST_DATABASE_URL / DATABASE_URL): its run is skipped');
}
