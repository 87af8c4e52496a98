// The SQL of replacing a subscription's card (issue 22.2): the intent that saves a new card
// while the buyer is away on the provider's pages, the card itself (its event written by
// migration 14's trigger), and taking a past-due renewal to charge it now. Each is one
// conditional statement; a subscription that ended takes none of them.

import { SUBSCRIPTION_EVENTS } from '../../lifecycle/subscriptionLifecycle.js';
import type { NewSubscriptionPaymentMethod } from '../types.js';
import { ms, Params, statusList, type Tables } from './statementParts.js';

/** The states whose card may be replaced: every state but ended. */
const LIVE = statusList(SUBSCRIPTION_EVENTS.cancel.from);

/** Remembers the intent that saves the buyer's new card on the provider's pages. */
export function paymentMethodIntentStatement(t: Tables, subscriptionId: string, intentId: string) {
  return {
    text: `UPDATE ${t.subscriptions} SET payment_method_intent = $2
      WHERE id = $1 AND status IN (${LIVE}) RETURNING *`,
    values: [subscriptionId, intentId],
  };
}

/**
 * Sets the card the subscription is charged with. With `intentId`, only while that intent is
 * still the one waiting (a return from the provider's pages, once); it is cleared either way.
 */
export function setPaymentMethodStatement(t: Tables, update: NewSubscriptionPaymentMethod) {
  const p = new Params();
  const intent = update.intentId ? `AND payment_method_intent = ${p.add(update.intentId)}` : '';
  const text = `UPDATE ${t.subscriptions} SET
      payment_method_id = ${p.add(update.paymentMethodId)},
      customer_ref = COALESCE(${p.add(update.customerRef, 'text')}, customer_ref),
      payment_method_brand = ${p.add(update.paymentMethod.brand)},
      payment_method_last4 = ${p.add(update.paymentMethod.last4)},
      payment_method_intent = NULL
    WHERE id = ${p.add(update.subscriptionId)} AND status IN (${LIVE}) ${intent}
    RETURNING *`;
  return { text, values: p.values };
}

/**
 * Takes a past-due subscription the engine renews for `leaseMs`, to charge its renewal now
 * with a new card; null while another process holds it (a scheduled retry, a second tab).
 */
export function claimPastDueStatement(t: Tables, subscriptionId: string, leaseMs: number) {
  const p = new Params();
  const text = `UPDATE ${t.subscriptions}
      SET lease_until = ${t.now} + ${ms(p.add(leaseMs, 'bigint'))}
    WHERE id = ${p.add(subscriptionId)} AND status = 'past_due' AND renewed_by = 'engine'
      AND NOT cancel_at_period_end AND payment_method_id IS NOT NULL
      AND (lease_until IS NULL OR lease_until <= ${t.now})
    RETURNING *`;
  return { text, values: p.values };
}
