/**
 * The smallest SQL client the store needs. PGlite and a node `pg` pool both fit it
 * through the adapters in this folder, so one store implementation serves both.
 */
export interface SqlClient {
  /** Runs one parameterised statement (`$1`, `$2`, …) and returns its rows. */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: Row[]; affectedRows: number }>;
  /** Runs `fn` inside one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Releases connections or closes the embedded database. */
  close(): Promise<void>;
}

/** What a transaction body may call. */
export type SqlQueryable = Pick<SqlClient, 'query'>;
