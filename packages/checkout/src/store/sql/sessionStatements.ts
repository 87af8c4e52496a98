// The SQL of the session store, one builder per statement. Every status change is a
// conditional update whose `status IN (…)` comes from the lifecycle table, and every time
// is the database's (`clock_now()`), so hosts sharing a database agree on expiry, leases
// and throttle windows. Each operation is one statement (data-modifying CTEs instead of
// BEGIN … COMMIT): one round trip, which is what a checkout's latency is made of on
// PGlite and Postgres alike (bench/checkout.mjs).

import { SESSION_EVENTS, type SessionEvent } from '../../lifecycle/sessionLifecycle.js';
import type { SessionUpdate } from '../types.js';
import { addBillingInterval, ms, Params, statusList, type Tables } from './statementParts.js';

/**
 * Applies one lifecycle event as one statement: the status change (conditional on the
 * event's `from` states and, when given, the attempt), and in data-modifying CTEs that run
 * only if it matched, the order and subscription of a completion and the throttle's
 * failure record.
 */
export function applyEventStatement(
  t: Tables,
  update: SessionUpdate,
  ids: { orderId: string; subscriptionId: string },
) {
  const p = new Params();
  const rule = SESSION_EVENTS[update.event as SessionEvent];
  const id = p.add(update.sessionId);
  const conditions = [`s.id = ${id}`, `s.status IN (${statusList(rule.from)})`];
  if (update.attempt !== undefined) conditions.push(`s.attempt = ${p.add(update.attempt, 'int')}`);
  const paymentId =
    update.providerPaymentId === undefined
      ? 's.provider_payment_id'
      : `COALESCE(${p.add(update.providerPaymentId, 'text')}, s.provider_payment_id)`;
  const lease =
    update.leaseMs === undefined ? 'NULL' : `clock.t + ${ms(p.add(update.leaseMs, 'bigint'))}`;
  const ctes = [
    `clock AS (SELECT ${t.now} AS t)`,
    `upd AS (
      UPDATE ${t.sessions} s SET
        status = '${rule.to}',
        provider_payment_id = ${paymentId},
        action_url = ${p.add(update.actionUrl ?? null, 'text')},
        failure_code = ${p.add(update.failure?.code ?? null, 'text')},
        failure_message = ${p.add(update.failure?.message ?? null, 'text')},
        lease_until = ${lease},
        updated_at = clock.t
      FROM clock
      WHERE ${conditions.join(' AND ')}
      RETURNING s.*
    )`,
  ];
  const { completion } = update;
  if (completion) {
    const { order, subscription } = completion;
    const method = order.paymentMethod ?? null;
    ctes.push(`ord AS (
      INSERT INTO ${t.orders} (id, reference, kind, session_id, plan_id, billing_interval, seats,
          currency, subtotal, discount, tax, total, amount_paid, email, provider_payment_id,
          payment_method_brand, payment_method_last4, business, invoice_prefix, created_at)
      SELECT ${p.add(ids.orderId)}, ${p.add(order.reference)}, 'checkout', u.id,
          ${p.add(order.planId)}, ${p.add(order.interval)}, ${p.add(order.seats, 'int')},
          ${p.add(order.currency)}, ${p.add(order.subtotal, 'bigint')},
          ${p.add(order.discount, 'bigint')}, ${p.add(order.tax, 'bigint')},
          ${p.add(order.total, 'bigint')}, ${p.add(order.amountPaid, 'bigint')},
          ${p.add(order.email)}, u.provider_payment_id, ${p.add(method?.brand ?? null, 'text')},
          ${p.add(method?.last4 ?? null, 'text')}, u.business,
          ${p.add(order.invoicePrefix ?? null, 'text')}, clock.t
      FROM upd u, clock
      RETURNING id, session_id
    )`);
    const trialDays = p.add(subscription.trialDays, 'int');
    const interval = p.add(subscription.interval, 'text');
    // A provider that renews dates the period itself; the store counts only its own.
    const providerStart = p.add(subscription.providerPeriod?.start ?? null, 'timestamptz');
    const providerEnd = p.add(subscription.providerPeriod?.end ?? null, 'timestamptz');
    const trialEnd = `COALESCE(${providerEnd}, clock.t + ${trialDays} * interval '1 day')`;
    const periodEnd = `CASE WHEN ${trialDays} IS NOT NULL THEN ${trialEnd}
        ELSE COALESCE(${providerEnd}, ${addBillingInterval('clock.t', interval)}) END`;
    const renewedBy = p.add(subscription.renewedBy, 'text');
    ctes.push(`sub AS (
      INSERT INTO ${t.subscriptions} (id, session_id, order_id, plan_id, billing_interval,
          seats, status, amount, currency, current_period_start, current_period_end, trial_end,
          email, renewed_by, payment_method_id, customer_ref, provider_subscription_ref,
          next_attempt_at, created_at)
      SELECT ${p.add(ids.subscriptionId)}, o.session_id, o.id, ${p.add(subscription.planId)},
          ${interval}, ${p.add(subscription.seats, 'int')},
          CASE WHEN ${trialDays} IS NULL THEN 'active' ELSE 'trialing' END,
          ${p.add(subscription.amount, 'bigint')}, ${p.add(subscription.currency)},
          COALESCE(${providerStart}, clock.t), ${periodEnd}, CASE WHEN ${trialDays} IS NULL THEN NULL ELSE ${trialEnd} END,
          ${p.add(subscription.email)}, ${renewedBy},
          ${p.add(subscription.paymentMethodId ?? null, 'text')},
          ${p.add(subscription.customerRef ?? null, 'text')},
          ${p.add(subscription.providerSubscriptionRef ?? null, 'text')},
          -- The engine charges at the period's end when it renews, with a method to charge.
          CASE WHEN ${renewedBy} = 'engine' AND ${p.add(subscription.paymentMethodId ?? null, 'text')} IS NOT NULL
            AND ${p.add(subscription.amount, 'bigint')} > 0 THEN ${periodEnd} END,
          clock.t
      FROM ord o, clock
    )`);
  }
  if (update.logFailure) {
    ctes.push(`logged AS (
      INSERT INTO ${t.failures} (session_id, client_key, email_key, at)
      SELECT u.id, ${p.add(update.logFailure.clientKey, 'text')},
        ${p.add(update.logFailure.emailKey, 'text')}, clock.t FROM upd u, clock
    )`);
  }
  return { text: `WITH ${ctes.join(',\n    ')}\n    SELECT * FROM upd`, values: p.values };
}

/**
 * The session, its order and subscription in one query; binds an unowned session to the
 * visitor first when asked. The orders and subscriptions come back as JSON so their
 * columns cannot collide with the session's.
 */
export function sessionRecordStatement(t: Tables, id: string, bindVisitorHash: string | null) {
  const p = new Params();
  const sessionId = p.add(id);
  const visitor = p.add(bindVisitorHash, 'text');
  const text = `WITH bound AS (
      UPDATE ${t.sessions} SET visitor_hash = ${visitor}
      WHERE id = ${sessionId} AND visitor_hash IS NULL AND ${visitor} IS NOT NULL
      RETURNING visitor_hash
    )
    SELECT s.*, (SELECT visitor_hash FROM bound) AS bound_visitor_hash,
      to_jsonb(o) AS order_json, to_jsonb(sub) AS subscription_json,
      s.expires_at <= ${t.now} AS is_expired
    FROM ${t.sessions} s
    LEFT JOIN ${t.orders} o ON o.session_id = s.id
    LEFT JOIN ${t.subscriptions} sub ON sub.session_id = s.id
    WHERE s.id = ${sessionId}`;
  return { text, values: p.values };
}

/** Takes over attempts whose lease ran out, skipping rows another process is taking. */
export function claimStaleStatement(t: Tables, limit: number, leaseMs: number) {
  const p = new Params();
  const text = `UPDATE ${t.sessions} s
    SET lease_until = ${t.now} + ${ms(p.add(leaseMs, 'bigint'))}, updated_at = ${t.now}
    FROM (
      SELECT id FROM ${t.sessions}
      WHERE status = 'processing' AND lease_until <= ${t.now}
      ORDER BY lease_until
      LIMIT ${p.add(limit, 'int')}
      FOR UPDATE SKIP LOCKED
    ) stale
    WHERE s.id = stale.id
    RETURNING s.*`;
  return { text, values: p.values };
}

/**
 * Applies `expire` to every session past its expiry that the lifecycle lets expire, except
 * those waiting for the buyer: their intent must be canceled at the provider first, or an
 * authentication finished at the last moment would charge an expired checkout.
 */
export function expireStatement(t: Tables) {
  const rule = SESSION_EVENTS.expire;
  const states = rule.from.filter((state) => state !== 'requires_action');
  return {
    text: `UPDATE ${t.sessions}
      SET status = '${rule.to}', lease_until = NULL, action_url = NULL, updated_at = ${t.now}
      WHERE status IN (${statusList(states)}) AND expires_at <= ${t.now}`,
    values: [],
  };
}

/** Ends a running attempt's lease now, so it can be resumed at once. */
export function releaseLeaseStatement(t: Tables, sessionId: string, attempt: number) {
  return {
    text: `UPDATE ${t.sessions} SET lease_until = ${t.now}
      WHERE id = $1 AND attempt = $2 AND status = 'processing' AND lease_until > ${t.now}`,
    values: [sessionId, attempt],
  };
}
