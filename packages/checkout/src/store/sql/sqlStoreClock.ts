import { StoreError } from '../../errors/errors.js';
import type { SqlClient, StoreClock } from '../types.js';
import { toDate } from './rows.js';
import type { Tables } from './statementParts.js';

/**
 * The SQL store's clock: `clock_now()`, the database's time shifted or frozen by the one
 * row of the `clock` table, so every host sharing the database reads the same time and the
 * test clock moves it for all of them at once.
 */
export function createStoreClock(client: SqlClient, t: Tables): StoreClock {
  const listeners = new Set<() => Promise<void> | void>();
  const changed = async () => {
    for (const listener of listeners) await listener();
  };
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async now() {
      const { rows } = await client.query<{ t: Date | string }>(`SELECT ${t.now} AS t`);
      const row = rows[0];
      if (!row) throw new StoreError('clock.now');
      return toDate(row.t);
    },
    async travel(to, options = {}) {
      await client.query(
        `UPDATE ${t.clock} SET
          frozen_at = CASE WHEN $2::boolean THEN $1::timestamptz END,
          offset_ms = CASE WHEN $2::boolean THEN 0
            ELSE round(extract(epoch FROM ($1::timestamptz - now())) * 1000)::bigint END
          WHERE id = 1`,
        [to, options.freeze === true],
      );
      await changed();
    },
    async reset() {
      await client.query(`UPDATE ${t.clock} SET frozen_at = NULL, offset_ms = 0 WHERE id = 1`);
      await changed();
    },
  };
}
