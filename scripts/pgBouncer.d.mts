/** Where PgBouncer is run from: `PGBOUNCER_PATH`, else Debian's `/usr/sbin/pgbouncer`. */
export declare const PGBOUNCER_PATH: string;

/** Why no PgBouncer can be started in front of `databaseUrl` here, or null when one can. */
export declare function pgBouncerUnavailable(databaseUrl: string | undefined): string | null;

/** A running PgBouncer in transaction pooling mode. */
export interface PgBouncer {
  /** The server's URL with PgBouncer's address (127.0.0.1 and its port) in its place. */
  url: string;
  /** Everything it logged so far. */
  logs(): string;
  /** Stops it (SIGINT, its immediate shutdown) and deletes its folder. */
  stop(): Promise<void>;
}

/** The port the host's end-to-end test starts its PgBouncer on (the range's 50th). */
export declare const E2E_PGBOUNCER_PORT: number;

/**
 * Starts one in front of `databaseUrl` with at most `poolSize` server connections (20): on
 * `port` when given, else on the first free port from `TEST_PGBOUNCER_PORT` (6400) on.
 */
export declare function startPgBouncer(
  databaseUrl: string,
  poolSize?: number,
  options?: { port?: number },
): Promise<PgBouncer>;
