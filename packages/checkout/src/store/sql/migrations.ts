import { lifecycleTransitions } from '../../lifecycle/sessionLifecycle.js';
import type { SqlClient, SqlQueryable } from '../types.js';
import { migration001 } from './migrations/m001-checkout-sessions.js';
import { migration002 } from './migrations/m002-failure-indexes.js';
import { migration003 } from './migrations/m003-claim-tokens.js';
import { migration004 } from './migrations/m004-lifecycle-and-clock.js';
import { migration005 } from './migrations/m005-renewals.js';
import { migration006 } from './migrations/m006-throttle-limits.js';
import { migration007 } from './migrations/m007-event-outbox.js';
import { migration008 } from './migrations/m008-business-buyers.js';
import { migration009 } from './migrations/m009-millisecond-times.js';
import { migration010 } from './migrations/m010-retention.js';
import { migration011 } from './migrations/m011-invoice-numbers.js';
import { migration012 } from './migrations/m012-refunds.js';
import { migration013 } from './migrations/m013-disputes.js';
import { migration014 } from './migrations/m014-payment-method-updates.js';
import { migration015 } from './migrations/m015-plan-changes.js';
import type { Migration } from './migrations/migration.js';
import { DEFAULT_SCHEMA, quoteSchema } from './schemaName.js';

export type { Migration } from './migrations/migration.js';

/**
 * Every migration of the checkout store, oldest first: one numbered file each in
 * `migrations/`. A new step is a new file and a line here; a released one never changes.
 */
export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
];

/**
 * Brings `schema` up to the latest migration and returns the versions applied by this
 * call (empty when it was already current).
 *
 * Everything runs in one transaction behind a transaction-scoped advisory lock keyed on
 * the schema, so processes that start together queue up: the first migrates, the others
 * then find nothing to do. Without the lock, two concurrent `CREATE SCHEMA IF NOT EXISTS`
 * can still both try to create it and one fails on a unique violation.
 */
export async function applyMigrations(
  client: SqlClient,
  schema: string,
  steps: readonly Migration[] = migrations,
): Promise<number[]> {
  const quoted = quoteSchema(schema);
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`plankit.migrate:${schema}`]);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    // LOCAL: reverts at the end of the transaction, so a pooled connection is left as found.
    await tx.query(`SET LOCAL search_path TO ${quoted}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => Number(row.version)));
    const applied: number[] = [];
    for (const step of [...steps].sort((a, b) => a.version - b.version)) {
      if (done.has(step.version)) continue;
      for (const statement of step.sql) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        step.version,
        step.name,
      ]);
      applied.push(step.version);
    }
    await syncLifecycle(tx);
    return applied;
  });
}

/**
 * The versions of the store's migrations that `schema` has not applied yet (all of them when
 * it has none), in one statement that takes no lock, so a host's readiness check can ask it on
 * every poll: a host whose database lags its code is not ready. Versions the database has
 * beyond this code's (a newer release migrated it) are not pending.
 */
export async function pendingMigrations(
  client: SqlQueryable,
  schema: string = DEFAULT_SCHEMA,
): Promise<number[]> {
  let applied: number[];
  try {
    const { rows } = await client.query<{ version: number | string }>(
      `SELECT version FROM ${quoteSchema(schema)}.schema_migrations`,
    );
    applied = rows.map((row) => Number(row.version));
  } catch (error) {
    // No schema or no table yet: nothing is applied.
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
    applied = [];
  }
  const done = new Set(applied);
  return migrations.map((step) => step.version).filter((version) => !done.has(version));
}

/**
 * Rewrites the database's copy of the lifecycle's transitions from the TypeScript table, so
 * the trigger always checks the rules this code runs. Runs inside the migration lock.
 */
async function syncLifecycle(tx: SqlQueryable): Promise<void> {
  const { rows } = await tx.query<{ n: number | string }>(
    "SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'session_transitions'",
  );
  if (Number(rows[0]?.n ?? 0) === 0) return; // Only when a test stopped short of version 4.
  const transitions = lifecycleTransitions();
  await tx.query('DELETE FROM session_transitions');
  await tx.query(
    `INSERT INTO session_transitions (event, from_status, to_status) VALUES ${transitions
      .map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`)
      .join(', ')}`,
    transitions.flatMap(({ event, from, to }) => [event, from, to]),
  );
}
