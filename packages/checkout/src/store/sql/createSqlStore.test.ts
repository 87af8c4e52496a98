import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type PgBouncer,
  pgBouncerUnavailable,
  startPgBouncer,
} from '../../../../../scripts/pgBouncer.mjs';
import { lifecycleTransitions, SESSION_STATES } from '../../lifecycle/sessionLifecycle.js';
import { describeStoreContract } from '../../testing/describeStoreContract.js';
import { makeQuote, makeStartAttempt } from '../../testing/storeFixtures.js';
import { openCheckoutStore } from '../openCheckoutStore.js';
import { createPgliteClient } from '../pgliteClient.js';
import { createPostgresClient } from '../postgresClient.js';
import type { SqlClient } from '../types.js';
import { createSqlStore } from './createSqlStore.js';
import { applyMigrations, migrations, pendingMigrations } from './migrations.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

function randomSchema(): string {
  return `plankit_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

interface Variant {
  name: 'PGlite' | 'Postgres' | 'Postgres through PgBouncer';
  /** Why it cannot run here, or null. */
  unavailable: string | null;
  connect: () => Promise<SqlClient>;
}

// Started by the first client through it, stopped after the file's tests (issue 24.3).
let bouncer: Promise<PgBouncer> | null = null;
afterAll(async () => {
  await (await bouncer)?.stop();
});

const variants: Variant[] = [
  { name: 'PGlite', unavailable: null, connect: () => createPgliteClient() },
  {
    name: 'Postgres',
    unavailable: TEST_DATABASE_URL ? null : 'needs a PostgreSQL server (TEST_DATABASE_URL)',
    connect: () => createPostgresClient({ connectionString: TEST_DATABASE_URL ?? '', max: 20 }),
  },
  {
    // Transaction pooling: each statement or transaction may run on another server
    // connection, so nothing may rely on a session (named statements, SET, advisory locks).
    name: 'Postgres through PgBouncer',
    unavailable: pgBouncerUnavailable(TEST_DATABASE_URL),
    async connect() {
      bouncer ??= startPgBouncer(TEST_DATABASE_URL ?? '');
      const { url } = await bouncer;
      return createPostgresClient({ connectionString: url, max: 20, pooler: 'transaction' });
    },
  },
];

for (const variant of variants) {
  if (variant.unavailable) {
    describe.skip(`the SQL store on ${variant.name}: ${variant.unavailable}`, () => {
      it('runs the store contract and the migration tests', () => {});
    });
    continue;
  }
  // One client for the whole file; every test gets a schema of its own.
  let shared: SqlClient | null = null;
  const client = async () => {
    shared ??= await variant.connect();
    return shared;
  };
  afterAll(async () => {
    await shared?.close();
    shared = null;
  });

  async function openInSchema(schema: string, on?: SqlClient) {
    const db = on ?? (await client());
    const store = createSqlStore(db, { schema });
    await store.migrate();
    return store;
  }

  describeStoreContract(`the SQL store on ${variant.name}`, {
    async open() {
      const schema = randomSchema();
      const store = await openInSchema(schema);
      sharedSchema = schema;
      return {
        store,
        dispose: async () => {
          await (await client()).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        },
      };
    },
    // PGlite runs one query at a time in one process, so racing it proves nothing: the
    // concurrency tests run against a real server, through a second pool.
    ...(variant.name !== 'PGlite'
      ? {
          async openSibling() {
            const other = await variant.connect();
            return {
              store: createSqlStore(other, { schema: sharedSchema }),
              dispose: () => other.close(),
            };
          },
        }
      : {}),
  });
  let sharedSchema = '';

  describe(`the SQL store on ${variant.name}: schema and migrations`, () => {
    let schema: string;
    beforeEach(() => {
      schema = randomSchema();
    });
    afterEach(async () => {
      await (await client()).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    });

    it('the client adapter reports affected rows and rolls a failed transaction back', async () => {
      const db = await client();
      await db.query(`CREATE SCHEMA "${schema}"`);
      await db.query(`CREATE TABLE "${schema}".scratch (n integer PRIMARY KEY)`);
      expect(
        (await db.query(`INSERT INTO "${schema}".scratch VALUES (1), (2), (3)`)).affectedRows,
      ).toBe(3);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`DELETE FROM "${schema}".scratch`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}".scratch`,
      );
      expect(rows[0]?.n).toBe(3);
    });

    it('migrations are idempotent: a second run applies nothing', async () => {
      const db = await client();
      await openInSchema(schema);
      expect(await applyMigrations(db, schema)).toEqual([]);
      const { rows } = await db.query<{ version: number }>(
        `SELECT version FROM "${schema}".schema_migrations ORDER BY version`,
      );
      expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    });

    it('pendingMigrations lists what the schema lacks: everything, then the later ones, then none', async () => {
      const db = await client();
      const all = migrations.map((m) => m.version);
      expect(await pendingMigrations(db, schema)).toEqual(all);
      await applyMigrations(
        db,
        schema,
        migrations.filter((m) => m.version <= 8),
      );
      expect(await pendingMigrations(db, schema)).toEqual(all.filter((v) => v > 8));
      await openInSchema(schema);
      expect(await pendingMigrations(db, schema)).toEqual([]);
    });

    it('migrations are safe when several callers start at once on a new schema', async () => {
      const db = await client();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => applyMigrations(db, schema)),
      );
      expect(results.flat().sort((a, b) => a - b)).toEqual(migrations.map((m) => m.version));
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      const db = await client();
      expect(() => createSqlStore(db, { schema: 'plankit"; DROP TABLE x; --' })).toThrow(
        /Invalid schema name/,
      );
      expect(() => createSqlStore(db, { schema: 'Plankit' })).toThrow(/Invalid schema/);
    });

    it("the status column's constraint lists exactly the lifecycle's states", async () => {
      const db = await client();
      await openInSchema(schema);
      const { rows } = await db.query<{ definition: string }>(
        `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
          JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = $1 AND t.relname = 'checkout_sessions'
            AND c.conname = 'checkout_sessions_status_check'`,
        [schema],
      );
      const listed = [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect(listed.sort()).toEqual([...SESSION_STATES].sort());
    });

    it("the database's transition table is the lifecycle's, and its trigger refuses anything else", async () => {
      const db = await client();
      const store = await openInSchema(schema);
      const { rows } = await db.query<{ event: string; from_status: string; to_status: string }>(
        `SELECT event, from_status, to_status FROM "${schema}".session_transitions`,
      );
      const stored = rows.map((r) => `${r.from_status}/${r.event}=${r.to_status}`).sort();
      expect(stored).toEqual(
        lifecycleTransitions()
          .map((r) => `${r.from}/${r.event}=${r.to}`)
          .sort(),
      );

      const { session } = await store.startAttempt(makeStartAttempt());
      // processing → open is no transition of the lifecycle: refused by the database itself.
      await expect(
        db.query(`UPDATE "${schema}".checkout_sessions SET status = 'open' WHERE id = $1`, [
          session.id,
        ]),
      ).rejects.toThrow(/forbidden checkout session transition processing -> open/);
      await expect(
        db.query(`UPDATE "${schema}".checkout_sessions SET status = 'failed' WHERE id = $1`, [
          session.id,
        ]),
      ).resolves.toMatchObject({ affectedRows: 1 });
    });

    it('every time the store keeps has milliseconds, as a JavaScript Date does (issue 20)', async () => {
      const db = await client();
      await openInSchema(schema);
      const { rows } = await db.query<{ column: string }>(
        `SELECT c.table_name || '.' || c.column_name AS column
          FROM information_schema.columns c
          WHERE c.table_schema = $1 AND c.data_type LIKE 'timestamp%'
            AND c.datetime_precision IS DISTINCT FROM 3`,
        [schema],
      );
      expect(rows.map((row) => row.column)).toEqual([]);
      const clock = await db.query<{ t: string }>(
        `SELECT to_char("${schema}".clock_now(), 'US') AS t`,
      );
      expect(clock.rows[0]?.t).toMatch(/000$/);
    });

    it('migration 9 truncates the microseconds of stored times, never rounding them up', async () => {
      const db = await client();
      await applyMigrations(
        db,
        schema,
        migrations.filter((m) => m.version <= 8),
      );
      await db.query(
        `UPDATE "${schema}".clock SET frozen_at = '2026-12-26 13:51:21.170946+00' WHERE id = 1`,
      );
      const store = await openInSchema(schema);
      expect(await store.clock.now()).toEqual(new Date('2026-12-26T13:51:21.170Z'));
    });

    it('migration 4 turns version-3 sessions into lifecycle states', async () => {
      const db = await client();
      await applyMigrations(
        db,
        schema,
        migrations.filter((m) => m.version <= 3),
      );
      const q = `"${schema}"`;
      const insert = (id: string, status: string, extra: Record<string, unknown> = {}) =>
        db.query(
          `INSERT INTO ${q}.checkout_sessions (id, idempotency_key, status, attempt, next_action,
              failure_code, plan_id, billing_interval, currency, seats, country, email, name,
              amount_due, quote, expires_at, updated_at)
            VALUES ($1, $1, $2, 1, $3, $4, 'pro', 'monthly', 'EUR', 1, 'DE', 'a@b.co', 'A', 0,
              $5::jsonb, now() + interval '1 day', now() - interval '10 minutes')`,
          [
            id,
            status,
            extra.nextAction ?? null,
            extra.failureCode ?? null,
            JSON.stringify(makeQuote()),
          ],
        );
      await insert('paid', 'complete');
      await insert('trial', 'complete');
      await insert('waiting', 'processing', { nextAction: 'authenticate' });
      await insert('unknown', 'failed', { failureCode: 'outcome_unknown' });
      await insert('declined', 'failed', { failureCode: 'card_declined' });
      for (const [id, status] of [
        ['paid', 'active'],
        ['trial', 'trialing'],
      ]) {
        await db.query(
          `INSERT INTO ${q}.orders (id, reference, session_id, plan_id, billing_interval, seats,
              currency, subtotal, discount, tax, total, amount_paid, email)
            VALUES ($1, $1, $1, 'pro', 'monthly', 1, 'EUR', 0, 0, 0, 0, 0, 'a@b.co')`,
          [id],
        );
        await db.query(
          `INSERT INTO ${q}.subscriptions (id, session_id, order_id, plan_id, billing_interval,
              seats, status, current_period_end, email)
            VALUES ($1, $1, $1, 'pro', 'monthly', 1, $2, now(), 'a@b.co')`,
          [id, status],
        );
      }
      const store = await openInSchema(schema);
      const status = async (id: string) => (await store.getSession(id))?.status;
      expect(await status('paid')).toBe('paid');
      expect(await status('trial')).toBe('trialing');
      expect(await status('waiting')).toBe('requires_action');
      expect(await status('declined')).toBe('failed');
      // An unknown outcome became an attempt nobody holds: the sweep takes it at once.
      expect(await status('unknown')).toBe('processing');
      expect((await store.claimStaleAttempts(10, 60_000)).map((s) => s.id)).toEqual(['unknown']);
    });
  });
}

describe('openCheckoutStore', () => {
  it('keeps PGlite data in its folder across restarts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'plankit-store-'));
    const dataDir = join(root, 'nested', 'db');
    try {
      const first = await openCheckoutStore({ dataDir });
      expect(first.kind).toBe('pglite');
      const input = makeStartAttempt();
      await first.store.startAttempt(input);
      await first.store.close();

      const second = await openCheckoutStore({ dataDir });
      try {
        expect(await applyMigrations(second.client, 'plankit')).toEqual([]);
        expect(await second.store.getSession(input.session.id)).toMatchObject({
          id: input.session.id,
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
      expect((await store.startAttempt(makeStartAttempt())).outcome).toBe('created');
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await store.close();
    }
  });
});
