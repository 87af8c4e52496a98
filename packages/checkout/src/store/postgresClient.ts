import { ConfigurationError, InvalidArgumentError } from '../errors/errors.js';
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
  /**
   * How connections reach the server. Unset: directly (or through a pooler in session
   * mode), with session settings and statements prepared by name on each connection.
   * `'transaction'`: through a pooler in transaction mode (PgBouncer `pool_mode =
   * transaction`), which hands each transaction, and each statement outside one, to any
   * server connection: nothing is prepared by name (PgBouncer before 1.21 does not track
   * named statements), and the timeouts are set in each transaction with `SET LOCAL`
   * instead of at connect, since a pooler refuses or drops settings in the startup packet.
   */
  pooler?: PostgresPooler;
}

/** The connection poolers the client knows how to go through: see {@link PostgresClientOptions.pooler}. */
export type PostgresPooler = 'transaction';

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

/** PgBouncer's refusal of a session setting sent at connect. */
const POOLER_REFUSAL = /unsupported startup parameter/i;

/**
 * Turns a `pg` error that means "unreachable or too slow" into a {@link StoreUnavailableError},
 * and a pooler's refusal of the session settings into a {@link ConfigurationError} that says
 * what to set (it would fail the same way on every try).
 */
export function toStoreError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof StoreUnavailableError) return error;
  if (error instanceof ConfigurationError) return error;
  if (POOLER_REFUSAL.test(error.message)) {
    return new ConfigurationError('The PostgreSQL connection', [
      {
        path: 'pooler',
        message:
          `the server refused a session setting at connect (${error.message}): it is a ` +
          "connection pooler in transaction mode (PgBouncer)? Set pooler: 'transaction' " +
          '(PLANKIT_DB_POOLER=transaction in the host)',
      },
    ]);
  }
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

/** A timeout as it goes into `SET LOCAL`'s text: a whole number of milliseconds, nothing else. */
function wholeMs(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidArgumentError(`${name} must be a whole number of milliseconds, not ${value}`);
  }
  return value;
}

/**
 * Connects to a PostgreSQL server through a `pg` pool and wraps it as a
 * {@link SqlClient}. Any number of processes may share one database this way.
 *
 * Every connection has a connect, statement and idle-in-transaction timeout, so a database
 * that never answers fails a request within seconds with a {@link StoreUnavailableError}
 * (code `store_unavailable`) instead of hanging it; the pool opens new connections
 * when the server is back. With `pooler: 'transaction'` the server's timeouts are set per
 * transaction, and a statement outside one has the client's limit only.
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
  const idleInTransactionTimeoutMs =
    options.idleInTransactionTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.idleInTransactionTimeoutMs;
  const pooled = options.pooler === 'transaction';
  // One round trip either way. `SET LOCAL` ends with the transaction, so a pooled server
  // connection goes back to the pool as it came.
  const begin = pooled
    ? `BEGIN; SET LOCAL statement_timeout = ${wholeMs('statementTimeoutMs', statementTimeoutMs)}; ` +
      `SET LOCAL idle_in_transaction_session_timeout = ${wholeMs('idleInTransactionTimeoutMs', idleInTransactionTimeoutMs)}`
    : 'BEGIN';
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs,
    // Session settings go in the startup packet, which a transaction pooler refuses
    // ("unsupported startup parameter"): there they are set per transaction (`begin` above).
    ...(pooled
      ? {}
      : {
          statement_timeout: statementTimeoutMs,
          idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
        }),
    // The client's own limit, which needs nothing from the server: through a transaction
    // pooler it is the only one on a statement outside a transaction (see the README).
    query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
    // Notices a peer that vanished without closing the connection.
    keepAlive: true,
  });
  // An idle connection that the server drops emits 'error' on the pool; unhandled, that
  // would crash the process. The pool discards the connection and opens a new one later.
  pool.on('error', () => {});

  // Through a transaction pooler a name prepared on one server connection is unknown on
  // the next one (or names another statement there): every statement goes unnamed.
  const names = pooled ? null : createStatementNames();
  const queryOn =
    (target: Pick<typeof pool, 'query'>, inTransaction: boolean): SqlQueryable['query'] =>
    async <Row>(text: string, params: readonly unknown[] = []) => {
      try {
        const unnamed = () => target.query(text, [...params]);
        // Only statements with parameters are named: those without may hold several.
        const result =
          names && params.length > 0
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
        await connection.query(begin);
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
    // A transaction pooler hands the session to others between statements, so a LISTEN
    // through it hears nothing: there the engine delivers on its timer alone.
    ...(pooled
      ? {}
      : {
          listen: (channel: string, onNotify: (payload: string) => void, onReconnect: () => void) =>
            listenOnPostgres(
              {
                Client,
                connectionString: options.connectionString,
                connectTimeoutMs:
                  options.connectTimeoutMs ?? DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs,
              },
              channel,
              onNotify,
              onReconnect,
            ),
        }),
  };
}
