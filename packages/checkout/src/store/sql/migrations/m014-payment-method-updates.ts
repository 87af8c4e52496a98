import type { Migration } from './migration.js';

/**
 * Issue 22.2: the buyer replaces a subscription's card on the manage page. The subscription
 * keeps the card it charges now (brand and last four digits, shown on the manage page; null
 * until the buyer replaces the checkout's card, whose order shows it) and the provider's
 * intent that saves a new card while the buyer is on the provider's pages (3-D Secure, the
 * hosted page): only that intent may set the card when the buyer comes back. A new card
 * writes `subscription.payment_method_updated`, in the transaction that sets it. Its own
 * trigger, so the lifecycle's trigger (`subscription_events`) stays as it is.
 */
export const migration014: Migration = {
  version: 14,
  name: 'payment method updates',
  sql: [
    `ALTER TABLE subscriptions ADD COLUMN payment_method_brand text,
      ADD COLUMN payment_method_last4 text,
      ADD COLUMN payment_method_intent text`,
    `CREATE FUNCTION subscription_payment_method_events() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        PERFORM emit_event('subscription.payment_method_updated', NEW.id,
          jsonb_build_object('subscription', to_jsonb(NEW),
            'locale', (SELECT locale FROM checkout_sessions WHERE id = NEW.session_id)));
        RETURN NULL;
      END
      $$`,
    `CREATE TRIGGER subscriptions_payment_method_events
      AFTER UPDATE OF payment_method_id, payment_method_brand, payment_method_last4
      ON subscriptions
      FOR EACH ROW WHEN (NEW.payment_method_brand IS NOT NULL AND (
        NEW.payment_method_id IS DISTINCT FROM OLD.payment_method_id
        OR NEW.payment_method_brand IS DISTINCT FROM OLD.payment_method_brand
        OR NEW.payment_method_last4 IS DISTINCT FROM OLD.payment_method_last4))
      EXECUTE FUNCTION subscription_payment_method_events()`,
  ],
};
