import { createPgliteClient } from './pgliteClient.js';
import { createPostgresClient } from './postgresClient.js';
import { createSqlStore } from './sql/createSqlStore.js';
import type { CheckoutStore, SqlClient } from './types.js';

/** Options of {@link openCheckoutStore}. */
export interface OpenCheckoutStoreOptions {
  /** A `postgres://` URL (e.g. `process.env.DATABASE_URL`). Empty or missing: PGlite. */
  databaseUrl?: string | null;
  /** PGlite's data folder, used without `databaseUrl` (default `.data/plankit` in cwd). */
  dataDir?: string;
  /** Postgres schema of the tables (default `plankit`). */
  schema?: string;
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
 */
export async function openCheckoutStore(
  options: OpenCheckoutStoreOptions = {},
): Promise<OpenedCheckoutStore> {
  const { databaseUrl, schema } = options;
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const client = databaseUrl
    ? await createPostgresClient({ connectionString: databaseUrl })
    : await createPgliteClient({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR });
  const store = createSqlStore(client, schema === undefined ? {} : { schema });
  try {
    await store.migrate();
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { store, client, kind };
}
