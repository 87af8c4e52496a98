import { mkdir } from 'node:fs/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type FolderLock, lockFolder } from './folderLock.js';
import { loadPglite } from './loadDriver.js';
import { createPglitePreparedQuery } from './pglitePreparedQuery.js';
import type { StoreLockedError } from './storeErrors.js';
import type { SqlClient, SqlQueryable } from './types.js';

/** Options of {@link createPgliteClient}. */
export interface PgliteClientOptions {
  /**
   * Folder that holds the database files; created (with its parents) when missing.
   * Leave undefined for an in-memory database that is gone on `close()`.
   */
  dataDir?: string;
  /**
   * After how long a lock on `dataDir` whose holder stopped refreshing it (a crashed or
   * killed process) is taken over, in milliseconds (default 10 000, at least 2 000).
   */
  lockStaleMs?: number;
  /** Where losing the folder lock is reported (default `console`). */
  logger?: Pick<Console, 'error'>;
}

/**
 * Opens an embedded PGlite database (Postgres compiled to WASM, in this process) and
 * wraps it as a {@link SqlClient}.
 *
 * PGlite is single-connection and single-process: two processes writing one `dataDir`
 * overwrite each other's pages and lose data. So the folder is locked first (see
 * `lockFolder`): a second process, or a second open in this one, fails with a
 * {@link StoreLockedError} that names the folder, and never touches its files. Use
 * {@link createPostgresClient} for several host instances.
 */
export async function createPgliteClient(options: PgliteClientOptions = {}): Promise<SqlClient> {
  const { dataDir } = options;
  const logger = options.logger ?? console;
  let lock: FolderLock | null = null;
  let lostError: StoreLockedError | null = null;
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockFolder(dataDir, {
      staleMs: options.lockStaleMs,
      onLost: (error) => {
        lostError = error;
        logger.error('[plankit] lost the lock on the embedded store; refusing writes', {
          code: error.code,
          dataDir,
        });
      },
    });
  }
  // Imported lazily so that a consumer running on Postgres only need not install PGlite
  // (it is an optional peer dependency).
  let db: PGlite;
  let pglite: Awaited<ReturnType<typeof loadPglite>>;
  try {
    // Loaded at run time, invisible to bundlers (loadDriver.ts).
    pglite = await loadPglite();
    db = dataDir === undefined ? await pglite.PGlite.create() : await pglite.PGlite.create(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const prepared = createPglitePreparedQuery(db, pglite);

  /** After the lock is lost another process may own the folder: no further statement. */
  const assertLocked = () => {
    if (lostError) throw lostError;
  };

  const queryOn =
    (
      target: Pick<Transaction, 'query'> & { closed?: boolean },
      inTransaction: boolean,
    ): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      assertLocked();
      // As PGlite's own `tx.query` does: a transaction's handle is dead once it has ended.
      if (target.closed) throw new Error('Transaction is closed');
      const unprepared = async () => {
        const result = await target.query<Row>(text, [...params]);
        return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
      };
      // Statements with parameters are prepared once (pglitePreparedQuery.ts); those
      // without may hold several statements (the migrations do), which only `query` runs.
      return params.length > 0 ? prepared(text, params, inTransaction, unprepared) : unprepared();
    };

  return {
    query: queryOn(db, false),
    // Inside the callback only `tx` may be used: a query on `db` itself would wait for
    // the transaction to end, which waits for the callback: a deadlock.
    async transaction(fn) {
      assertLocked();
      return db.transaction((tx) => fn({ query: queryOn(tx, true) }));
    },
    // One process owns the folder, so nothing is missed: no reconnects to report.
    async listen(channel, onNotify) {
      assertLocked();
      const stop = await db.listen(channel, onNotify);
      return async () => {
        await stop().catch(() => {});
      };
    },
    async close() {
      // The lock is released only after PGlite has flushed and closed its files.
      try {
        await db.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
