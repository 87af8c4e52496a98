import type { Migration } from './migration.js';

// The event types sent by email when this step was written, inlined (a released step never
// changes; migration 12 keeps the list in a table).
const EMAIL_TYPES =
  "'order.paid', 'subscription.renewed', 'subscription.past_due', 'subscription.canceled'";

export const migration007: Migration = {
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
};
