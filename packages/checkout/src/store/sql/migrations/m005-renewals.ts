import type { Migration } from './migration.js';

export const migration005: Migration = {
  version: 5,
  name: 'provider intents, saved payment methods, renewals, provider events',
  sql: [
    // Webhooks find a session by its provider's intent.
    `CREATE INDEX checkout_sessions_intent_idx ON checkout_sessions (provider_payment_id)
      WHERE provider_payment_id IS NOT NULL`,
    // Expired sessions waiting for the buyer are canceled at the provider first.
    `CREATE INDEX checkout_sessions_waiting_idx ON checkout_sessions (expires_at)
      WHERE status = 'requires_action'`,
    // Renewal orders have no checkout session.
    'ALTER TABLE orders ALTER COLUMN session_id DROP NOT NULL',
    `ALTER TABLE orders
      ADD COLUMN kind text NOT NULL DEFAULT 'checkout' CHECK (kind IN ('checkout', 'renewal')),
      ADD COLUMN subscription_id text,
      ADD COLUMN payment_method_brand text,
      ADD COLUMN payment_method_last4 text,
      ADD COLUMN period_end timestamptz`,
    // One renewal order per subscription and period, however often a renewal is retried.
    `CREATE UNIQUE INDEX orders_renewal_period_idx ON orders (subscription_id, period_end)
      WHERE kind = 'renewal'`,
    'ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check',
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
      CHECK (status IN ('trialing', 'active', 'past_due', 'canceled'))`,
    `ALTER TABLE subscriptions
      ADD COLUMN currency text,
      ADD COLUMN amount bigint CHECK (amount >= 0),
      ADD COLUMN current_period_start timestamptz,
      ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
      ADD COLUMN canceled_at timestamptz,
      ADD COLUMN payment_method_id text,
      ADD COLUMN customer_ref text,
      ADD COLUMN renewed_by text NOT NULL DEFAULT 'engine' CHECK (renewed_by IN ('engine', 'provider')),
      ADD COLUMN provider_subscription_ref text,
      ADD COLUMN renewal_attempt integer NOT NULL DEFAULT 0 CHECK (renewal_attempt >= 0),
      ADD COLUMN next_attempt_at timestamptz,
      ADD COLUMN lease_until timestamptz`,
    // Subscriptions from before saved payment methods have none to renew with.
    `UPDATE subscriptions s SET currency = o.currency, amount = o.total,
        current_period_start = s.created_at
      FROM orders o WHERE o.id = s.order_id`,
    `ALTER TABLE subscriptions ALTER COLUMN currency SET NOT NULL,
      ALTER COLUMN amount SET NOT NULL, ALTER COLUMN current_period_start SET NOT NULL`,
    `CREATE INDEX subscriptions_due_idx ON subscriptions (next_attempt_at)
      WHERE status IN ('trialing', 'active', 'past_due') AND renewed_by = 'engine'`,
    `CREATE UNIQUE INDEX subscriptions_provider_ref_idx ON subscriptions (provider_subscription_ref)
      WHERE provider_subscription_ref IS NOT NULL`,
    // Webhook events handled already: a repeat changes nothing.
    `CREATE TABLE provider_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`,
    // The payment provider the engines on this store run with (the test clock checks it).
    'ALTER TABLE clock ADD COLUMN provider_id text',
  ],
};
