import type { PGlite } from '@electric-sql/pglite';
import { createStatementNames, runNamed } from './preparedStatements.js';

/** The parts of the PGlite module the prepared path needs (loaded lazily, loadDriver.ts). */
type PgliteModule = Pick<typeof import('@electric-sql/pglite'), 'protocol' | 'parse'>;

/** What a statement returns, as `PGlite.query` would. */
export interface PreparedResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/**
 * Runs one parameterized statement, prepared once under a name, in or out of a
 * transaction; `unprepared` runs it the usual way when no name is left for it.
 */
export type PreparedQuery = <Row>(
  text: string,
  params: readonly unknown[],
  inTransaction: boolean,
  unprepared: () => Promise<PreparedResult<Row>>,
) => Promise<PreparedResult<Row>>;

/**
 * PGlite's `query()` parses and plans every statement on every call, in five trips into
 * the WASM module; for the store's large statements that was about three quarters of
 * their time (the finish view's statement: 1.43 ms, 0.31 ms prepared; `bench/checkout.mjs`).
 * PGlite has no named statements in its API, so this speaks the extended protocol itself,
 * through PGlite's `execProtocol`: `Parse` and `Describe` once per text under a name, then
 * `Bind`, `Describe`, `Execute` and `Sync` in one message per call. Values are serialized
 * and rows parsed with the instance's own serializers and parsers, as `query()` does.
 *
 * It takes the same locks as `query()`: outside a transaction it waits for any open one
 * (so it never runs inside someone else's), and writes the files afterwards; inside one,
 * only the statement lock. The names are the Postgres pool's (preparedStatements.ts):
 * after a migration changes a table a prepared `RETURNING *` reads, they are renewed.
 */
export function createPglitePreparedQuery(db: PGlite, pglite: PgliteModule): PreparedQuery {
  // Every piece is in PGlite since 0.3 (the peer range); a release without one of them
  // gets `query()` as before rather than a store that fails.
  const supported =
    typeof db.execProtocol === 'function' &&
    typeof db._runExclusiveQuery === 'function' &&
    typeof db._runExclusiveTransaction === 'function' &&
    typeof pglite.protocol?.serialize?.bind === 'function' &&
    typeof pglite.parse?.parseResults === 'function';
  if (!supported) return (_text, _params, _inTransaction, unprepared) => unprepared();
  const { serialize } = pglite.protocol;
  const names = createStatementNames();
  /** Prepared statements of this connection, by name, with their parameters' type ids. */
  const prepared = new Map<string, readonly number[]>();

  const prepare = async (name: string, text: string): Promise<readonly number[]> => {
    const known = prepared.get(name);
    if (known) return known;
    const { messages } = await db.execProtocol(
      concat(
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const description = messages.find((message) => message.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const types = description?.dataTypeIDs ?? [];
    prepared.set(name, types);
    return types;
  };

  const execute = async <Row>(
    name: string,
    text: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<PreparedResult<Row>> => {
    const types = await prepare(name, text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[types[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await db.execProtocol(
      concat(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    // Written to the files as `query()` does: after each statement outside a transaction,
    // at COMMIT inside one.
    if (!inTransaction) await db.syncToFs();
    const [result] = pglite.parse.parseResults(messages, db.parsers);
    return { rows: (result?.rows ?? []) as Row[], affectedRows: result?.affectedRows ?? 0 };
  };

  const locked = <T>(inTransaction: boolean, fn: () => Promise<T>): Promise<T> =>
    inTransaction
      ? db._runExclusiveQuery(fn)
      : db._runExclusiveTransaction(() => db._runExclusiveQuery(fn));

  return <Row>(
    text: string,
    params: readonly unknown[],
    inTransaction: boolean,
    unprepared: () => Promise<PreparedResult<Row>>,
  ) =>
    runNamed(names, text, inTransaction, (name) =>
      name
        ? locked(inTransaction, () => execute<Row>(name, text, params, inTransaction))
        : unprepared(),
    );
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
