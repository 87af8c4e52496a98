// The SQL of refunds (issue 22.5). A refund's amount is reserved on its order
// (`orders.amount_refunded`) by a conditional UPDATE in the statement that writes it: under
// concurrency the second writer re-reads the order after the first commits, so refunds can
// never add up to more than was paid. Numbers and events come from triggers (migration 12).

import type { BeginRefundInput, ProviderRefundInput, SettleRefundInput } from '../types.js';
import { ms, Params, type Tables } from './statementParts.js';

/** Writes a pending refund and reserves its amount, unless its key is known. */
export function beginRefundStatement(t: Tables, input: BeginRefundInput) {
  const p = new Params();
  const key = p.add(input.idempotencyKey);
  const amount = p.add(input.amount, 'bigint');
  const text = `WITH clock AS (SELECT ${t.now} AS t),
    known AS (SELECT * FROM ${t.refunds} WHERE idempotency_key = ${key}),
    reserved AS (
      UPDATE ${t.orders} o SET amount_refunded = o.amount_refunded + ${amount}
      WHERE o.id = ${p.add(input.orderId)} AND NOT EXISTS (SELECT 1 FROM known)
        AND o.amount_paid - o.amount_refunded >= ${amount}
      RETURNING o.id, o.currency
    ),
    ins AS (
      INSERT INTO ${t.refunds} (id, order_id, idempotency_key, amount, currency, reason, status,
          source, credit_note_prefix, created_at, updated_at)
      SELECT ${p.add(input.refundId)}, r.id, ${key}, ${amount}, r.currency,
          ${p.add(input.reason, 'text')}, 'pending', 'merchant',
          ${p.add(input.creditNotePrefix, 'text')}, clock.t, clock.t
      FROM reserved r, clock
      RETURNING *
    )
    SELECT 'created' AS outcome, ins.* FROM ins
    UNION ALL SELECT 'exists' AS outcome, known.* FROM known`;
  return { text, values: p.values };
}

/** The provider's answer to a pending refund; a failed one gives its amount back. */
export function settleRefundStatement(t: Tables, input: SettleRefundInput) {
  const p = new Params();
  const text = `WITH upd AS (
      UPDATE ${t.refunds} SET status = ${p.add(input.status)},
        provider_refund_id = COALESCE(${p.add(input.providerRefundId, 'text')}, provider_refund_id),
        failure_message = ${p.add(input.failureMessage ?? null, 'text')},
        updated_at = ${t.now}
      WHERE id = ${p.add(input.refundId)} AND status = 'pending'
      RETURNING *
    ),
    released AS (
      UPDATE ${t.orders} o SET amount_refunded = o.amount_refunded - u.amount
      FROM upd u WHERE o.id = u.order_id AND u.status = 'failed'
    )
    SELECT * FROM upd`;
  return { text, values: p.values };
}

/**
 * Records a refund made at the provider, succeeded, once per provider refund id (its key is
 * made from it); the order's refunded amount grows with it. The money has moved: it is
 * recorded even past what the store thought remained.
 */
export function providerRefundStatement(t: Tables, input: ProviderRefundInput) {
  const p = new Params();
  const text = `WITH clock AS (SELECT ${t.now} AS t),
    ins AS (
      INSERT INTO ${t.refunds} (id, order_id, idempotency_key, amount, currency, reason, status,
          source, provider_refund_id, credit_note_prefix, created_at, updated_at)
      SELECT ${p.add(input.refundId)}, o.id, 'provider:' || ${p.add(input.providerRefundId)},
          ${p.add(input.amount, 'bigint')}, ${p.add(input.currency)}, ${p.add(input.reason, 'text')},
          'succeeded', 'provider', ${p.add(input.providerRefundId)},
          ${p.add(input.creditNotePrefix, 'text')}, clock.t, clock.t
      FROM ${t.orders} o, clock
      WHERE o.provider_payment_id = ${p.add(input.providerPaymentId)}
      ORDER BY o.created_at LIMIT 1
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    counted AS (
      UPDATE ${t.orders} o SET amount_refunded = o.amount_refunded + i.amount
      FROM ins i WHERE o.id = i.order_id
    )
    SELECT * FROM ins`;
  return { text, values: p.values };
}

/** Pending refunds the provider has not answered for a while, oldest first. */
export function pendingRefundsStatement(t: Tables, olderThanMs: number, limit: number) {
  const p = new Params();
  const text = `SELECT * FROM ${t.refunds}
    WHERE status = 'pending' AND updated_at <= ${t.now} - ${ms(p.add(olderThanMs, 'bigint'))}
    ORDER BY updated_at LIMIT ${p.add(limit, 'int')}`;
  return { text, values: p.values };
}
