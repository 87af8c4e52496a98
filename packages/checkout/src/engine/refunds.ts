// Refunds (issue 22.5): the merchant's (`engine.refund`, `plankit refund`) and the ones a
// provider reports. A refund is written `pending` under its key, its amount reserved on the
// order, before the provider is asked, and the provider is asked under a key made from the
// refund's id: a call killed half-way leaves a pending refund that the next call (or the
// sweeps) asks about again under the same key, so the provider refunds once.

import { InvalidArgumentError, RefundError } from '../errors/errors.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { PaymentProvider, ProviderEvent } from '../providers/types.js';
import type { Order, Refund } from '../store/types.js';
import type { WorkerContext } from './guards.js';

/** What {@link refundOrder} takes. */
export interface RefundRequest {
  /** The order's reference (`PK-…`), as the receipt shows it. */
  orderReference: string;
  /** Minor units of the order's currency; default: all that remains of the payment. */
  amount?: number;
  /** Kept with the refund, sent to the provider, shown on the credit note. */
  reason?: string;
  /**
   * One refund per key: the same key again answers with that refund. Without one, a merchant
   * refund of the order that is still pending is finished first and is the answer.
   */
  idempotencyKey?: string;
}

/** What a refund came to. */
export interface RefundResult {
  /** `pending`: the provider decides later (its webhook, or the sweeps asking again). */
  status: Refund['status'];
  refund: Refund;
  order: Order;
  /** What remains of the payment after the refunds that succeeded or are pending. */
  remaining: number;
  /** It was a refund asked for before (killed half-way, or the same key): finished now. */
  resumed: boolean;
}

/** How long a pending refund waits before the sweeps ask the provider about it again. */
export const PENDING_REFUND_RETRY_MS = 5 * 60_000;

const MAX_REASON_LENGTH = 500;

const newRefundId = () => `rf_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;

type RefundContext = WorkerContext;

function checkRequest(request: RefundRequest): void {
  if (typeof request.orderReference !== 'string' || request.orderReference.trim() === '') {
    throw new InvalidArgumentError('refund: orderReference must be the order’s reference.');
  }
  const { amount } = request;
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0)) {
    throw new InvalidArgumentError(
      `refund: amount must be a positive whole number of minor units (got ${amount}).`,
    );
  }
  if (request.reason !== undefined && request.reason.length > MAX_REASON_LENGTH) {
    throw new InvalidArgumentError(
      `refund: reason must be at most ${MAX_REASON_LENGTH} characters.`,
    );
  }
}

function refundingProvider(ctx: RefundContext): Required<Pick<PaymentProvider, 'refund'>> {
  const { provider } = ctx;
  if (typeof provider.refund !== 'function') {
    throw new RefundError('not_supported', `The payment provider "${provider.id}" cannot refund.`);
  }
  return { refund: provider.refund.bind(provider) };
}

/** Refunds (part of) an order's payment; see {@link RefundRequest}. */
export async function refundOrder(
  ctx: RefundContext,
  request: RefundRequest,
): Promise<RefundResult> {
  checkRequest(request);
  refundingProvider(ctx);
  const reference = request.orderReference.trim();
  const found = await ctx.fromStore('findOrder', { reference }, () =>
    ctx.store.findOrder(reference),
  );
  if (!found) throw new RefundError('order_not_found', `No order has the reference ${reference}.`);
  const { order } = found;
  if (!order.providerPaymentId || order.amountPaid <= 0) {
    throw new RefundError(
      'nothing_paid',
      `Order ${reference} charged nothing: there is nothing to refund.`,
    );
  }
  const pending = found.refunds.find((r) => r.status === 'pending' && r.source === 'merchant');
  if (pending && request.idempotencyKey === undefined) {
    return askProvider(ctx, order, pending, true);
  }
  const remaining = order.amountPaid - order.amountRefunded;
  const amount = request.amount ?? remaining;
  if (amount <= 0 || amount > remaining) throw exceeds(order, remaining);
  const refundId = newRefundId();
  const begun = await ctx.fromStore('beginRefund', { orderId: order.id, refundId }, () =>
    ctx.store.beginRefund({
      refundId,
      orderId: order.id,
      idempotencyKey: request.idempotencyKey ?? refundId,
      amount,
      reason: request.reason?.trim() || null,
      creditNotePrefix: ctx.invoicePrefix,
    }),
  );
  switch (begun.outcome) {
    case 'order_not_found':
      throw new RefundError('order_not_found', `No order has the reference ${reference}.`);
    case 'exceeds':
      throw exceeds(order, begun.remaining);
    case 'exists':
      if (begun.refund.status !== 'pending') return result(ctx, order.id, begun.refund, true);
      return askProvider(ctx, order, begun.refund, true);
    case 'created':
      return askProvider(ctx, order, begun.refund, false);
  }
}

function exceeds(order: Order, remaining: number): RefundError {
  return new RefundError(
    'exceeds_remaining',
    remaining > 0
      ? `Order ${order.reference}: at most ${formatMoney(remaining, order.currency, 'en')} (${remaining} in minor units) remains to refund.`
      : `Order ${order.reference} is refunded in full: nothing remains to refund.`,
    Math.max(remaining, 0),
  );
}

/** Asks the provider about a pending refund (under its own key) and records the answer. */
async function askProvider(
  ctx: RefundContext,
  order: Order,
  refund: Refund,
  resumed: boolean,
): Promise<RefundResult> {
  const { refund: refundAt } = refundingProvider(ctx);
  const details = { orderId: order.id, refundId: refund.id };
  const outcome = await ctx.fromProvider('refund', details, () =>
    refundAt({
      idempotencyKey: `refund:${refund.id}`,
      paymentId: order.providerPaymentId as string,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      metadata: { plankit_refund: refund.id, plankit_order: order.id },
    }),
  );
  if (outcome.status === 'pending') return result(ctx, order.id, refund, resumed);
  const settled = await ctx.fromStore('settleRefund', details, () =>
    ctx.store.settleRefund({
      refundId: refund.id,
      status: outcome.status === 'failed' ? 'failed' : 'succeeded',
      providerRefundId: outcome.refundRef,
      failureMessage: outcome.status === 'failed' ? outcome.message : null,
    }),
  );
  if (outcome.status === 'failed') {
    ctx.logger.warn('[plankit] the payment provider refused a refund', {
      ...details,
      error: outcome.message,
    });
  } else {
    ctx.logger.info('[plankit] refunded', { ...details, amount: refund.amount });
  }
  // Null: another process recorded the answer first; read what it recorded.
  return result(ctx, order.id, settled ?? refund, resumed);
}

async function result(
  ctx: RefundContext,
  orderId: string,
  refund: Refund,
  resumed: boolean,
): Promise<RefundResult> {
  const record = await ctx.fromStore('getOrderRecord', { orderId }, () =>
    ctx.store.getOrderRecord(orderId),
  );
  if (!record) throw new RefundError('order_not_found', `Order ${orderId} is gone.`);
  const current = record.refunds.find((r) => r.id === refund.id) ?? refund;
  return {
    status: current.status,
    refund: current,
    order: record.order,
    remaining: record.order.amountPaid - record.order.amountRefunded,
    resumed,
  };
}

/** What one {@link retryPendingRefunds} pass did. */
export interface PendingRefundsReport {
  settled: number;
  stillPending: number;
  /** The provider could not be reached; asked again next pass. */
  skipped: number;
}

/**
 * Asks the provider again about refunds left pending for a while (a process died between
 * writing one and recording the answer, or the provider decides later and its webhook was
 * lost). Same key as the first time: the provider never refunds twice.
 */
export async function retryPendingRefunds(ctx: RefundContext): Promise<PendingRefundsReport> {
  const report: PendingRefundsReport = { settled: 0, stillPending: 0, skipped: 0 };
  if (typeof ctx.provider.refund !== 'function') return report;
  const pending = await ctx.fromStore('listPendingRefunds', {}, () =>
    ctx.store.listPendingRefunds(PENDING_REFUND_RETRY_MS, 20),
  );
  for (const refund of pending) {
    try {
      const record = await ctx.fromStore('getOrderRecord', { orderId: refund.orderId }, () =>
        ctx.store.getOrderRecord(refund.orderId),
      );
      if (!record) continue;
      const done = await askProvider(ctx, record.order, refund, true);
      if (done.status === 'pending') report.stillPending += 1;
      else report.settled += 1;
    } catch {
      // Logged by the guards.
      report.skipped += 1;
    }
  }
  return report;
}

/**
 * A refund the provider reports: the answer to one the engine asked for (its metadata names
 * it), or one made at the provider (its dashboard), recorded once as succeeded.
 */
export async function applyRefundEvent(
  ctx: RefundContext,
  event: Extract<ProviderEvent, { type: 'refund.updated' }>,
): Promise<boolean> {
  const details = { refundRef: event.refundRef, paymentId: event.paymentId };
  if (event.plankitRefundId) {
    if (event.status === 'pending') return false;
    const settled = await ctx.fromStore('settleRefund', details, () =>
      ctx.store.settleRefund({
        refundId: event.plankitRefundId as string,
        status: event.status as 'succeeded' | 'failed',
        providerRefundId: event.refundRef,
        failureMessage: event.failureMessage ?? null,
      }),
    );
    return settled !== null;
  }
  // Made at the provider: only a refund that moved money is a refund of the order.
  if (event.status !== 'succeeded') return false;
  const recorded = await ctx.fromStore('recordProviderRefund', details, () =>
    ctx.store.recordProviderRefund({
      refundId: newRefundId(),
      providerPaymentId: event.paymentId,
      providerRefundId: event.refundRef,
      amount: event.amount,
      currency: event.currency,
      reason: event.reason,
      creditNotePrefix: ctx.invoicePrefix,
    }),
  );
  return recorded !== null;
}
