#!/usr/bin/env node
// Issue 24, item 1: how soon `order.paid` leaves after the paying commit, and how many store
// statements an idle host makes, with the store announcing new events (LISTEN/NOTIFY) and,
// as the baseline measured in the same run, with the delivery timer alone (2 s ticks).
//
//   node bench/delivery.mjs [--checkouts 40] [--idle 150] [--build] [--only pglite|postgres]
//                           [--smoke]
//
// For each store and mode: an engine with the test provider and a webhook to a receiver in
// this process, started as a host starts it; checkouts one after another, a random 50–400 ms
// apart; the lag of each `order.paid` is its arrival minus the event's `createdAt` (the
// commit's time on the store's clock, the same machine's clock). Then the engine sits idle
// for --idle seconds (2.5 minutes by default: the engine looks at the store's schedule once
// a minute) and every statement and transaction it sends is counted (a counting client under
// the store, not pg_stat_statements: it sees exactly this engine's statements, on PGlite
// too); the idle statements are printed, grouped by their first words. Prints p50/p90 of the lag and statements per idle minute, and
// PASS/FAIL for the targets (p50 < 200 ms; at most 2 statements per idle minute).
// --smoke (npm test): 3 checkouts and 2 idle seconds, PGlite and (with TEST_DATABASE_URL)
// Postgres; nothing is judged.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackageBuilt, importDist } from './lib/checkoutPackage.mjs';
import { args, ms, ratio, summary, table } from './lib/stats.mjs';

const opts = args();
const SMOKE = opts.smoke === true;
const CHECKOUTS = Number(opts.checkouts ?? (SMOKE ? 3 : 40));
const IDLE_SECONDS = Number(opts.idle ?? (SMOKE ? 2 : 150));
const DATABASE_URL = SMOKE
  ? process.env.TEST_DATABASE_URL || null
  : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = typeof opts.only === 'string' ? opts.only : null;

ensurePackageBuilt({ force: opts.build === true });
const server = await importDist('server.js');
const { createCheckoutRoutes } = await importDist('routes/createCheckoutRoutes.js');

const catalog = server.parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

/** A webhook receiver: when each event id arrived (no signature check: not what is timed). */
async function startReceiver() {
  const arrivals = new Map();
  const http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const at = Date.now();
      try {
        const event = JSON.parse(body);
        arrivals.set(request.headers['webhook-id'], { at, event });
      } catch {}
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/hook`,
    arrivals,
    close: () => new Promise((resolve) => http.close(resolve)),
  };
}

/** Counts what the store sends while `counting` is on. */
function counting(client) {
  const counts = { statements: 0, on: false, kinds: new Map() };
  const note = (text) => {
    if (!counts.on) return;
    counts.statements++;
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 60);
    counts.kinds.set(kind, (counts.kinds.get(kind) ?? 0) + 1);
  };
  const wrap = (target) => async (text, params) => {
    note(text);
    return target.query(text, params);
  };
  return {
    counts,
    client: {
      query: wrap(client),
      transaction: (fn) => {
        note('BEGIN … COMMIT (a transaction)');
        return client.transaction((tx) => fn({ query: wrap(tx) }));
      },
      close: () => client.close(),
      ...(client.listen ? { listen: (...a) => client.listen(...a) } : {}),
    },
  };
}

const sleep = (msDelay) => new Promise((resolve) => setTimeout(resolve, msDelay));

async function run(storeName, openClient, schema, listen) {
  const raw = await openClient();
  const { counts, client } = counting(raw);
  const store = server.createSqlStore(client, { schema });
  await store.migrate();
  // The baseline: the same store without its announcements, as before issue 24.1.
  const engineStore = listen ? store : { ...store, watchEvents: undefined };
  const receiver = await startReceiver();
  const provider = server.createTestPaymentProvider({ ledger: client, schema });
  const engine = server.createCheckoutEngine({
    catalog,
    store: engineStore,
    provider,
    routes: createCheckoutRoutes(),
    webhook: { url: receiver.url, secret: `whsec_${randomBytes(24).toString('base64')}` },
    logger: { error: console.error, warn: () => {}, info: () => {} },
  });
  engine.start();
  await sleep(1500);
  const lags = [];
  try {
    for (let i = 0; i < CHECKOUTS; i++) {
      const method = await provider.processor.createPaymentMethod({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      });
      const result = await engine.submitPlanStep(
        {
          plan: 'starter',
          idempotencyKey: randomBytes(18).toString('base64url'),
          interval: 'monthly',
          currency: 'EUR',
          email: 'bench@example.com',
          name: 'Bench Mark',
          country: 'DE',
          paymentMethod: method.id,
        },
        { clientAddress: '127.0.0.1', visitorToken: 'bench-visitor' },
      );
      if (result.kind !== 'redirect') throw new Error(`checkout ${i} was not paid`);
      await sleep(50 + Math.random() * 350);
    }
    const deadline = Date.now() + 10_000;
    const paid = () => [...receiver.arrivals.values()].filter((a) => a.event.type === 'order.paid');
    while (paid().length < CHECKOUTS && Date.now() < deadline) await sleep(50);
    for (const { at, event } of paid()) lags.push(at - Date.parse(event.timestamp));
    if (lags.length < CHECKOUTS) {
      throw new Error(`${storeName}: ${lags.length} of ${CHECKOUTS} order.paid arrived`);
    }
    // Idle: nothing happens but the engine's own timers.
    await sleep(2_000);
    counts.on = true;
    await sleep(IDLE_SECONDS * 1000);
    counts.on = false;
  } finally {
    await engine.stop();
    await receiver.close();
  }
  return {
    raw,
    lag: summary(lags),
    idlePerMinute: (counts.statements / IDLE_SECONDS) * 60,
    idleKinds: counts.kinds,
  };
}

const results = [];
async function bench(storeName, openClient, schema, cleanUp) {
  for (const listen of [false, true]) {
    const mode = listen ? 'LISTEN/NOTIFY' : 'timer only (baseline)';
    const { raw, lag, idlePerMinute, idleKinds } = await run(storeName, openClient, schema, listen);
    results.push({ storeName, mode, lag, idlePerMinute });
    console.log(`# ${storeName}, ${mode}: idle statements in ${IDLE_SECONDS} s`);
    for (const [kind, n] of idleKinds) console.log(`#   ${n} × ${kind}`);
    await cleanUp(raw);
  }
}

if (!only || only === 'pglite') {
  await bench(
    'PGlite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'plankit-bench-delivery-'));
      const client = await server.createPgliteClient({ dataDir });
      client.__dir = dataDir;
      return client;
    },
    'plankit',
    async (raw) => {
      await raw.close();
      rmSync(raw.__dir, { recursive: true, force: true });
    },
  );
}
if ((!only || only === 'postgres') && DATABASE_URL) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await bench(
    'PostgreSQL',
    () => server.createPostgresClient({ connectionString: DATABASE_URL }),
    schema,
    async (raw) => {
      await raw.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await raw.close();
    },
  );
} else if (!only || only === 'postgres') {
  console.log('# no PostgreSQL (TEST_DATABASE_URL / DATABASE_URL): its run is skipped');
}

console.log(
  `\n# order.paid after the paying commit (${CHECKOUTS} checkouts), and an idle host's statements`,
);
table(
  ['store', 'mode', 'p50 ms', 'p90 ms', 'max ms', 'idle statements/min'],
  results.map((r) => [
    r.storeName,
    r.mode,
    ms(r.lag.median),
    ms(r.lag.p90),
    ms(r.lag.max),
    r.idlePerMinute.toFixed(1),
  ]),
);
for (const storeName of new Set(results.map((r) => r.storeName))) {
  const [base, listen] = results.filter((r) => r.storeName === storeName);
  console.log(
    `${storeName}: p50 with LISTEN / timer only ${ratio(listen.lag.median, base.lag.median)}; ` +
      `idle statements ${ratio(listen.idlePerMinute, base.idlePerMinute)}`,
  );
  if (!SMOKE) {
    console.log(
      `  ${listen.lag.median < 200 ? 'PASS' : 'FAIL'} order.paid p50 < 200 ms (${ms(listen.lag.median)} ms)`,
    );
    console.log(
      `  ${listen.idlePerMinute <= 2 ? 'PASS' : 'FAIL'} idle host ≤ 2 statements/min (${listen.idlePerMinute.toFixed(1)})`,
    );
  }
}
