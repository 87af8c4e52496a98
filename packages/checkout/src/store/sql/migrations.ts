import { EMAIL_EVENT_TYPES } from '../../events/types.js';
import { lifecycleTransitions } from '../../lifecycle/sessionLifecycle.js';
import type { SqlClient, SqlQueryable } from '../types.js';
import { quoteSchema } from './schemaName.js';

// Inlined into SQL: constants of the package, never input.
const EMAIL_TYPES = EMAIL_EVENT_TYPES.map((type) => `'${type}'`).join(', ');

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
  {
    version: 4,
    name: 'the lifecycle as data: states, a transition table and trigger, leases, the store clock',
    sql: [
      // The old statuses ('complete', and 'processing' + next_action, 'failed' +
      // outcome_unknown) become states of the lifecycle (lifecycle/sessionLifecycle.ts).
      'ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check',
      'ALTER TABLE checkout_sessions ADD COLUMN lease_until timestamptz, ADD COLUMN action_url text',
      `UPDATE checkout_sessions s SET status = CASE WHEN EXISTS (
          SELECT 1 FROM subscriptions sub WHERE sub.session_id = s.id AND sub.status = 'trialing'
        ) THEN 'trialing' ELSE 'paid' END
        WHERE status = 'complete'`,
      `UPDATE checkout_sessions SET status = 'requires_action'
        WHERE status = 'processing' AND next_action = 'authenticate'`,
      `UPDATE checkout_sessions SET lease_until = updated_at + interval '2 minutes'
        WHERE status = 'processing'`,
      // An unknown outcome is an attempt nobody holds: resumable at once under its key.
      `UPDATE checkout_sessions
        SET status = 'processing', lease_until = updated_at, failure_code = NULL,
            failure_message = NULL
        WHERE status = 'failed' AND failure_code = 'outcome_unknown'`,
      'ALTER TABLE checkout_sessions DROP COLUMN next_action, DROP COLUMN claim_token',
      `ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
        CHECK (status IN ('open', 'processing', 'requires_action', 'paid', 'trialing', 'failed',
          'expired', 'refunded', 'canceled'))`,
      'DROP INDEX checkout_sessions_expirable_idx',
      `CREATE INDEX checkout_sessions_expirable_idx ON checkout_sessions (expires_at)
        WHERE status IN ('open', 'failed', 'requires_action')`,
      'DROP INDEX checkout_sessions_unresolved_idx',
      `CREATE INDEX checkout_sessions_stale_idx ON checkout_sessions (lease_until)
        WHERE status = 'processing'`,
      // The store's clock: the database's now(), moved by the test clock in test mode.
      `CREATE TABLE clock (
        id integer PRIMARY KEY CHECK (id = 1),
        frozen_at timestamptz,
        offset_ms bigint NOT NULL DEFAULT 0
      )`,
      'INSERT INTO clock (id) VALUES (1)',
      // SET search_path FROM CURRENT: the body finds `clock` in this schema whatever the
      // caller's search_path is.
      `CREATE FUNCTION clock_now() RETURNS timestamptz LANGUAGE sql STABLE
        SET search_path FROM CURRENT
        AS $$ SELECT COALESCE(frozen_at, now() + offset_ms * interval '1 millisecond')
              FROM clock WHERE id = 1 $$`,
      // The lifecycle's transitions, rewritten from the TypeScript table on every migrate
      // (syncLifecycle below); the trigger refuses any status change not in it.
      `CREATE TABLE session_transitions (
        event text NOT NULL,
        from_status text NOT NULL,
        to_status text NOT NULL,
        PRIMARY KEY (from_status, event)
      )`,
      `CREATE FUNCTION check_session_transition() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT
        AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            IF NEW.status <> 'open' AND NOT EXISTS (
              SELECT 1 FROM session_transitions WHERE from_status = 'open' AND to_status = NEW.status
            ) THEN
              RAISE EXCEPTION 'plankit: a checkout session cannot start in state %', NEW.status
                USING ERRCODE = 'check_violation';
            END IF;
          ELSIF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
            SELECT 1 FROM session_transitions
            WHERE from_status = OLD.status AND to_status = NEW.status
          ) THEN
            RAISE EXCEPTION 'plankit: forbidden checkout session transition % -> %',
              OLD.status, NEW.status USING ERRCODE = 'check_violation';
          END IF;
          RETURN NEW;
        END
        $$`,
      `CREATE TRIGGER checkout_sessions_lifecycle
        BEFORE INSERT OR UPDATE OF status ON checkout_sessions
        FOR EACH ROW EXECUTE FUNCTION check_session_transition()`,
    ],
  },
  {
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
  },
  {
    version: 6,
    name: 'card-testing limits per email; promo code guesses',
    sql: [
      // A keyed hash of the buyer's email (never the address itself), so declines are
      // counted per buyer across sessions and client addresses.
      'ALTER TABLE payment_failures ADD COLUMN email_key text',
      `CREATE INDEX payment_failures_email_at_idx ON payment_failures (email_key, at)
        WHERE email_key IS NOT NULL`,
      // Promo codes that did not exist or had expired, by client and by checkout key.
      `CREATE TABLE promo_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        client_key text,
        checkout_key text,
        at timestamptz NOT NULL
      )`,
      `CREATE INDEX promo_failures_client_at_idx ON promo_failures (client_key, at)
        WHERE client_key IS NOT NULL`,
      `CREATE INDEX promo_failures_checkout_at_idx ON promo_failures (checkout_key, at)
        WHERE checkout_key IS NOT NULL`,
    ],
  },
  {
    version: 7,
    name: 'events: a transactional outbox, its deliveries and attempts; the checkout language',
    sql: [
      // Emails are written in the language of the checkout.
      "ALTER TABLE checkout_sessions ADD COLUMN locale text NOT NULL DEFAULT 'en'",
      // One row per event, written by the triggers below in the transaction of the change it
      // reports: never lost after a commit, never there for a change that rolled back.
      `CREATE TABLE events (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        type text NOT NULL,
        object_id text NOT NULL,
        version integer NOT NULL CHECK (version > 0),
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (object_id, version)
      )`,
      'CREATE INDEX events_created_idx ON events (created_at)',
      // The ways events leave (in-process handlers, webhooks, emails). An engine records the
      // ones it serves; every event after that gets a delivery per channel, so one that
      // no process is serving right now waits for the next that does.
      `CREATE TABLE event_channels (
        channel text PRIMARY KEY CHECK (channel IN ('handlers', 'webhook', 'email')),
        since timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE event_deliveries (
        event_id text NOT NULL REFERENCES events (id),
        channel text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease_until timestamptz,
        last_error text,
        delivered_at timestamptz,
        PRIMARY KEY (event_id, channel)
      )`,
      `CREATE INDEX event_deliveries_due_idx ON event_deliveries (channel, next_attempt_at)
        WHERE status = 'pending'`,
      `CREATE TABLE event_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id text NOT NULL,
        channel text NOT NULL,
        at timestamptz NOT NULL,
        ok boolean NOT NULL,
        status_code integer,
        error text
      )`,
      'CREATE INDEX event_attempts_event_idx ON event_attempts (event_id, at)',
      // Writes one event. Its version is the object's last plus one: events about one object
      // are written under that object's row lock, and each statement of a PL/pgSQL function
      // reads a fresh snapshot, so a writer that waited sees the version before it.
      `CREATE FUNCTION emit_event(event_type text, object text, body jsonb) RETURNS void
        LANGUAGE plpgsql SET search_path FROM CURRENT
        AS $$
        DECLARE
          event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
          at timestamptz := clock_now();
          next_version integer;
        BEGIN
          SELECT COALESCE(max(version), 0) + 1 INTO next_version FROM events WHERE object_id = object;
          INSERT INTO events (id, type, object_id, version, payload, created_at)
            VALUES (event_id, event_type, object, next_version, body, at);
          INSERT INTO event_deliveries (event_id, channel, next_attempt_at)
            SELECT event_id, c.channel, at FROM event_channels c
            WHERE c.channel <> 'email' OR event_type IN (${EMAIL_TYPES});
        END
        $$`,
      `CREATE FUNCTION checkout_session_events() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT
        AS $$
        DECLARE
          paid_order orders%ROWTYPE;
        BEGIN
          IF NEW.status = 'paid' THEN
            -- Written in the same statement as the status (applyEvent); an AFTER trigger
            -- runs at the end of the statement and sees it.
            SELECT * INTO paid_order FROM orders WHERE session_id = NEW.id;
            IF FOUND THEN
              PERFORM emit_event('order.paid', paid_order.id, jsonb_build_object(
                'order', to_jsonb(paid_order), 'session', to_jsonb(NEW),
                'subscription_id', (SELECT id FROM subscriptions WHERE session_id = NEW.id)));
            END IF;
          ELSIF NEW.status = 'failed' THEN
            PERFORM emit_event('payment.failed', NEW.id, jsonb_build_object('session', to_jsonb(NEW)));
          ELSIF NEW.status = 'expired' THEN
            PERFORM emit_event('checkout.expired', NEW.id, jsonb_build_object('session', to_jsonb(NEW)));
          END IF;
          RETURN NULL;
        END
        $$`,
      `CREATE TRIGGER checkout_sessions_events
        AFTER UPDATE OF status ON checkout_sessions
        FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status)
        EXECUTE FUNCTION checkout_session_events()`,
      `CREATE FUNCTION subscription_events() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT
        AS $$
        DECLARE
          body jsonb := jsonb_build_object('subscription', to_jsonb(NEW),
            'locale', (SELECT locale FROM checkout_sessions WHERE id = NEW.session_id));
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM emit_event('subscription.created', NEW.id, body);
          ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status = 'canceled' THEN
            PERFORM emit_event('subscription.canceled', NEW.id, body);
          ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status = 'past_due' THEN
            PERFORM emit_event('subscription.past_due', NEW.id, body);
          ELSIF NEW.current_period_end > OLD.current_period_end THEN
            PERFORM emit_event('subscription.renewed', NEW.id, body || jsonb_build_object(
              'order', (SELECT to_jsonb(o) FROM orders o WHERE o.subscription_id = NEW.id
                AND o.kind = 'renewal' AND o.period_end = NEW.current_period_end)));
          ELSIF NEW.cancel_at_period_end IS DISTINCT FROM OLD.cancel_at_period_end THEN
            PERFORM emit_event('subscription.updated', NEW.id, body);
          END IF;
          RETURN NULL;
        END
        $$`,
      `CREATE TRIGGER subscriptions_created_event
        AFTER INSERT ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION subscription_events()`,
      // Leases and retry times change often and report nothing.
      `CREATE TRIGGER subscriptions_events
        AFTER UPDATE ON subscriptions
        FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status
          OR NEW.current_period_end IS DISTINCT FROM OLD.current_period_end
          OR NEW.cancel_at_period_end IS DISTINCT FROM OLD.cancel_at_period_end)
        EXECUTE FUNCTION subscription_events()`,
    ],
  },
  {
    version: 8,
    name: 'business buyers: company, VAT ID and its check, billing address',
    sql: [
      // One jsonb per session and its order (BusinessBuyer): a consumer has none. Whether the
      // sale was reverse charged, and both VAT IDs, are in the session's quote.
      'ALTER TABLE checkout_sessions ADD COLUMN business jsonb',
      'ALTER TABLE orders ADD COLUMN business jsonb',
    ],
  },
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
