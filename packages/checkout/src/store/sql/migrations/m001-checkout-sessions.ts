import type { Migration } from './migration.js';

export const migration001: Migration = {
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
};
