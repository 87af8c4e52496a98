import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPgliteClient } from './pgliteClient.js';
import { createPglitePreparedQuery } from './pglitePreparedQuery.js';
import type { SqlClient } from './types.js';

// The PGlite client prepares every statement with parameters under a name
// (pglitePreparedQuery.ts), speaking the extended protocol itself. These tests hold it to
// what `PGlite.query` does: the same values in and rows out, errors that leave the
// connection usable, transactions that stay whole, and plans renewed after a migration.

let client: SqlClient;

// One database for the file (opening PGlite takes a second); a fresh table for each test.
beforeAll(async () => {
  client = await createPgliteClient();
});

beforeEach(async () => {
  await client.query('DROP TABLE IF EXISTS item');
  await client.query(`CREATE TABLE item (
    id text PRIMARY KEY, amount bigint NOT NULL, ok boolean, at timestamptz, data jsonb,
    note text)`);
});

afterAll(async () => {
  await client.close();
});

const insert = 'INSERT INTO item (id, amount, ok, at, data, note) VALUES ($1, $2, $3, $4, $5, $6)';

/** An item's values for {@link insert} with only id, amount and flag set. */
const item = (id: string, amount: number, ok = true) => [id, amount, ok, null, null, null];

/** The ids of the stored items, in order (read through a prepared statement too). */
async function storedIds(): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    'SELECT id FROM item WHERE amount >= $1 ORDER BY id',
    [0],
  );
  return rows.map((row) => row.id);
}

describe('a prepared statement on PGlite', () => {
  it('is prepared once under a name, not parsed again on each call', async () => {
    const select = 'SELECT id FROM item WHERE amount > $1 AND note IS DISTINCT FROM $2';
    for (let call = 0; call < 3; call++) await client.query(select, [call, 'x']);
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM pg_prepared_statements WHERE statement = $1',
      [select],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toMatch(/^pk\d+_/);
  });

  it('takes and returns every column type the store uses, the same on each call', async () => {
    const at = new Date('2026-11-26T08:00:00.123Z');
    const first = await client.query(insert, [
      'a',
      1200,
      true,
      at,
      { plan: 'pro', seats: [1] },
      null,
    ]);
    expect(first.affectedRows).toBe(1);
    await client.query(insert, ['b', '9007199254740993', false, null, null, "it's"]);
    for (let call = 0; call < 3; call++) {
      const { rows } = await client.query<Record<string, unknown>>(
        'SELECT * FROM item WHERE id = ANY($1::text[]) ORDER BY id',
        [['a', 'b']],
      );
      expect(rows).toEqual([
        { id: 'a', amount: 1200, ok: true, at, data: { plan: 'pro', seats: [1] }, note: null },
        {
          id: 'b',
          amount: 9007199254740993n,
          ok: false,
          at: null,
          data: null,
          note: "it's",
        },
      ]);
    }
  });

  it('counts the rows an update changed', async () => {
    await client.query(insert, item('a', 1));
    await client.query(insert, item('b', 2));
    const changed = await client.query('UPDATE item SET ok = $1 WHERE amount < $2', [false, 10]);
    expect(changed.affectedRows).toBe(2);
    const none = await client.query('UPDATE item SET ok = $1 WHERE amount < $2', [false, 0]);
    expect(none.affectedRows).toBe(0);
  });

  it('throws the database error with its code and keeps the connection usable', async () => {
    await client.query(insert, item('a', 1));
    const error = await client.query(insert, item('a', 2)).catch((e) => e);
    expect(error).toMatchObject({ code: '23505' });
    // A value of the wrong type fails at Bind, after the statement is prepared.
    await expect(client.query(insert, ['c', 'many', true, null, null, null])).rejects.toMatchObject(
      { code: '22P02' },
    );
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM item WHERE amount >= $1',
      [0],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('runs inside a transaction, and a failure there rolls the whole transaction back', async () => {
    await client.transaction(async (tx) => {
      await tx.query(insert, item('a', 1));
      await tx.query(insert, item('b', 2));
    });
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, item('c', 3));
      await tx.query(insert, item('a', 4));
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    // The statement prepared inside the rolled-back transaction is still usable after it.
    await client.query(insert, item('d', 5));
    expect(await storedIds()).toEqual(['a', 'b', 'd']);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client
      .transaction(async (tx) => {
        await tx.query(insert, item('inside', 1));
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch(() => 'rolled back');
    await insertedInside;
    // Started while the transaction is open: it must not see (or join) the transaction.
    const outside = client.query(insert, item('outside', 2));
    release();
    expect(await transaction).toBe('rolled back');
    await outside;
    expect(await storedIds()).toEqual(['outside']);
  });

  it('keeps transactions whole when many callers run at once', async () => {
    // 20 transactions of two inserts, raced against 20 inserts outside any transaction,
    // all started together. Every other transaction inserts its first row twice, fails on
    // the second and must leave nothing; an insert that ran inside it would vanish too.
    const fails = (i: number) => i % 2 === 0;
    const transactions = Array.from({ length: 20 }, (_, i) =>
      client
        .transaction(async (tx) => {
          await tx.query(insert, item(`tx${i}a`, i));
          // Let every other caller run while this transaction is open.
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.query(insert, item(fails(i) ? `tx${i}a` : `tx${i}b`, i));
        })
        .then(
          () => 'committed',
          (error: { code?: string }) => `rolled back ${error.code}`,
        ),
    );
    // Once the first transaction is open.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const solos = Array.from({ length: 20 }, (_, i) =>
      client.query(insert, item(`solo${i}`, i, false)).then(() => 'inserted'),
    );
    const work = [...transactions, ...solos];
    const outcomes = await Promise.all(work);
    expect(outcomes.filter((o) => o === 'rolled back 23505')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'committed')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'inserted')).toHaveLength(20);
    const ids = new Set(await storedIds());
    expect(ids.size).toBe(10 * 2 + 20);
    for (let i = 0; i < 20; i++) {
      expect(ids.has(`solo${i}`)).toBe(true);
      expect(ids.has(`tx${i}a`)).toBe(!fails(i));
      expect(ids.has(`tx${i}b`)).toBe(!fails(i));
    }
  });

  it('prepares the statement again after a migration changes what it returns', async () => {
    const select = 'SELECT * FROM item WHERE id = $1';
    await client.query(insert, item('a', 1));
    expect((await client.query(select, ['a'])).rows[0]).not.toHaveProperty('extra');
    await client.query("ALTER TABLE item ADD COLUMN extra text NOT NULL DEFAULT 'new'");
    const { rows } = await client.query(select, ['a']);
    expect(rows[0]).toMatchObject({ id: 'a', extra: 'new' });
  });

  it('refuses a transaction handle used after its transaction ended', async () => {
    const kept = await client.transaction(async (tx) => tx);
    await expect(kept.query('SELECT $1::int AS n', [1])).rejects.toThrow('Transaction is closed');
  });
});

describe('a PGlite release without the protocol pieces', () => {
  it('runs every statement through query() as before', async () => {
    const prepared = createPglitePreparedQuery({} as PGlite, {} as never);
    const answer = { rows: [{ n: 1 }], affectedRows: 0 };
    const unprepared = vi.fn(async () => answer);
    await expect(prepared('SELECT $1::int AS n', [1], false, unprepared)).resolves.toBe(answer);
    expect(unprepared).toHaveBeenCalledOnce();
  });
});
