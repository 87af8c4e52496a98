import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Quote } from '../pricing/quote.js';
import { createSqlStore } from './createSqlStore.js';
import { applyMigrations, migrations } from './migrations.js';
import { openCheckoutStore } from './openCheckoutStore.js';
import { createPgliteClient } from './pgliteClient.js';
import { createPostgresClient } from './postgresClient.js';
import type {
  CheckoutSession,
  CheckoutStore,
  CompletionRecord,
  NewSession,
  SessionSelection,
  SqlClient,
} from './types.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;

// ---------------------------------------------------------------- fixtures

function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    planId: 'team',
    interval: 'monthly',
    currency: 'EUR',
    seats: 5,
    unitAmount: 1200,
    subtotal: 6000,
    discount: 1200,
    tax: 912,
    total: 5712,
    dueToday: 5712,
    taxRateBasisPoints: 1900,
    taxInclusive: false,
    promoCode: 'LAUNCH20',
    percentOff: 20,
    trialDays: null,
    ...overrides,
  };
}

function makeSelection(overrides: Partial<SessionSelection> = {}): SessionSelection {
  return {
    planId: 'team',
    interval: 'monthly',
    currency: 'EUR',
    seats: 5,
    country: 'DE',
    promoCode: 'LAUNCH20',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    amountDue: 5712,
    quote: makeQuote(),
    ...overrides,
  };
}

function makeNewSession(overrides: Partial<NewSession> = {}): NewSession {
  return {
    ...makeSelection(),
    id: `cs_${crypto.randomUUID().replaceAll('-', '')}`,
    idempotencyKey: `key_${crypto.randomUUID()}`,
    visitorHash: 'visitor-hash',
    expiresAt: new Date(Date.now() + 30 * MINUTE),
    ...overrides,
  };
}

function makeCompletion(session: CheckoutSession, now: Date): CompletionRecord {
  return {
    providerPaymentId: 'pay_123',
    order: {
      reference: `PK-${session.id.slice(-8).toUpperCase()}`,
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      currency: session.currency,
      subtotal: session.quote.subtotal,
      discount: session.quote.discount,
      tax: session.quote.tax,
      total: session.quote.total,
      amountPaid: session.amountDue,
      email: session.email,
      providerPaymentId: 'pay_123',
    },
    subscription: {
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 60 * MINUTE),
      trialEnd: null,
      email: session.email,
    },
  };
}

function randomSchema(): string {
  return `plankit_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

async function countRows(client: SqlClient, table: string, sessionId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------- the suite, once per database

interface Variant {
  name: 'pglite' | 'postgres';
  available: boolean;
  connect: (max?: number) => Promise<SqlClient>;
}

const variants: Variant[] = [
  { name: 'pglite', available: true, connect: () => createPgliteClient() },
  {
    name: 'postgres',
    available: Boolean(TEST_DATABASE_URL),
    connect: (max = 10) => createPostgresClient({ connectionString: TEST_DATABASE_URL ?? '', max }),
  },
];

describe.each(variants)('checkout store on $name', (variant) => {
  describe.skipIf(!variant.available)('in its own schema', () => {
    let client: SqlClient;
    let store: CheckoutStore;
    let schema: string;
    const extraSchemas: string[] = [];

    beforeAll(async () => {
      client = await variant.connect();
      schema = randomSchema();
      store = createSqlStore(client, { schema });
      await store.migrate();
    });

    afterAll(async () => {
      if (!client) return;
      for (const name of [schema, ...extraSchemas]) {
        await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      }
      await client.close();
    });

    /** A migrated store in a schema of its own, for tests that count across all rows. */
    async function freshStore(): Promise<CheckoutStore> {
      const name = randomSchema();
      extraSchemas.push(name);
      const fresh = createSqlStore(client, { schema: name });
      await fresh.migrate();
      return fresh;
    }

    async function claimed(now = new Date()): Promise<CheckoutSession> {
      const { session } = await store.createOrGetSession(makeNewSession());
      const result = await store.claimForPayment(session.id, makeSelection(), now, now);
      if (!result) throw new Error('fixture: claim failed');
      return result;
    }

    describe('SQL client adapter', () => {
      it('reports affected rows and rolls a failed transaction back', async () => {
        await client.query(`CREATE TABLE "${schema}".scratch (n integer PRIMARY KEY)`);
        const insert = await client.query(`INSERT INTO "${schema}".scratch VALUES (1), (2), (3)`);
        expect(insert.affectedRows).toBe(3);
        await expect(
          client.transaction(async (tx) => {
            await tx.query(`DELETE FROM "${schema}".scratch`);
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${schema}".scratch`,
        );
        expect(rows[0]?.n).toBe(3);
        const committed = await client.transaction(async (tx) => {
          const { affectedRows } = await tx.query(`DELETE FROM "${schema}".scratch WHERE n > 1`);
          return affectedRows;
        });
        expect(committed).toBe(2);
      });
    });

    describe('migrations', () => {
      it('are idempotent: a second run applies nothing', async () => {
        await store.migrate();
        expect(await applyMigrations(client, schema)).toEqual([]);
        const { rows } = await client.query<{ version: number }>(
          `SELECT version FROM "${schema}".schema_migrations ORDER BY version`,
        );
        expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
      });

      it('are safe when several callers start at once on a new schema', async () => {
        const name = randomSchema();
        extraSchemas.push(name);
        const results = await Promise.all(
          Array.from({ length: 5 }, () => applyMigrations(client, name)),
        );
        // Exactly one caller applied each version; the others found nothing to do.
        expect(results.flat().sort()).toEqual(migrations.map((m) => m.version));
        const fresh = createSqlStore(client, { schema: name });
        await expect(fresh.migrate()).resolves.toBeUndefined();
      });

      it('refuse a schema name that is not a plain identifier', () => {
        expect(() => createSqlStore(client, { schema: 'plankit"; DROP TABLE x; --' })).toThrow(
          /Invalid schema name/,
        );
        expect(() => createSqlStore(client, { schema: 'Plankit' })).toThrow(/Invalid schema/);
      });
    });

    describe('a visitor submits twice with the same idempotency key', () => {
      it('creates the session once and returns it both times', async () => {
        const input = makeNewSession();
        const first = await store.createOrGetSession(input);
        const second = await store.createOrGetSession({ ...input, id: 'cs_other', seats: 9 });
        expect(first.created).toBe(true);
        expect(second.created).toBe(false);
        expect(second.session.id).toBe(input.id);
        expect(second.session.seats).toBe(5);
        expect(await store.getSession('cs_other')).toBeNull();
      });

      it('stores every field and reads it back as typed values', async () => {
        const input = makeNewSession({ promoCode: null, visitorHash: null });
        const { session } = await store.createOrGetSession(input);
        expect(session).toMatchObject({
          id: input.id,
          idempotencyKey: input.idempotencyKey,
          status: 'open',
          attempt: 0,
          nextAction: null,
          planId: 'team',
          interval: 'monthly',
          currency: 'EUR',
          seats: 5,
          country: 'DE',
          promoCode: null,
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          amountDue: 5712,
          quote: makeQuote(),
          providerPaymentId: null,
          failureCode: null,
          failureMessage: null,
          visitorHash: null,
        });
        expect(typeof session.amountDue).toBe('number');
        expect(session.createdAt).toBeInstanceOf(Date);
        expect(session.updatedAt).toBeInstanceOf(Date);
        expect(session.expiresAt.getTime()).toBe(input.expiresAt.getTime());
        expect(await store.getSession(input.id)).toEqual(session);
        expect(await store.getSessionByIdempotencyKey(input.idempotencyKey)).toEqual(session);
      });

      it('answers null for an unknown session', async () => {
        expect(await store.getSession('cs_missing')).toBeNull();
        expect(await store.getSessionByIdempotencyKey('key_missing')).toBeNull();
        expect(await store.getOrderBySession('cs_missing')).toBeNull();
        expect(await store.getSubscriptionBySession('cs_missing')).toBeNull();
      });
    });

    describe('claiming a session for payment', () => {
      it('moves open to processing, counts the attempt and stores the new selection', async () => {
        const { session } = await store.createOrGetSession(makeNewSession());
        const now = new Date();
        const selection = makeSelection({ seats: 7, amountDue: 7997, promoCode: null });
        const result = await store.claimForPayment(session.id, selection, now, now);
        expect(result).toMatchObject({
          status: 'processing',
          attempt: 1,
          seats: 7,
          amountDue: 7997,
          promoCode: null,
        });
        expect(result?.updatedAt.getTime()).toBe(now.getTime());
      });

      it('refuses a session another caller is processing', async () => {
        const session = await claimed();
        const now = new Date();
        const staleBefore = new Date(now.getTime() - 5 * MINUTE);
        expect(
          await store.claimForPayment(session.id, makeSelection(), now, staleBefore),
        ).toBeNull();
      });

      it('refuses a complete session', async () => {
        const now = new Date();
        const session = await claimed(now);
        await store.completeSession(
          session.id,
          makeCompletion(session, now),
          now,
          session.claimToken,
        );
        const later = new Date(now.getTime() + 60 * MINUTE);
        expect(await store.claimForPayment(session.id, makeSelection(), now, later)).toBeNull();
      });

      it('refuses a session past its expiry, whether or not it was swept yet', async () => {
        const now = new Date();
        const { session } = await store.createOrGetSession(
          makeNewSession({ expiresAt: new Date(now.getTime() - MINUTE) }),
        );
        expect(await store.claimForPayment(session.id, makeSelection(), now, now)).toBeNull();
        const fresh = await freshStore();
        const { session: other } = await fresh.createOrGetSession(
          makeNewSession({ expiresAt: new Date(now.getTime() - MINUTE) }),
        );
        expect(await fresh.expireStaleSessions(now)).toBe(1);
        const beforeExpiry = new Date(now.getTime() - 2 * MINUTE);
        expect(
          await fresh.claimForPayment(other.id, makeSelection(), beforeExpiry, beforeExpiry),
        ).toBeNull();
        expect((await fresh.getSession(other.id))?.status).toBe('expired');
      });

      it('refuses an unknown session', async () => {
        const now = new Date();
        expect(await store.claimForPayment('cs_missing', makeSelection(), now, now)).toBeNull();
      });
    });

    describe('a worker died while processing (stale processing)', () => {
      it('is reclaimed without a new attempt and with the stuck selection', async () => {
        const t0 = new Date();
        const session = await claimed(t0);
        const t10 = new Date(t0.getTime() + 10 * MINUTE);
        const t5 = new Date(t0.getTime() + 5 * MINUTE);
        const reclaimed = await store.claimForPayment(
          session.id,
          makeSelection({ seats: 9, amountDue: 1 }),
          t10,
          t5,
        );
        expect(reclaimed).toMatchObject({ status: 'processing', attempt: 1, seats: 5 });
        expect(reclaimed?.amountDue).toBe(session.amountDue);
        // Reclaiming refreshed updated_at: a second reclaimer with the same view loses.
        expect(await store.claimForPayment(session.id, makeSelection(), t10, t5)).toBeNull();
      });

      it('is not reclaimed while the provider waits for the visitor', async () => {
        const t0 = new Date();
        const session = await claimed(t0);
        await store.markActionRequired(session.id, 'pay_3ds', session.claimToken);
        const t60 = new Date(t0.getTime() + 60 * MINUTE);
        expect(await store.claimForPayment(session.id, makeSelection(), t60, t60)).toBeNull();
      });
    });

    describe('a session made without JavaScript', () => {
      it('is bound to the first browser that opens it, and only the first', async () => {
        const { session } = await store.createOrGetSession(makeNewSession({ visitorHash: null }));
        expect((await store.bindVisitor(session.id, 'hash-first'))?.visitorHash).toBe('hash-first');
        expect((await store.bindVisitor(session.id, 'hash-second'))?.visitorHash).toBe(
          'hash-first',
        );
        expect(await store.bindVisitor('cs_missing', 'hash')).toBeNull();
      });
    });

    describe('a slow request and the one that took its session over', () => {
      it('only the holder of the current claim records the outcome', async () => {
        const t0 = new Date();
        const slow = await claimed(t0);
        // Three minutes later the session counts as abandoned and another request takes it.
        const t3 = new Date(t0.getTime() + 3 * MINUTE);
        const takeover = await store.claimForPayment(slow.id, makeSelection(), t3, t3);
        expect(takeover?.claimToken).toBeTruthy();
        expect(takeover?.claimToken).not.toBe(slow.claimToken);

        // The slow request's provider call finally throws; it must not fail the session...
        const failure = { code: 'outcome_unknown', message: 'timeout', providerPaymentId: null };
        expect(await store.failSession(slow.id, failure, slow.claimToken)).toBeNull();
        expect(await store.markActionRequired(slow.id, 'pay_x', slow.claimToken)).toBeNull();
        expect(
          await store.completeSession(slow.id, makeCompletion(slow, t3), t3, slow.claimToken),
        ).toBeNull();
        // ...while the request holding the claim completes it, once.
        const done = await store.completeSession(
          slow.id,
          makeCompletion(slow, t3),
          t3,
          takeover?.claimToken ?? null,
        );
        expect(done?.status).toBe('complete');
        expect(await store.getOrderBySession(slow.id)).not.toBeNull();
      });
    });

    describe('completing a paid session', () => {
      it('writes exactly one order and one subscription; a second completion gets null', async () => {
        const now = new Date();
        const session = await claimed(now);
        const record = makeCompletion(session, now);
        const done = await store.completeSession(session.id, record, now, session.claimToken);
        expect(done).toMatchObject({ status: 'complete', providerPaymentId: 'pay_123' });

        const order = await store.getOrderBySession(session.id);
        expect(order).toMatchObject({ ...record.order, sessionId: session.id });
        expect(order?.createdAt.getTime()).toBe(now.getTime());
        const subscription = await store.getSubscriptionBySession(session.id);
        expect(subscription).toMatchObject({
          ...record.subscription,
          sessionId: session.id,
          orderId: order?.id,
        });

        expect(await store.completeSession(session.id, record, now, session.claimToken)).toBeNull();
        expect(await countRows(client, `"${schema}".orders`, session.id)).toBe(1);
        expect(await countRows(client, `"${schema}".subscriptions`, session.id)).toBe(1);
      });

      it('stores a trial subscription with its end date', async () => {
        const now = new Date();
        const session = await claimed(now);
        const record = makeCompletion(session, now);
        const trialEnd = new Date(now.getTime() + 14 * 24 * 60 * MINUTE);
        record.subscription = { ...record.subscription, status: 'trialing', trialEnd };
        await store.completeSession(session.id, record, now, session.claimToken);
        const subscription = await store.getSubscriptionBySession(session.id);
        expect(subscription?.status).toBe('trialing');
        expect(subscription?.trialEnd?.getTime()).toBe(trialEnd.getTime());
      });

      it('writes nothing for a session that is not processing', async () => {
        const now = new Date();
        const { session } = await store.createOrGetSession(makeNewSession());
        expect(
          await store.completeSession(
            session.id,
            makeCompletion(session, now),
            now,
            session.claimToken,
          ),
        ).toBeNull();
        expect(await store.getOrderBySession(session.id)).toBeNull();
        expect((await store.getSession(session.id))?.status).toBe('open');
      });
    });

    describe('a declined card, then a retry', () => {
      it('records the failure and lets the visitor pay again as attempt 2', async () => {
        const now = new Date();
        const session = await claimed(now);
        const failed = await store.failSession(
          session.id,
          {
            code: 'card_declined',
            message: 'Your card was declined.',
            providerPaymentId: 'pay_declined',
          },
          session.claimToken,
        );
        expect(failed).toMatchObject({
          status: 'failed',
          failureCode: 'card_declined',
          failureMessage: 'Your card was declined.',
          providerPaymentId: 'pay_declined',
        });
        expect(
          await store.failSession(
            session.id,
            { code: 'x', message: 'x', providerPaymentId: null },
            session.claimToken,
          ),
        ).toBeNull();

        const retry = await store.claimForPayment(session.id, makeSelection(), now, now);
        expect(retry).toMatchObject({
          status: 'processing',
          attempt: 2,
          failureCode: null,
          failureMessage: null,
          providerPaymentId: null,
        });
      });
    });

    describe('the card asks for authentication', () => {
      it('marks only a processing session, which can then complete', async () => {
        const now = new Date();
        const { session: open } = await store.createOrGetSession(makeNewSession());
        expect(await store.markActionRequired(open.id, 'pay_3ds', open.claimToken)).toBeNull();

        const session = await claimed(now);
        const waiting = await store.markActionRequired(session.id, 'pay_3ds', session.claimToken);
        expect(waiting).toMatchObject({
          status: 'processing',
          nextAction: 'authenticate',
          providerPaymentId: 'pay_3ds',
        });
        const done = await store.completeSession(
          session.id,
          makeCompletion(session, now),
          now,
          session.claimToken,
        );
        expect(done).toMatchObject({ status: 'complete', nextAction: null });
      });
    });

    describe('sweeping expired sessions', () => {
      it('expires open and failed sessions past their expiry, and nothing else', async () => {
        const fresh = await freshStore();
        const now = new Date();
        const past = new Date(now.getTime() - MINUTE);
        const { session: openPast } = await fresh.createOrGetSession(
          makeNewSession({ expiresAt: past }),
        );
        const { session: openFuture } = await fresh.createOrGetSession(makeNewSession());
        const { session: toFail } = await fresh.createOrGetSession(makeNewSession());
        const { session: toProcess } = await fresh.createOrGetSession(makeNewSession());
        const earlier = new Date(now.getTime() - 40 * MINUTE);
        const failing = await fresh.claimForPayment(toFail.id, makeSelection(), earlier, earlier);
        await fresh.failSession(
          toFail.id,
          { code: 'c', message: 'm', providerPaymentId: null },
          failing?.claimToken ?? null,
        );
        await fresh.claimForPayment(toProcess.id, makeSelection(), earlier, earlier);

        const sweepAt = new Date(now.getTime() + 31 * MINUTE);
        const inTime = await fresh.createOrGetSession(
          makeNewSession({ expiresAt: new Date(now.getTime() + 60 * MINUTE) }),
        );
        expect(await fresh.expireStaleSessions(sweepAt)).toBe(3);
        expect((await fresh.getSession(openPast.id))?.status).toBe('expired');
        expect((await fresh.getSession(openFuture.id))?.status).toBe('expired');
        expect((await fresh.getSession(toFail.id))?.status).toBe('expired');
        expect((await fresh.getSession(toProcess.id))?.status).toBe('processing');
        expect((await fresh.getSession(inTime.session.id))?.status).toBe('open');
        expect(await fresh.expireStaleSessions(sweepAt)).toBe(0);
      });
    });

    describe('counting payment failures (card-testing defence)', () => {
      it('counts per session and per client inside the window only', async () => {
        const now = new Date();
        const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
        const a = `cs_a_${crypto.randomUUID()}`;
        const b = `cs_b_${crypto.randomUUID()}`;
        const client1 = `client_${crypto.randomUUID()}`;
        await store.recordPaymentFailure({ sessionId: a, clientKey: client1, at: ago(120) });
        await store.recordPaymentFailure({ sessionId: a, clientKey: client1, at: ago(10) });
        await store.recordPaymentFailure({ sessionId: a, clientKey: null, at: ago(5) });
        await store.recordPaymentFailure({ sessionId: b, clientKey: client1, at: ago(1) });
        await store.recordPaymentFailure({ sessionId: b, clientKey: 'someone-else', at: ago(1) });

        expect(
          await store.countRecentFailures({ sessionId: a, clientKey: client1 }, ago(60)),
        ).toEqual({
          forSession: 2,
          forClient: 2,
          oldest: ago(10),
          overall: 4,
          oldestOverall: ago(10),
        });
        expect(await store.countRecentFailures({ sessionId: a, clientKey: null }, ago(60))).toEqual(
          { forSession: 2, forClient: 0, oldest: ago(10), overall: 4, oldestOverall: ago(10) },
        );
        expect(
          await store.countRecentFailures({ sessionId: 'cs_none', clientKey: null }, ago(60)),
        ).toEqual({
          forSession: 0,
          forClient: 0,
          oldest: null,
          overall: 4,
          oldestOverall: ago(10),
        });
      });
    });

    // PGlite runs one query at a time in one process, so racing it proves nothing: these
    // run against a real server, where the conditional updates are what keeps it right.
    describe.skipIf(variant.name !== 'postgres')('concurrent callers (real Postgres)', () => {
      it('lets exactly one of 50 concurrent claims win', async () => {
        const { session } = await store.createOrGetSession(makeNewSession());
        const now = new Date();
        const staleBefore = new Date(now.getTime() - 5 * MINUTE);
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            store.claimForPayment(session.id, makeSelection(), now, staleBefore),
          ),
        );
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        expect((await store.getSession(session.id))?.attempt).toBe(1);
      });

      it('creates one row for 50 concurrent submits with the same key', async () => {
        const key = `key_${crypto.randomUUID()}`;
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            store.createOrGetSession(makeNewSession({ idempotencyKey: key })),
          ),
        );
        expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
        expect(results.filter((r) => r.created)).toHaveLength(1);
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${schema}".checkout_sessions
            WHERE idempotency_key = $1`,
          [key],
        );
        expect(rows[0]?.n).toBe(1);
      });

      it('writes one order when two processes complete the same session at once', async () => {
        const other = await variant.connect(10);
        try {
          const storeB = createSqlStore(other, { schema });
          const now = new Date();
          const session = await claimed(now);
          const record = makeCompletion(session, now);
          const results = await Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              (i % 2 === 0 ? store : storeB).completeSession(
                session.id,
                record,
                now,
                session.claimToken,
              ),
            ),
          );
          expect(results.filter((r) => r !== null)).toHaveLength(1);
          expect(await countRows(client, `"${schema}".orders`, session.id)).toBe(1);
          expect(await countRows(client, `"${schema}".subscriptions`, session.id)).toBe(1);
        } finally {
          await other.close();
        }
      });

      it('migrates one schema from two processes at once', async () => {
        const other = await variant.connect(10);
        const name = randomSchema();
        extraSchemas.push(name);
        try {
          const results = await Promise.all([
            applyMigrations(client, name),
            applyMigrations(other, name),
            applyMigrations(client, name),
            applyMigrations(other, name),
          ]);
          expect(results.flat()).toEqual(migrations.map((m) => m.version));
        } finally {
          await other.close();
        }
      });
    });
  });
});

// ---------------------------------------------------------------- opening a store

describe('openCheckoutStore', () => {
  it('keeps PGlite data in its folder across restarts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'plankit-store-'));
    const dataDir = join(root, 'nested', 'db');
    try {
      const first = await openCheckoutStore({ dataDir });
      expect(first.kind).toBe('pglite');
      const input = makeNewSession();
      await first.store.createOrGetSession(input);
      const now = new Date();
      await first.store.claimForPayment(input.id, makeSelection(), now, now);
      await first.store.close();

      const second = await openCheckoutStore({ dataDir });
      try {
        expect(await applyMigrations(second.client, 'plankit')).toEqual([]);
        expect(await second.store.getSession(input.id)).toMatchObject({
          id: input.id,
          status: 'processing',
          attempt: 1,
          quote: makeQuote(),
        });
      } finally {
        await second.store.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('uses Postgres when a database URL is given', async () => {
    const schema = randomSchema();
    const { store, client, kind } = await openCheckoutStore({
      databaseUrl: TEST_DATABASE_URL,
      schema,
    });
    try {
      expect(kind).toBe('postgres');
      const { created } = await store.createOrGetSession(makeNewSession());
      expect(created).toBe(true);
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await store.close();
    }
  });
});
