import type { Migration } from './migration.js';

/**
 * Issue 22.5: refunds, each with a credit note numbered from the invoices' sequence.
 *
 * A refund the merchant asks for is written `pending`, under its key, before the provider
 * is asked, and in the same statement reserves its amount on the order
 * (`orders.amount_refunded`, the refunds not failed): a second refund sees what the first
 * took, so two can never add up to more than was paid, and a command killed half-way finds
 * its refund again and asks the provider under the same key. The provider's answer moves it
 * to `succeeded` (the credit note takes its number, `order.refunded` is written) or
 * `failed` (its amount is released). A refund made at the provider (its dashboard) arrives
 * by webhook and is written `succeeded` at once.
 *
 * The event types sent by email move into a table, so a later step adds one with an INSERT
 * instead of writing `emit_event` again.
 */
export const migration012: Migration = {
  version: 12,
  name: 'refunds and credit notes; the event types sent by email in a table',
  sql: [
    'ALTER TABLE orders ADD COLUMN amount_refunded bigint NOT NULL DEFAULT 0',
    `CREATE TABLE refunds (
      id text PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders (id),
      idempotency_key text NOT NULL UNIQUE,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      reason text,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      source text NOT NULL CHECK (source IN ('merchant', 'provider')),
      provider_refund_id text UNIQUE,
      failure_message text,
      credit_note_prefix text,
      credit_note_number text UNIQUE,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`,
    'CREATE INDEX refunds_order_idx ON refunds (order_id, created_at)',
    "CREATE INDEX refunds_pending_idx ON refunds (updated_at) WHERE status = 'pending'",
    // A refund made at the provider names the payment it refunds.
    `CREATE INDEX orders_provider_payment_idx ON orders (provider_payment_id)
      WHERE provider_payment_id IS NOT NULL`,
    // The credit note's number, when the refund succeeds: from the invoices' sequence, in
    // the statement that records it.
    `CREATE FUNCTION number_credit_note() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        IF NEW.status = 'succeeded' AND NEW.credit_note_number IS NULL
            AND NEW.credit_note_prefix IS NOT NULL THEN
          NEW.credit_note_number := next_document_number(NEW.credit_note_prefix);
        END IF;
        RETURN NEW;
      END
      $$`,
    `CREATE TRIGGER refunds_credit_note_number
      BEFORE INSERT OR UPDATE OF status ON refunds
      FOR EACH ROW EXECUTE FUNCTION number_credit_note()`,
    // order.refunded once per refund, when it succeeds: the refund, the order after it and
    // what of the payment remains; the language of the order's checkout.
    `CREATE FUNCTION refund_events() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      DECLARE
        refunded_order orders%ROWTYPE;
      BEGIN
        IF NEW.status = 'succeeded' AND (TG_OP = 'INSERT' OR OLD.status <> 'succeeded') THEN
          SELECT * INTO refunded_order FROM orders WHERE id = NEW.order_id;
          PERFORM emit_event('order.refunded', NEW.order_id, jsonb_build_object(
            'refund', to_jsonb(NEW),
            'order', to_jsonb(refunded_order),
            'refunded', (SELECT COALESCE(sum(amount), 0) FROM refunds
              WHERE order_id = NEW.order_id AND status = 'succeeded'),
            'locale', (SELECT s.locale FROM checkout_sessions s WHERE s.id = COALESCE(
              refunded_order.session_id,
              (SELECT session_id FROM subscriptions WHERE id = refunded_order.subscription_id)))));
        END IF;
        RETURN NULL;
      END
      $$`,
    `CREATE TRIGGER refunds_events
      AFTER INSERT OR UPDATE OF status ON refunds
      FOR EACH ROW EXECUTE FUNCTION refund_events()`,
    `CREATE TABLE email_event_types (type text PRIMARY KEY)`,
    `INSERT INTO email_event_types (type) VALUES ('order.paid'), ('subscription.renewed'),
      ('subscription.past_due'), ('subscription.canceled'), ('order.refunded')`,
    `CREATE OR REPLACE FUNCTION emit_event(event_type text, object text, body jsonb) RETURNS void
      LANGUAGE plpgsql SET search_path FROM CURRENT
      AS $$
      DECLARE
        event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
        at timestamptz := clock_now();
        next_version integer;
      BEGIN
        INSERT INTO event_objects AS o (object_id, version) VALUES (object, 1)
          ON CONFLICT (object_id) DO UPDATE SET version = o.version + 1
          RETURNING o.version INTO next_version;
        INSERT INTO events (id, type, object_id, version, payload, created_at)
          VALUES (event_id, event_type, object, next_version, body, at);
        INSERT INTO event_deliveries (event_id, channel, next_attempt_at)
          SELECT event_id, c.channel, at FROM event_channels c
          WHERE c.channel <> 'email'
            OR EXISTS (SELECT 1 FROM email_event_types t WHERE t.type = event_type);
        -- Wakes the engines listening (issue 24.1) once the transaction commits; the
        -- payload names the store's schema, so stores sharing a database keep apart.
        -- Postgres sends one notification per transaction for the same payload.
        PERFORM pg_notify('plankit_events', current_schema());
      END
      $$`,
    // The merchant's lists (issue 22.6: plankit orders / subscriptions, engine.listOrders):
    // by buyer, by date, by status, without reading every row of a large shop.
    'CREATE INDEX orders_email_idx ON orders (lower(email), created_at)',
    'CREATE INDEX orders_created_idx ON orders (created_at, id)',
    'CREATE INDEX subscriptions_status_idx ON subscriptions (status, created_at)',
    'CREATE INDEX subscriptions_email_idx ON subscriptions (lower(email))',
    // "Find my subscription" (issue 22.3): requests counted per client and per email (keyed
    // hashes), for its throttle; pruned with the other throttles' records.
    `CREATE TABLE link_requests (
      id bigserial PRIMARY KEY,
      client_key text,
      email_key text NOT NULL,
      at timestamptz(3) NOT NULL
    )`,
    'CREATE INDEX link_requests_client_at_idx ON link_requests (client_key, at)',
    'CREATE INDEX link_requests_email_at_idx ON link_requests (email_key, at)',
    'CREATE INDEX link_requests_at_idx ON link_requests (at)',
  ],
};
