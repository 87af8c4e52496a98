import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type FolderLock, lockFolder } from './folderLock.js';
import { loadPglite } from './loadDriver.js';
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
  try {
    // Loaded at run time, invisible to bundlers (loadDriver.ts).
    const pglite = await loadPglite();
    db = dataDir === undefined ? await pglite.PGlite.create() : await pglite.PGlite.create(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }

  /** After the lock is lost another process may own the folder: no further statement. */
  const assertLocked = () => {
    if (lostError) throw lostError;
  };

  const queryOn =
    (target: Pick<typeof db, 'query'>): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      assertLocked();
      const result = await target.query<Row>(text, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    };

  return {
    query: queryOn(db),
    // Inside the callback only `tx` may be used: a query on `db` itself would wait for
    // the transaction to end, which waits for the callback: a deadlock.
    async transaction(fn) {
      assertLocked();
      return db.transaction((tx) => fn({ query: queryOn(tx) }));
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
