// A subscription's billing history on its manage page (issue 22.3): the purchase, every
// renewal and every refund, newest first, each with its receipt link and document number.

import type { Order, Refund, Subscription } from '../store/types.js';
import type { BillingHistoryEntry } from '../views/types.js';
import type { EngineContext } from './engineContext.js';

/** At most this many entries (two years of monthly renewals and some refunds). */
const MAX_ENTRIES = 36;

export async function billingHistory(
  ctx: EngineContext,
  subscription: Subscription,
  /** The signed path of an order's receipt (afterPurchaseViews.ts). */
  receiptPath: (orderId: string) => string,
): Promise<BillingHistoryEntry[]> {
  const details = { subscriptionId: subscription.id };
  const [first, renewals] = await Promise.all([
    ctx.fromStore('getOrderRecord', details, () => ctx.store.getOrderRecord(subscription.orderId)),
    ctx.fromStore('listRenewalOrders', details, () => ctx.store.listRenewalOrders(subscription.id)),
  ]);
  const orders: Order[] = [...(first ? [first.order] : []), ...renewals];
  // Refunds: the purchase's came with its record; a renewal's are read only when it has any.
  const refunds: { order: Order; refund: Refund }[] = (first?.refunds ?? []).map((refund) => ({
    order: first?.order as Order,
    refund,
  }));
  for (const order of renewals) {
    if (order.amountRefunded <= 0) continue;
    const found = await ctx.fromStore('findOrder', details, () =>
      ctx.store.findOrder(order.reference),
    );
    for (const refund of found?.refunds ?? []) refunds.push({ order, refund });
  }
  const entries: BillingHistoryEntry[] = [
    ...orders.map(
      (order): BillingHistoryEntry => ({
        kind:
          order.kind === 'renewal'
            ? 'renewal'
            : order.kind === 'proration'
              ? 'plan_change'
              : 'purchase',
        date: order.createdAt.toISOString(),
        amount: order.amountPaid,
        currency: order.currency,
        documentNumber: order.invoiceNumber,
        receiptUrl: receiptPath(order.id),
      }),
    ),
    ...refunds
      .filter(({ refund }) => refund.status === 'succeeded')
      .map(
        ({ order, refund }): BillingHistoryEntry => ({
          kind: 'refund',
          date: refund.updatedAt.toISOString(),
          amount: refund.amount,
          currency: refund.currency,
          documentNumber: refund.creditNoteNumber,
          receiptUrl: receiptPath(order.id),
        }),
      ),
  ];
  return entries.sort((a, b) => b.date.localeCompare(a.date)).slice(0, MAX_ENTRIES);
}
