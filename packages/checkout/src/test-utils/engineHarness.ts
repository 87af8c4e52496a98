// What the engine's tests share: a real store (PGlite, and Postgres when TEST_DATABASE_URL
// is set) in a schema of its own per test, frozen at 31 January 2031 12:00 UTC; the test
// provider on the same database; payment-method ids of the test cards; a posted form.

import { randomBytes } from 'node:crypto';
import { pgBouncerUnavailable, startPgBouncer } from '../../../../scripts/pgBouncer.mjs';
import {
  type CheckoutEngineOptions,
  createCheckoutEngine,
} from '../engine/createCheckoutEngine.js';
import { TEST_CARDS } from '../providers/test/testCards.js';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../providers/test/testPaymentProvider.js';
import { createCheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import { createPgliteClient } from '../store/pgliteClient.js';
import { createPostgresClient } from '../store/postgresClient.js';
import { createSqlStore } from '../store/sql/createSqlStore.js';
import type { CheckoutStore, SqlClient } from '../store/types.js';
import type { FinishView, PlanStepState, SubmitResult } from '../views/types.js';
import { makeCatalog } from './factories.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The last day of January, so "one month later" must clamp to 28 February. */
export const START = new Date('2031-01-31T12:00:00.000Z');

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The databases the engine's tests run on. */
export const databases: { name: string; postgres: boolean; open: () => Promise<SqlClient> }[] = [
  { name: 'PGlite', postgres: false, open: () => createPgliteClient() },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'Postgres',
          postgres: true,
          open: () => createPostgresClient({ connectionString: TEST_DATABASE_URL, max: 20 }),
        },
      ]
    : []),
];

/**
 * Why the engine cannot be tested through PgBouncer here, or null (issue 24.3: PgBouncer
 * in transaction mode, started by the test, in front of TEST_DATABASE_URL's server).
 */
export const pgBouncerSkipReason = pgBouncerUnavailable(TEST_DATABASE_URL);

/** PostgreSQL through a PgBouncer of the test's own; closing the client stops it. */
export const throughPgBouncer: typeof databases = pgBouncerSkipReason
  ? []
  : [
      {
        name: 'Postgres through PgBouncer',
        postgres: true,
        async open() {
          const bouncer = await startPgBouncer(TEST_DATABASE_URL ?? '');
          const client = await createPostgresClient({
            connectionString: bouncer.url,
            max: 20,
            pooler: 'transaction',
          });
          return {
            query: client.query,
            transaction: client.transaction,
            async close() {
              await client.close();
              await bouncer.stop();
            },
          };
        },
      },
    ];

export const routes = createCheckoutRoutes();
export const newKey = () => randomBytes(18).toString('base64url');
/** The visitor of most tests: one address, one browser. */
export const visitor = { clientAddress: '203.0.113.7', visitorToken: 'token-a' };

/** A posted form; `idempotencyKey` is always there (possibly empty). */
export type Post = Record<string, string> & { idempotencyKey: string };

/** Payment-method ids of the test cards, made at the test processor. */
export type Cards = Record<keyof typeof TEST_CARDS, string>;

export function expectRedirect(result: SubmitResult): { location: string; sessionId: string } {
  if (result.kind !== 'redirect') {
    throw new Error(`expected a redirect, got state ${JSON.stringify(result.state)}`);
  }
  return result;
}

export function expectState(result: SubmitResult): PlanStepState {
  if (result.kind !== 'state') throw new Error(`expected a state, got ${result.location}`);
  return result.state;
}

export function receiptOf(view: FinishView) {
  if (!('receipt' in view)) throw new Error(`expected a receipt, got ${view.status}`);
  return view.receipt;
}

/** A request to the test processor's pages, as the buyer's browser on the host sends it. */
export function processorRequest(path: string, form?: Record<string, string>): Request {
  return new Request(
    `http://127.0.0.1${path}`,
    form ? { method: 'POST', body: new URLSearchParams(form) } : {},
  );
}

/**
 * Registers the hooks of one database's engine tests and returns the harness. Call it in a
 * `describe.each(databases)` block.
 */
export function useEngineHarness(database: (typeof databases)[number]) {
  let client: SqlClient;
  let schema = '';
  let store: CheckoutStore;
  let cards: Cards;

  beforeAll(async () => {
    client = await database.open();
  });
  afterAll(async () => {
    await client.close();
  });
  beforeEach(async () => {
    schema = `engine_test_${randomBytes(6).toString('hex')}`;
    store = createSqlStore(client, { schema });
    await store.migrate();
    // One clock: the store's. Frozen, so dates in assertions are exact.
    await store.clock.travel(START, { freeze: true });
    const maker = createTestPaymentProvider({ ledger: client, schema });
    const made: Partial<Cards> = {};
    for (const [name, number] of Object.entries(TEST_CARDS)) {
      const method = await maker.processor.createPaymentMethod({
        number,
        expiry: '12/39',
        cvc: name === 'amex' ? '1234' : '123',
      });
      if ('errors' in method) throw new Error(`test card ${name} refused`);
      made[name as keyof Cards] = method.id;
    }
    cards = made as Cards;
  });
  afterEach(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  return {
    get client() {
      return client;
    },
    get store() {
      return store;
    },
    get cards() {
      return cards;
    },
    /** A valid starter-plan post from Germany paying with 4242…; override any field. */
    post(overrides: Record<string, string> = {}): Post {
      return {
        plan: 'starter',
        idempotencyKey: newKey(),
        interval: 'monthly',
        currency: 'EUR',
        seats: '',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        country: 'DE',
        promo: '',
        paymentMethod: cards.success,
        ...overrides,
      };
    },
    /** An engine with a captured logger and the test provider, on the store's clock. */
    setup(
      overrides: Partial<CheckoutEngineOptions> & {
        webhookUrl?: string;
        provider?: TestPaymentProvider;
      } = {},
    ) {
      const logs: unknown[][] = [];
      const logger = {
        error: (...args: unknown[]) => logs.push(['error', ...args]),
        warn: (...args: unknown[]) => logs.push(['warn', ...args]),
        info: (...args: unknown[]) => logs.push(['info', ...args]),
      };
      const { webhookUrl, provider: given, ...options } = overrides;
      const provider =
        given ??
        createTestPaymentProvider({ ledger: client, schema, webhookUrl, merchantName: 'Acme' });
      const engine = createCheckoutEngine({
        catalog: makeCatalog(),
        store,
        provider,
        routes,
        logger,
        merchantName: 'Acme',
        secret: 'test-secret-of-16-chars',
        ...options,
      });
      const ledger = provider.processor.ledger;
      return {
        engine,
        provider,
        logs,
        /** Payments that took money. */
        paid: () => ledger.countSucceeded('payment'),
        /** Payments the processor was asked to take (whatever came of them). */
        attempts: () => ledger.count('payment'),
      };
    },
    /** Moves the store's (frozen) clock on; the engine follows it. */
    async advance(ms: number): Promise<void> {
      const now = await store.clock.now();
      await store.clock.travel(new Date(now.getTime() + ms), { freeze: true });
    },
    /** The test's own schema (the store's and the test processor's tables). */
    get schema() {
      return schema;
    },
    async countRows(table: string): Promise<number> {
      const { rows } = await client.query<{ n: number | string }>(
        `SELECT count(*)::int AS n FROM "${schema}".${table}`,
      );
      return Number(rows[0]?.n);
    },
  };
}
