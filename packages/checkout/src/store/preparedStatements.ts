import { createHash } from 'node:crypto';

/**
 * Names under which the PostgreSQL pool keeps a statement prepared on each connection, so
 * the server parses and plans it once per connection instead of on every call (planning
 * was about half of a checkout statement's time: `bench/checkout.mjs`). Only statements
 * with parameters are named: those without run as simple queries, and may hold several
 * statements (the migrations do).
 *
 * A migration run by another process can change a table that a prepared `RETURNING *`
 * reads; PostgreSQL then refuses the stale plan (`isStalePlan`), and `renew()` makes every
 * name new, so each statement is prepared again.
 */
export interface StatementNames {
  /** The name for a statement's text, or `undefined` to run it unprepared. */
  nameOf(text: string): string | undefined;
  /** Prepares every statement again under new names. */
  renew(): void;
}

/** At most this many texts get a name; a store's statements are a few dozen. */
const MOST_NAMED = 500;

export function createStatementNames(): StatementNames {
  const names = new Map<string, string>();
  let generation = 0;
  return {
    nameOf(text) {
      let name = names.get(text);
      if (name === undefined) {
        if (names.size >= MOST_NAMED) return undefined;
        name = createHash('sha256').update(text).digest('base64url').slice(0, 27);
        names.set(text, name);
      }
      return `pk${generation}_${name}`;
    },
    renew() {
      generation++;
    },
  };
}

/** PostgreSQL's refusal of a prepared statement whose result columns a DDL change moved. */
export function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

/**
 * Runs a statement under its name (`undefined` when no name is left for it). When
 * PostgreSQL refuses a plan that a migration made stale, every name is renewed and the
 * statement runs once more under its new name; inside a transaction the refusal aborted
 * it, so the error goes to the caller, whose retry runs it again.
 */
export async function runNamed<T>(
  names: StatementNames,
  text: string,
  inTransaction: boolean,
  run: (name: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await run(names.nameOf(text));
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    names.renew();
    if (inTransaction) throw error;
    return run(names.nameOf(text));
  }
}
