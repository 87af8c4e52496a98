import { loadPg } from './loadDriver.js';
import { listenOnPostgres } from './postgresListener.js';
import { createStatementNames, runNamed } from './preparedStatements.js';
import { StoreUnavailableError } from './storeErrors.js';
import type { SqlClient, SqlQueryable } from './types.js';

/** Options of {@link createPostgresClient}. */
export interface PostgresClientOptions {
  /** A `postgres://` URL, such as the host's `DATABASE_URL`. */
  connectionString: string;
  /** Most connections the pool opens (default 10). */
  max?: number;
  /**
   * How long opening a connection may take, in milliseconds (default 3 000): a server that
   * accepts the TCP connection and never answers fails here instead of hanging a request.
   */
  connectTimeoutMs?: number;
  /**
   * How long one statement may run, in milliseconds (default 5 000). The server cancels
   * it (`statement_timeout`); if the server itself stops answering, the client gives up
   * one second later (`query_timeout`) and drops the connection.
   */
  statementTimeoutMs?: number;
  /**
   * How long a transaction may sit idle before the server ends it and frees its locks, in
   * milliseconds (default 10 000; `idle_in_transaction_session_timeout`).
   */
  idleInTransactionTimeoutMs?: number;
}

/** Defaults of the timeouts: a few seconds each, so a request fails well within 15 s. */
export const DEFAULT_POSTGRES_TIMEOUTS = {
  connectTimeoutMs: 3_000,
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
} as const;

/** Extra time the client waits past `statement_timeout` for the server's own cancel. */
const CLIENT_GRACE_MS = 1_000;

// Errors that say "the database is not answering", as opposed to a bad statement:
// query_canceled (a statement timeout), idle_in_transaction_session_timeout, admin and
// crash shutdowns, failures to connect at all, and Node's socket errors (ECONNREFUSED…).
const UNAVAILABLE_SQLSTATES = new Set([
  '57014',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /timeout|timed out|terminated|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENOTFOUND|EPIPE|Connection ended/i;

/** Turns a `pg` error that means "unreachable or too slow" into a {@link StoreUnavailableError}. */
export function toStoreError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof StoreUnavailableError) return error;
  const code = (error as { code?: unknown }).code;
  if (
    (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^E[A-Z]+$/.test(code))) ||
    UNAVAILABLE_MESSAGES.test(error.message)
  ) {
    return new StoreUnavailableError(`The PostgreSQL server is unavailable: ${error.message}`, {
      cause: error,
    });
  }
  return error;
}

/**
 * Connects to a PostgreSQL server through a `pg` pool and wraps it as a
 * {@link SqlClient}. Any number of processes may share one database this way.
 *
 * Every connection has a connect, statement and idle-in-transaction timeout, so a database
 * that never answers fails a request within seconds with a {@link StoreUnavailableError}
 * (code `store_unavailable`) instead of hanging it; the pool opens new connections
 * when the server is back.
 *
 * `pg` returns BIGINT and NUMERIC as strings; the store converts the columns it reads, so
 * the pool keeps `pg`'s default parsers (changing them globally would surprise the host).
 */
export async function createPostgresClient(options: PostgresClientOptions): Promise<SqlClient> {
  // Imported lazily so that a consumer running on PGlite only need not install `pg`
  // (it is an optional peer dependency).
  const { Pool, Client } = await loadPg();
  const statementTimeoutMs =
    options.statementTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.statementTimeoutMs;
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
    idle_in_transaction_session_timeout:
      options.idleInTransactionTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionTimeoutMs,
    // Notices a peer that vanished without closing the connection.
    keepAlive: true,
  });
  // An idle connection that the server drops emits 'error' on the pool; unhandled, that
  // would crash the process. The pool discards the connection and opens a new one later.
  pool.on('error', () => {});

  const names = createStatementNames();
  const queryOn =
    (target: Pick<typeof pool, 'query'>, inTransaction: boolean): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      try {
        const unnamed = () => target.query(text, [...params]);
        // Only statements with parameters are named: those without may hold several.
        const result =
          params.length > 0
            ? await runNamed(names, text, inTransaction, (name) =>
                name ? target.query({ name, text, values: [...params] }) : unnamed(),
              )
            : await unnamed();
        return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
      } catch (error) {
        throw toStoreError(error);
      }
    };

  return {
    query: queryOn(pool, false),
    async transaction(fn) {
      // One dedicated connection: BEGIN, the body and COMMIT must share a session.
      const connection = await pool.connect().catch((error: unknown) => {
        throw toStoreError(error);
      });
      let broken = false;
      try {
        await connection.query('BEGIN');
        const result = await fn({ query: queryOn(connection, true) });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that timed out is in an unknown state: drop it without a ROLLBACK,
        // which would wait for the same silent server (the server rolls back on its own).
        if (toStoreError(error) instanceof StoreUnavailableError) {
          broken = true;
        } else {
          try {
            await connection.query('ROLLBACK');
          } catch {
            // The connection is unusable (e.g. the server went away): do not reuse it.
            broken = true;
          }
        }
        throw toStoreError(error);
      } finally {
        connection.release(broken);
      }
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onReconnect) =>
      listenOnPostgres(
        {
          Client,
          connectionString: options.connectionString,
          connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs,
        },
        channel,
        onNotify,
        onReconnect,
      ),
  };
}
