// The SQL of subscriptions: renewals the engine charges, and the buyer's cancellation. Status
// changes come from the subscription lifecycle (SUBSCRIPTION_EVENTS), times from the store's
// clock; each operation is one statement.

import { SUBSCRIPTION_EVENTS } from '../../lifecycle/subscriptionLifecycle.js';
import type { SubscriptionUpdate } from '../types.js';
import { addBillingInterval, ms, Params, statusList, type Tables } from './statementParts.js';

/** Takes due renewals for `leaseMs`, oldest first, skipping rows another process is taking. */
export function claimDueRenewalsStatement(t: Tables, limit: number, leaseMs: number) {
  const p = new Params();
  const lease = p.add(leaseMs, 'bigint');
  const text = `UPDATE ${t.subscriptions} s SET lease_until = ${t.now} + ${ms(lease)}
    FROM (
      SELECT id FROM ${t.subscriptions}
      WHERE status IN (${statusList(SUBSCRIPTION_EVENTS.renew.from)}) AND renewed_by = 'engine'
        AND NOT cancel_at_period_end AND next_attempt_at <= ${t.now}
        AND (lease_until IS NULL OR lease_until <= ${t.now})
      ORDER BY next_attempt_at
      LIMIT ${p.add(limit, 'int')}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE s.id = due.id
    RETURNING s.*`;
  return { text, values: p.values };
}

/**
 * Records one renewal attempt's outcome, once per period and attempt (the update names the
 * period end and attempt it read). A paid renewal moves the period on and writes its order,
 * with the amounts of the checkout's order, in the same statement.
 */
export function subscriptionEventStatement(t: Tables, update: SubscriptionUpdate, orderId: string) {
  const p = new Params();
  const rule = SUBSCRIPTION_EVENTS[update.event];
  const period = update.renewal?.providerPeriod ?? null;
  // A provider that renews dates the new period itself; the store counts only its own.
  const next = period
    ? p.add(period.end, 'timestamptz')
    : addBillingInterval('s.current_period_end', 's.billing_interval');
  const start = period ? p.add(period.start, 'timestamptz') : 's.current_period_end';
  const set =
    update.event === 'renew'
      ? `status = '${rule.to}', current_period_start = ${start},
        current_period_end = ${next}, renewal_attempt = 0,
        next_attempt_at = CASE WHEN s.cancel_at_period_end THEN NULL ELSE ${next} END`
      : update.event === 'fail_renewal'
        ? `status = '${rule.to}', renewal_attempt = s.renewal_attempt + 1,
        next_attempt_at = ${p.add(update.nextAttemptAt ?? null, 'timestamptz')}`
        : `status = '${rule.to}', canceled_at = clock.t, next_attempt_at = NULL`;
  const ctes = [
    `clock AS (SELECT ${t.now} AS t)`,
    `upd AS (
      UPDATE ${t.subscriptions} s SET ${set}, lease_until = NULL
      FROM clock
      WHERE s.id = ${p.add(update.subscriptionId)} AND s.status IN (${statusList(rule.from)})
        AND s.current_period_end = ${p.add(update.periodEnd, 'timestamptz')}
        AND s.renewal_attempt = ${p.add(update.renewalAttempt, 'int')}
      RETURNING s.*
    )`,
  ];
  if (update.event === 'renew' && update.renewal) {
    const { renewal } = update;
    ctes.push(`ord AS (
      INSERT INTO ${t.orders} (id, reference, kind, subscription_id, plan_id, billing_interval,
          seats, currency, subtotal, discount, tax, total, amount_paid, email,
          provider_payment_id, payment_method_brand, payment_method_last4, period_end,
          invoice_prefix, created_at)
      SELECT ${p.add(orderId)}, ${p.add(renewal.reference)}, 'renewal', u.id, o.plan_id,
          o.billing_interval, o.seats, o.currency, o.subtotal, o.discount, o.tax, o.total,
          u.amount, o.email, ${p.add(renewal.providerPaymentId, 'text')},
          ${p.add(renewal.paymentMethod?.brand ?? null, 'text')},
          ${p.add(renewal.paymentMethod?.last4 ?? null, 'text')}, u.current_period_end,
          ${p.add(renewal.invoicePrefix ?? null, 'text')}, clock.t
      FROM upd u JOIN ${t.orders} o ON o.id = u.order_id, clock
    )`);
  }
  return { text: `WITH ${ctes.join(',\n    ')}\n    SELECT * FROM upd`, values: p.values };
}

/** Ends every subscription the buyer canceled whose period is over. */
export function endCanceledStatement(t: Tables) {
  const rule = SUBSCRIPTION_EVENTS.cancel;
  return {
    text: `UPDATE ${t.subscriptions}
      SET status = '${rule.to}', canceled_at = ${t.now}, next_attempt_at = NULL, lease_until = NULL
      WHERE cancel_at_period_end AND status IN (${statusList(rule.from)})
        AND current_period_end <= ${t.now}
      RETURNING *`,
    values: [],
  };
}

/**
 * Sets or clears "cancel at the end of the period". Cleared, the engine charges again at
 * the period's end (or now, when that passed while it was set).
 */
export function cancelAtPeriodEndStatement(t: Tables, subscriptionId: string, cancel: boolean) {
  return {
    text: `UPDATE ${t.subscriptions} SET cancel_at_period_end = $2,
        next_attempt_at = CASE WHEN $2 THEN NULL
          WHEN renewed_by = 'engine' AND payment_method_id IS NOT NULL AND amount > 0
            THEN GREATEST(current_period_end, ${t.now}) END
      WHERE id = $1 AND status IN (${statusList(SUBSCRIPTION_EVENTS.cancel.from)})
      RETURNING *`,
    values: [subscriptionId, cancel],
  };
}
