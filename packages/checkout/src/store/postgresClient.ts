import { loadPg } from './loadDriver.js';
import type { SqlClient, SqlQueryable } from './types.js';

/** Options of {@link createPostgresClient}. */
export interface PostgresClientOptions {
  /** A `postgres://` URL, such as the host's `DATABASE_URL`. */
  connectionString: string;
  /** Most connections the pool opens (default 10). */
  max?: number;
}

/**
 * Connects to a PostgreSQL server through a `pg` pool and wraps it as a
 * {@link SqlClient}. Any number of processes may share one database this way.
 *
 * `pg` returns BIGINT and NUMERIC as strings; the store converts the columns it reads, so
 * the pool keeps `pg`'s default parsers (changing them globally would surprise the host).
 */
export async function createPostgresClient(options: PostgresClientOptions): Promise<SqlClient> {
  // Loaded lazily: a consumer running on PGlite only need not install `pg`.
  const { Pool } = await loadPg();
  const pool = new Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
  // An idle connection that the server drops emits 'error' on the pool; unhandled, that
  // would crash the process. The pool discards the connection and opens a new one later.
  pool.on('error', () => {});

  const queryOn =
    (target: Pick<typeof pool, 'query'>): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await target.query(text, [...params]);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    };

  return {
    query: queryOn(pool),
    async transaction(fn) {
      // One dedicated connection: BEGIN, the body and COMMIT must share a session.
      const connection = await pool.connect();
      let broken = false;
      try {
        await connection.query('BEGIN');
        const result = await fn({ query: queryOn(connection) });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await connection.query('ROLLBACK');
        } catch {
          // The connection is unusable (e.g. the server went away): do not reuse it.
          broken = true;
        }
        throw error;
      } finally {
        connection.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
