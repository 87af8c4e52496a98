import type { Migration } from './migration.js';

/**
 * Issue 22.5: disputes (chargebacks) the provider reports, one row per provider dispute, on
 * the order whose payment it disputes. Opening one writes `order.disputed`; closing it (won,
 * lost, or closed with a warning) writes `order.dispute_closed`, once each.
 */
export const migration013: Migration = {
  version: 13,
  name: 'disputes',
  sql: [
    `CREATE TABLE disputes (
      id text PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders (id),
      amount integer NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      reason text,
      status text NOT NULL,
      closed boolean NOT NULL DEFAULT false,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`,
    'CREATE INDEX disputes_order_idx ON disputes (order_id)',
    `CREATE FUNCTION dispute_events() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      DECLARE
        disputed orders%ROWTYPE;
        body jsonb;
      BEGIN
        SELECT * INTO disputed FROM orders WHERE id = NEW.order_id;
        body := jsonb_build_object('dispute', to_jsonb(NEW), 'order', to_jsonb(disputed),
          'locale', (SELECT s.locale FROM checkout_sessions s WHERE s.id = COALESCE(
            disputed.session_id,
            (SELECT session_id FROM subscriptions WHERE id = disputed.subscription_id))));
        IF TG_OP = 'INSERT' THEN
          PERFORM emit_event('order.disputed', NEW.order_id, body);
        END IF;
        IF NEW.closed AND (TG_OP = 'INSERT' OR NOT OLD.closed) THEN
          PERFORM emit_event('order.dispute_closed', NEW.order_id, body);
        END IF;
        RETURN NULL;
      END
      $$`,
    `CREATE TRIGGER disputes_events
      AFTER INSERT OR UPDATE OF closed ON disputes
      FOR EACH ROW EXECUTE FUNCTION dispute_events()`,
  ],
};
