// The SQL of subscriptions: renewals the engine charges, and the buyer's cancellation. Status
// changes come from the subscription lifecycle (SUBSCRIPTION_EVENTS), times from the store's
// clock; each operation is one statement.

import { SUBSCRIPTION_EVENTS } from '../../lifecycle/subscriptionLifecycle.js';
import type { PlanChangeInput, SubscriptionUpdate } from '../types.js';
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
  // Credit from a downgrade pays (part of) a renewal: the engine charged that much less.
  const credit = p.add(update.renewal?.creditApplied ?? 0, 'bigint');
  const set =
    update.event === 'renew'
      ? `status = '${rule.to}', current_period_start = ${start},
        current_period_end = ${next}, renewal_attempt = 0,
        credit_balance = s.credit_balance - ${credit},
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
        AND s.credit_balance >= ${credit}
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
      SELECT ${p.add(orderId)}, ${p.add(renewal.reference)}, 'renewal', u.id, u.plan_id,
          u.billing_interval, u.seats, o.currency,
          COALESCE((u.terms->>'subtotal')::bigint, o.subtotal),
          COALESCE((u.terms->>'discount')::bigint, o.discount),
          COALESCE((u.terms->>'tax')::bigint, o.tax),
          COALESCE((u.terms->>'total')::bigint, o.total),
          u.amount - ${credit}, o.email, ${p.add(renewal.providerPaymentId, 'text')},
          ${p.add(renewal.paymentMethod?.brand ?? null, 'text')},
          ${p.add(renewal.paymentMethod?.last4 ?? null, 'text')}, u.current_period_end,
          ${p.add(renewal.invoicePrefix ?? null, 'text')}, clock.t
      FROM upd u JOIN ${t.orders} o ON o.id = u.order_id, clock
    )`);
  }
  return { text: `WITH ${ctes.join(',\n    ')}\n    SELECT * FROM upd`, values: p.values };
}

/** The statuses a plan change applies to: a subscription that is paid up (or in its trial). */
const CHANGEABLE = "'active', 'trialing'";

/**
 * Records a plan change, once: only while the subscription has the terms and period the
 * change was computed from. Applied now, it takes the new terms (and period, when the
 * interval changed), adds the credit, and writes the proration's order in the same
 * statement; scheduled, it is kept in `pending_change`. `last_change` makes the trigger
 * write `subscription.updated`.
 */
export function changeSubscriptionStatement(t: Tables, input: PlanChangeInput) {
  const p = new Params();
  const { change, expected } = input;
  const json = p.add(JSON.stringify(change), 'jsonb');
  const period = input.period ?? null;
  const set =
    change.status === 'applied'
      ? `plan_id = ${p.add(change.next.planId)}, billing_interval = ${p.add(change.next.interval)},
        seats = ${p.add(change.next.seats, 'int')}, amount = ${p.add(change.next.amount, 'bigint')},
        terms = ${json}->'terms',
        current_period_start = COALESCE(${p.add(period?.start ?? null, 'timestamptz')}, s.current_period_start),
        current_period_end = COALESCE(${p.add(period?.end ?? null, 'timestamptz')}, s.current_period_end),
        next_attempt_at = CASE WHEN s.next_attempt_at IS NULL THEN NULL
          ELSE COALESCE(${p.add(period?.end ?? null, 'timestamptz')}, s.next_attempt_at) END,
        credit_balance = s.credit_balance + ${p.add(change.credit, 'bigint')},
        pending_change = NULL, last_change = ${json}`
      : `pending_change = ${json}, last_change = ${json}`;
  const ctes = [
    `clock AS (SELECT ${t.now} AS t)`,
    `upd AS (
      UPDATE ${t.subscriptions} s SET ${set}
      FROM clock
      WHERE s.id = ${p.add(input.subscriptionId)} AND s.status IN (${CHANGEABLE})
        AND NOT s.cancel_at_period_end
        AND s.plan_id = ${p.add(expected.planId)}
        AND s.billing_interval = ${p.add(expected.interval)}
        AND s.seats = ${p.add(expected.seats, 'int')}
        AND s.amount = ${p.add(expected.amount, 'bigint')}
        AND s.current_period_end = ${p.add(expected.periodEnd, 'timestamptz')}
      RETURNING s.*
    )`,
  ];
  const order = input.order;
  if (order && change.orderId) {
    ctes.push(`ord AS (
      INSERT INTO ${t.orders} (id, reference, kind, subscription_id, plan_id, billing_interval,
          seats, currency, subtotal, discount, tax, total, amount_paid, email,
          provider_payment_id, payment_method_brand, payment_method_last4, period_end,
          invoice_prefix, change_key, created_at)
      SELECT ${p.add(change.orderId)}, ${p.add(order.reference)}, 'proration', u.id, u.plan_id,
          u.billing_interval, u.seats, u.currency, ${p.add(order.subtotal, 'bigint')},
          ${p.add(order.discount, 'bigint')}, ${p.add(order.tax, 'bigint')},
          ${p.add(order.total, 'bigint')}, ${p.add(change.amountDue, 'bigint')}, u.email,
          ${p.add(order.providerPaymentId, 'text')},
          ${p.add(order.paymentMethod?.brand ?? null, 'text')},
          ${p.add(order.paymentMethod?.last4 ?? null, 'text')}, u.current_period_end,
          ${p.add(order.invoicePrefix, 'text')}, ${p.add(order.changeKey)}, clock.t
      FROM upd u, clock
    )`);
  }
  return { text: `WITH ${ctes.join(',\n    ')}\n    SELECT * FROM upd`, values: p.values };
}

/** Drops a scheduled change; `last_change` records that it was undone. */
export function cancelPendingChangeStatement(t: Tables, subscriptionId: string, changeId: string) {
  return {
    text: `UPDATE ${t.subscriptions} SET pending_change = NULL,
        last_change = pending_change || jsonb_build_object('status', 'unscheduled')
      WHERE id = $1 AND pending_change->>'id' = $2
      RETURNING *`,
    values: [subscriptionId, changeId],
  };
}

/**
 * Applies the scheduled changes whose period is over: the engine's renewal that follows
 * bills the new terms for a period of the new interval; a provider that renews (Stripe)
 * bills the new price it was given with the change.
 */
export function applyDuePlanChangesStatement(t: Tables) {
  const next = (field: string) => `s.pending_change->'next'->>'${field}'`;
  return {
    text: `UPDATE ${t.subscriptions} s SET plan_id = ${next('planId')},
        billing_interval = ${next('interval')}, seats = (${next('seats')})::int,
        amount = (${next('amount')})::bigint, terms = s.pending_change->'terms',
        pending_change = NULL,
        last_change = s.pending_change || jsonb_build_object('status', 'applied')
      WHERE s.pending_change IS NOT NULL
        AND s.status IN (${statusList(SUBSCRIPTION_EVENTS.renew.from)})
        AND s.current_period_end <= ${t.now}
      RETURNING s.*`,
    values: [],
  };
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
