import { createPgliteClient, type PgliteClientOptions } from './pgliteClient.js';
import { createPostgresClient, type PostgresClientOptions } from './postgresClient.js';
import { createSqlStore } from './sql/createSqlStore.js';
import { releaseLeasesOfDeadOwner } from './sql/releaseLeases.js';
import { DEFAULT_SCHEMA } from './sql/schemaName.js';
import type { StoreLockedError, StoreUnavailableError } from './storeErrors.js';
import type { CheckoutStore, SqlClient } from './types.js';

/** Options of {@link openCheckoutStore}. */
export interface OpenCheckoutStoreOptions {
  /** A `postgres://` URL (e.g. `process.env.DATABASE_URL`). Empty or missing: PGlite. */
  databaseUrl?: string | null;
  /** PGlite's data folder, used without `databaseUrl` (default `.data/plankit` in cwd). */
  dataDir?: string;
  /** Postgres schema of the tables (default `plankit`). */
  schema?: string;
  /** PostgreSQL only: connect timeout in ms (default 3 000); see {@link createPostgresClient}. */
  connectTimeoutMs?: PostgresClientOptions['connectTimeoutMs'];
  /** PostgreSQL only: statement timeout in ms (default 5 000). */
  statementTimeoutMs?: PostgresClientOptions['statementTimeoutMs'];
  /** PostgreSQL only: idle-in-transaction timeout in ms (default 10 000). */
  idleInTransactionTimeoutMs?: PostgresClientOptions['idleInTransactionTimeoutMs'];
  /**
   * PostgreSQL only: `'transaction'` when `databaseUrl` points at a pooler in transaction
   * mode (PgBouncer): nothing is prepared by name and nothing is set per session; see
   * {@link PostgresClientOptions.pooler}.
   */
  pooler?: PostgresClientOptions['pooler'];
  /** PostgreSQL only: most connections this process opens (default 10). */
  poolMax?: PostgresClientOptions['max'];
  /** PGlite only: after how long a crashed holder's folder lock is taken over (default 10 000). */
  lockStaleMs?: PgliteClientOptions['lockStaleMs'];
}

/** An opened, migrated store and the client under it. */
export interface OpenedCheckoutStore {
  store: CheckoutStore;
  /** The client the store uses; `store.close()` closes it. */
  client: SqlClient;
  kind: 'postgres' | 'pglite';
}

/** PGlite data folder used when none is given, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data/plankit';

/**
 * Opens the checkout store the host is configured for and brings its schema up to date:
 * a PostgreSQL server when `databaseUrl` is set (scale-out), else embedded PGlite with its
 * data in a local folder (the zero-setup default, one process only).
 *
 * On PGlite, which one process owns, it also ends the leases a crashed holder left behind
 * (deliveries, renewals, payment attempts), so their work resumes at once, not minutes later.
 *
 * Fails with a {@link StoreLockedError} (`store_locked`) when another process holds
 * the PGlite folder, and with a {@link StoreUnavailableError} (`store_unavailable`)
 * when the PostgreSQL server does not answer in time: both are worth retrying later.
 */
export async function openCheckoutStore(
  options: OpenCheckoutStoreOptions = {},
): Promise<OpenedCheckoutStore> {
  const { databaseUrl, schema } = options;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const client = databaseUrl
    ? await createPostgresClient({
        connectionString: databaseUrl,
        connectTimeoutMs: options.connectTimeoutMs,
        statementTimeoutMs: options.statementTimeoutMs,
        idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs,
        ...(options.pooler ? { pooler: options.pooler } : {}),
        ...(options.poolMax === undefined ? {} : { max: options.poolMax }),
      })
    : await createPgliteClient({
        dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
        lockStaleMs: options.lockStaleMs,
      });
  const store = createSqlStore(client, schema === undefined ? {} : { schema });
  try {
    await store.migrate();
    // This process holds PGlite's folder lock: any lease in it is a dead process's.
    if (kind === 'pglite') await releaseLeasesOfDeadOwner(client, schema ?? DEFAULT_SCHEMA);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { store, client, kind };
}
