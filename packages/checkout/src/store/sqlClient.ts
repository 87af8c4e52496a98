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
  /**
   * Listens on a `NOTIFY` channel: `onNotify` with each notification's payload, and
   * `onReconnect` after the listening connection was lost and made again (notifications
   * sent meanwhile are gone: look for what was missed). Resolves with a function that stops
   * listening. A client without it (a connection pooler in transaction mode cannot keep a
   * session's LISTEN) leaves the engine to its timers.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
}

/** What a transaction body may call. */
export type SqlQueryable = Pick<SqlClient, 'query'>;
