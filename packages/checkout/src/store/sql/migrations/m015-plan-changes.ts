import type { Migration } from './migration.js';

/**
 * Issue 22.1: plan changes (plan, interval, seats) from the manage page.
 *
 * - A subscription keeps the quote of its current terms (`terms`, null while they are the
 *   checkout's), so a renewal after a change bills the new plan, seats and amounts.
 * - An upgrade charges its prorated difference as an order of its own (`kind = 'proration'`,
 *   numbered by the invoices' trigger like any paid order), written in the statement that
 *   changes the subscription; `change_key` (the charge's idempotency key) is unique, so a
 *   confirmation sent twice records one order.
 * - A downgrade waits for the period's end (`pending_change`) unless the engine applies it
 *   now (`planChanges.downgrade: 'now'`), which credits the unused part (`credit_balance`,
 *   taken off the next renewals).
 * - `last_change` is the change the subscription's last update made; the events trigger
 *   writes `subscription.updated` with it (before looking at the period, since an interval
 *   change starts a new period) and with the proration's order. The buyer is emailed.
 */
export const migration015: Migration = {
  version: 15,
  name: 'plan changes: terms, pending changes, credits, proration orders, subscription.updated',
  sql: [
    'ALTER TABLE orders DROP CONSTRAINT orders_kind_check',
    `ALTER TABLE orders ADD CONSTRAINT orders_kind_check
      CHECK (kind IN ('checkout', 'renewal', 'proration'))`,
    'ALTER TABLE orders ADD COLUMN change_key text UNIQUE',
    `ALTER TABLE subscriptions
      ADD COLUMN terms jsonb,
      ADD COLUMN pending_change jsonb,
      ADD COLUMN last_change jsonb,
      ADD COLUMN credit_balance bigint NOT NULL DEFAULT 0 CHECK (credit_balance >= 0)`,
    `CREATE OR REPLACE FUNCTION subscription_events() RETURNS trigger LANGUAGE plpgsql
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
        ELSIF NEW.last_change IS DISTINCT FROM OLD.last_change AND NEW.last_change IS NOT NULL THEN
          PERFORM emit_event('subscription.updated', NEW.id, body || jsonb_build_object(
            'change', NEW.last_change,
            'order', (SELECT to_jsonb(o) FROM orders o
              WHERE o.id = NEW.last_change->>'orderId')));
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
    'DROP TRIGGER subscriptions_events ON subscriptions',
    `CREATE TRIGGER subscriptions_events
      AFTER UPDATE ON subscriptions
      FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status
        OR NEW.current_period_end IS DISTINCT FROM OLD.current_period_end
        OR NEW.cancel_at_period_end IS DISTINCT FROM OLD.cancel_at_period_end
        OR NEW.last_change IS DISTINCT FROM OLD.last_change)
      EXECUTE FUNCTION subscription_events()`,
    "INSERT INTO email_event_types (type) VALUES ('subscription.updated')",
  ],
};
