import type { SqlClient } from './types.js';

/** One step of the store's schema. Versions only ever grow; a released step never changes. */
export interface Migration {
  version: number;
  name: string;
  /**
   * The statements of the step, one per string: PGlite runs parameterised-style queries
   * through the extended protocol, which takes a single statement at a time. They run
   * with `search_path` set to the target schema, so names are left unqualified.
   */
  sql: readonly string[];
}

/** Every migration of the checkout store, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'checkout sessions, orders, subscriptions, payment failures',
    sql: [
      `CREATE TABLE checkout_sessions (
        id text PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'processing', 'complete', 'failed', 'expired')),
        attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0),
        next_action text CHECK (next_action IN ('authenticate')),
        plan_id text NOT NULL,
        billing_interval text NOT NULL,
        currency text NOT NULL,
        seats integer NOT NULL CHECK (seats > 0),
        country text NOT NULL,
        promo_code text,
        email text NOT NULL,
        name text NOT NULL,
        amount_due bigint NOT NULL CHECK (amount_due >= 0),
        quote jsonb NOT NULL,
        provider_payment_id text,
        failure_code text,
        failure_message text,
        visitor_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      // expireStaleSessions only looks at sessions that can still expire.
      `CREATE INDEX checkout_sessions_expirable_idx ON checkout_sessions (expires_at)
        WHERE status IN ('open', 'failed')`,
      `CREATE TABLE orders (
        id text PRIMARY KEY,
        reference text NOT NULL UNIQUE,
        session_id text NOT NULL UNIQUE REFERENCES checkout_sessions (id),
        plan_id text NOT NULL,
        billing_interval text NOT NULL,
        seats integer NOT NULL CHECK (seats > 0),
        currency text NOT NULL,
        subtotal bigint NOT NULL,
        discount bigint NOT NULL,
        tax bigint NOT NULL,
        total bigint NOT NULL,
        amount_paid bigint NOT NULL,
        email text NOT NULL,
        provider_payment_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE subscriptions (
        id text PRIMARY KEY,
        session_id text NOT NULL UNIQUE REFERENCES checkout_sessions (id),
        order_id text NOT NULL UNIQUE REFERENCES orders (id),
        plan_id text NOT NULL,
        billing_interval text NOT NULL,
        seats integer NOT NULL CHECK (seats > 0),
        status text NOT NULL CHECK (status IN ('active', 'trialing')),
        current_period_end timestamptz NOT NULL,
        trial_end timestamptz,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // A throttling log, not a relation: no foreign key, so recording never fails.
      `CREATE TABLE payment_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id text NOT NULL,
        client_key text,
        at timestamptz NOT NULL
      )`,
      'CREATE INDEX payment_failures_session_at_idx ON payment_failures (session_id, at)',
      `CREATE INDEX payment_failures_client_at_idx ON payment_failures (client_key, at)
        WHERE client_key IS NOT NULL`,
    ],
  },
  {
    version: 2,
    name: 'all recent payment failures (card-testing backstop), unresolved payments',
    sql: [
      'CREATE INDEX payment_failures_at_idx ON payment_failures (at)',
      `CREATE INDEX checkout_sessions_unresolved_idx ON checkout_sessions (updated_at)
        WHERE status IN ('processing', 'failed')`,
    ],
  },
  {
    version: 3,
    name: 'claim tokens: only the request holding a session records its outcome',
    sql: ['ALTER TABLE checkout_sessions ADD COLUMN claim_token text'],
  },
];

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Checks a schema name and returns it quoted for SQL. Identifiers cannot be bound as
 * parameters, so only plain lowercase names are accepted.
 */
export function quoteSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(
      `Invalid schema name ${JSON.stringify(schema)}: use lowercase letters, digits and "_", ` +
        'starting with a letter or "_", at most 63 characters.',
    );
  }
  return `"${schema}"`;
}

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
    return applied;
  });
}
