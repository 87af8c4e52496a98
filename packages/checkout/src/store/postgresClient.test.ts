// Issue 12, item 5: a database that accepts connections and never answers must fail a
// query within seconds, and the client must work again when the database is back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BlackHole, startBlackHole } from '../../../../scripts/blackHole.mjs';
import {
  type PgBouncer,
  pgBouncerUnavailable,
  startPgBouncer,
} from '../../../../scripts/pgBouncer.mjs';
import { createPostgresClient } from './postgresClient.js';
import { StoreUnavailableError } from './storeErrors.js';
import type { SqlClient } from './types.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const holes: BlackHole[] = [];
const clients: SqlClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {});
  for (const hole of holes.splice(0)) await hole.close();
});

async function hole(options?: Parameters<typeof startBlackHole>[0]): Promise<BlackHole> {
  const started = await startBlackHole(options);
  holes.push(started);
  return started;
}

async function client(options: Parameters<typeof createPostgresClient>[0]): Promise<SqlClient> {
  const created = await createPostgresClient(options);
  clients.push(created);
  return created;
}

/** How long a promise takes to settle, and with what error. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return { ms: Date.now() - started, error };
}

describe('a database server that accepts the connection and never answers', () => {
  it('fails a query after the connect timeout with store_unavailable', async () => {
    const silent = await hole();
    const db = await client({
      connectionString: `postgres://plankit@127.0.0.1:${silent.port}/plankit`,
      connectTimeoutMs: 500,
    });
    const { ms, error } = await timed(db.query('select 1'));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).code).toBe('store_unavailable');
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(3_000);
  });

  it('fails a transaction the same way, before its body runs', async () => {
    const silent = await hole();
    const db = await client({
      connectionString: `postgres://plankit@127.0.0.1:${silent.port}/plankit`,
      connectTimeoutMs: 500,
    });
    let ran = false;
    const { ms, error } = await timed(
      db.transaction(async () => {
        ran = true;
      }),
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(ran).toBe(false);
    expect(ms).toBeLessThan(3_000);
  });

  it('gives up within the defaults (a few seconds), not minutes', async () => {
    const silent = await hole();
    const db = await client({ connectionString: `postgres://p@127.0.0.1:${silent.port}/p` });
    const { ms, error } = await timed(db.query('select 1'));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(ms).toBeLessThan(5_000);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('a real PostgreSQL server (TEST_DATABASE_URL)', () => {
  const url = new URL(TEST_DATABASE_URL ?? 'postgres://localhost');
  const through = (relay: BlackHole) => {
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    return relayed.toString();
  };

  it('cancels a statement that runs past the statement timeout', async () => {
    const db = await client({ connectionString: url.toString(), statementTimeoutMs: 300 });
    const { ms, error } = await timed(db.query('select pg_sleep(5)'));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(ms).toBeLessThan(2_000);
  });

  it('that goes silent mid-connection fails the query, then recovers when it answers again', async () => {
    const relay = await hole({ forwardTo: { host: url.hostname, port: Number(url.port || 5432) } });
    const db = await client({
      connectionString: through(relay),
      connectTimeoutMs: 500,
      statementTimeoutMs: 300,
    });
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);

    relay.silence();
    const { ms, error } = await timed(db.query('select 2'));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    // statement timeout + the client's one-second grace, never the TCP timeout.
    expect(ms).toBeLessThan(3_000);
    const inTransaction = await timed(db.transaction((tx) => tx.query('select 3')));
    expect(inTransaction.error).toBeInstanceOf(StoreUnavailableError);

    relay.resume();
    expect((await db.query<{ four: number }>('select 4 as four')).rows).toEqual([{ four: 4 }]);
  });
});

// Statements with parameters stay prepared on each pooled connection (preparedStatements.ts).
describe.runIf(TEST_DATABASE_URL)('prepared statements on a real server', () => {
  it('prepares a statement once per connection and prepares it again after another process changes the table', async () => {
    const schema = `prep_${process.pid}_${Date.now()}`;
    const db = await client({ connectionString: TEST_DATABASE_URL as string, max: 1 });
    const other = await client({ connectionString: TEST_DATABASE_URL as string, max: 1 });
    await db.query(`CREATE SCHEMA ${schema}`);
    try {
      await db.query(`CREATE TABLE ${schema}.t (id int PRIMARY KEY, a text)`);
      const insert = `INSERT INTO ${schema}.t (id, a) VALUES ($1, $2) RETURNING *`;
      expect((await db.query(insert, [1, 'x'])).rows).toEqual([{ id: 1, a: 'x' }]);
      const prepared = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1',
        [`%${schema}.t%`],
      );
      expect(prepared.rows[0]?.n).toBe(1);

      // A migration elsewhere adds a column: the prepared RETURNING * is refused by the
      // server, and the client prepares it again instead of failing every call from now on.
      await other.query(`ALTER TABLE ${schema}.t ADD COLUMN b text NOT NULL DEFAULT 'new'`);
      expect((await db.query(insert, [2, 'y'])).rows).toEqual([{ id: 2, a: 'y', b: 'new' }]);
      expect((await db.query(insert, [3, 'z'])).rows).toEqual([{ id: 3, a: 'z', b: 'new' }]);
    } finally {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
    }
  });
});

// Through a pooler in transaction mode (issue 24.3) a statement may run on any server
// connection: nothing may be prepared by name or set for the session.
describe.runIf(TEST_DATABASE_URL)("with pooler: 'transaction'", () => {
  it('prepares nothing by name', async () => {
    const db = await client({
      connectionString: TEST_DATABASE_URL as string,
      max: 1,
      pooler: 'transaction',
    });
    for (let i = 0; i < 3; i++) {
      expect((await db.query<{ n: number }>('SELECT $1::int AS n', [i])).rows).toEqual([{ n: i }]);
    }
    // One connection (max 1): what it has prepared is what the client prepared.
    const prepared = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE $1::int = 1',
      [1],
    );
    expect(prepared.rows[0]?.n).toBe(0);
  });

  it('sets the timeouts in each transaction only, and a statement past them is canceled', async () => {
    const db = await client({
      connectionString: TEST_DATABASE_URL as string,
      max: 1,
      pooler: 'transaction',
      statementTimeoutMs: 300,
      idleInTransactionTimeoutMs: 700,
    });
    const show = (on: Pick<SqlClient, 'query'>, name: string) =>
      on.query<Record<string, string>>(`SHOW ${name}`).then(({ rows }) => rows[0]?.[name]);
    // The session keeps the server's settings: nothing was sent at connect.
    const outside = await show(db, 'statement_timeout');
    expect(outside).not.toBe('300ms');
    await db.transaction(async (tx) => {
      expect(await show(tx, 'statement_timeout')).toBe('300ms');
      expect(await show(tx, 'idle_in_transaction_session_timeout')).toBe('700ms');
    });
    expect(await show(db, 'statement_timeout')).toBe(outside);
    const { ms, error } = await timed(db.transaction((tx) => tx.query('select pg_sleep(5)')));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses a timeout that is not a whole number of milliseconds', async () => {
    await expect(
      createPostgresClient({
        connectionString: TEST_DATABASE_URL as string,
        pooler: 'transaction',
        statementTimeoutMs: 1.5,
      }),
    ).rejects.toThrow(/statementTimeoutMs must be a whole number/);
  });
});

const noPgBouncer = pgBouncerUnavailable(TEST_DATABASE_URL);
describe.skipIf(noPgBouncer !== null)(
  `through PgBouncer in transaction mode, with pooler: 'transaction'${noPgBouncer ? `: ${noPgBouncer}` : ''}`,
  () => {
    let bouncer: PgBouncer;
    beforeAll(async () => {
      bouncer = await startPgBouncer(TEST_DATABASE_URL as string, 2);
    });
    afterAll(async () => {
      await bouncer?.stop();
    });

    it('runs statements with parameters on whichever server connection is free', async () => {
      const db = await client({ connectionString: bouncer.url, max: 6, pooler: 'transaction' });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          db.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.01)', [i]),
        ),
      );
      expect(answers.map(({ rows }) => rows[0]?.n)).toEqual(
        Array.from({ length: 40 }, (_, i) => i),
      );
    });

    it('cancels a statement in a transaction past the statement timeout', async () => {
      const db = await client({
        connectionString: bouncer.url,
        pooler: 'transaction',
        statementTimeoutMs: 300,
      });
      const { ms, error } = await timed(db.transaction((tx) => tx.query('select pg_sleep(5)')));
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(ms).toBeLessThan(2_000);
    });

    it('says what to set when the pooler refuses the session settings', async () => {
      const db = await client({ connectionString: bouncer.url });
      await expect(db.query('select 1')).rejects.toThrow(/pooler: 'transaction'/);
    });
  },
);
