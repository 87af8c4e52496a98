import { mkdir } from 'node:fs/promises';

import { loadPglite } from './loadDriver.js';
import type { SqlClient, SqlQueryable } from './types.js';

/** Options of {@link createPgliteClient}. */
export interface PgliteClientOptions {
  /**
   * Folder that holds the database files; created (with its parents) when missing.
   * Leave undefined for an in-memory database that is gone on `close()`.
   */
  dataDir?: string;
}

/**
 * Opens an embedded PGlite database (Postgres compiled to WASM, in this process) and
 * wraps it as a {@link SqlClient}.
 *
 * PGlite is single-connection: its queries and transactions run one at a time, so two
 * processes must never open the same `dataDir`. Use {@link createPostgresClient} for
 * several host instances.
 */
export async function createPgliteClient(options: PgliteClientOptions = {}): Promise<SqlClient> {
  const { dataDir } = options;
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  // Loaded lazily: a consumer running on Postgres only need not install PGlite.
  const { PGlite } = await loadPglite();
  const db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);

  const queryOn =
    (target: Pick<typeof db, 'query'>): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await target.query<Row>(text, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    };

  return {
    query: queryOn(db),
    // Inside the callback only `tx` may be used: a query on `db` itself would wait for
    // the transaction to end, which waits for the callback: a deadlock.
    transaction: (fn) => db.transaction((tx) => fn({ query: queryOn(tx) })),
    close: () => db.close(),
  };
}
