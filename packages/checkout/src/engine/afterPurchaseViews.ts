// What the buyer opens from an email on any device: the printable receipt of an order and
// the manage page of a subscription, both behind signed links (signedLinks.ts), with no
// cookie. Canceling (at the period's end) and resuming go through the store, whose trigger
// writes `subscription.updated` in the same transaction.

import { planTexts } from '../catalog/planTexts.js';
import type { Subscription } from '../store/types.js';
import type { ReceiptPageView, SubscriptionPageView } from '../views/types.js';
import { billingHistory } from './billingHistory.js';
import { buildReceipt } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { changedAtProvider } from './planChangesAtProvider.js';
import { planChangeChoices } from './planChangeTerms.js';
import { readLink, signLink } from './signedLinks.js';

/** The signed path of an order's receipt. */
export function receiptPath(ctx: EngineContext, orderId: string): string {
  return ctx.routes.receipt(signLink(ctx.secret, 'receipt', orderId));
}

/** The signed path of a subscription's manage page. */
export function subscriptionPath(ctx: EngineContext, subscriptionId: string): string {
  return ctx.routes.subscription(signLink(ctx.secret, 'subscription', subscriptionId));
}

/** Ids are UUIDs; anything else never reaches the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The receipt page of the order a token was signed for; `not_found` for any other token. */
export async function getReceiptView(
  ctx: EngineContext,
  token: unknown,
  locale?: string | null,
): Promise<ReceiptPageView> {
  const orderId = readLink(ctx.secret, 'receipt', token);
  if (!orderId || !UUID.test(orderId)) return { status: 'not_found' };
  const record = await ctx.fromStore('getOrderRecord', { orderId }, () =>
    ctx.store.getOrderRecord(orderId),
  );
  if (!record?.subscription) return { status: 'not_found' };
  const { order, session, subscription } = record;
  const refunds = record.refunds
    .filter((refund) => refund.status === 'succeeded')
    .map((refund) => ({
      amount: refund.amount,
      currency: refund.currency,
      date: refund.updatedAt.toISOString(),
      creditNoteNumber: refund.creditNoteNumber,
      reason: refund.reason,
    }));
  const receipt = buildReceipt(session, ctx.planOf(order.planId), order, subscription, locale);
  const manageUrl = subscriptionPath(ctx, subscription.id);
  return {
    status: 'found',
    receipt: { ...receipt, manageUrl },
    kind: order.kind,
    date: order.createdAt.toISOString(),
    buyer: {
      name: session.name,
      email: order.email,
      country: session.country,
      company: order.business?.company ?? null,
      vatId: order.business?.vatId ?? null,
    },
    merchant: {
      name: ctx.merchantName,
      // Shown to a business buyer only: a consumer's receipt names no VAT IDs.
      vatId: order.business ? ctx.merchantVatId : null,
      address: ctx.merchantAddress?.split(/\r?\n|\s*;\s*/).filter(Boolean) ?? [],
    },
    manageUrl,
    refunds,
    // Refunds still pending hold their amount on the order; only those that went through count.
    refundedInFull:
      order.amountPaid > 0 && refunds.reduce((sum, r) => sum + r.amount, 0) >= order.amountPaid,
    invoiceUrl: order.invoiceNumber
      ? ctx.routes.invoice(signLink(ctx.secret, 'receipt', order.id))
      : null,
  };
}

async function subscriptionView(
  ctx: EngineContext,
  subscription: Subscription,
  locale?: string | null,
): Promise<SubscriptionPageView> {
  const plan = ctx.planOf(subscription.planId);
  const charges =
    !subscription.cancelAtPeriodEnd &&
    subscription.status !== 'canceled' &&
    subscription.nextAttemptAt !== null;
  return {
    status: 'found',
    planName: plan ? planTexts(plan, locale).name : subscription.planId,
    interval: subscription.interval,
    seats: subscription.seats,
    subscriptionStatus: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    nextCharge:
      charges && subscription.nextAttemptAt
        ? {
            // Credit from a downgrade applied at once is taken off the next charges.
            amount: subscription.amount - Math.min(subscription.creditBalance, subscription.amount),
            currency: subscription.currency,
            date: subscription.nextAttemptAt.toISOString(),
          }
        : null,
    receiptUrl: receiptPath(ctx, subscription.orderId),
    planChange:
      subscription.status === 'canceled' ||
      (subscription.renewedBy !== 'engine' && !changedAtProvider(ctx, subscription))
        ? null
        : planChangeChoices(ctx, subscription, locale),
    history: await billingHistory(ctx, subscription, (orderId) => receiptPath(ctx, orderId)),
    paymentMethod: await paymentMethodOf(ctx, subscription),
    canUpdatePaymentMethod: subscription.status !== 'canceled',
  };
}

/** The card shown: the one the buyer put in last (issue 22.2), else the checkout's. */
async function paymentMethodOf(ctx: EngineContext, subscription: Subscription) {
  if (subscription.paymentMethod) return subscription.paymentMethod;
  const record = await ctx.fromStore('getOrderRecord', { subscriptionId: subscription.id }, () =>
    ctx.store.getOrderRecord(subscription.orderId),
  );
  return record?.order.paymentMethod ?? null;
}

/** The subscription a manage-page token was signed for; null for any other token. */
export async function subscriptionOf(
  ctx: EngineContext,
  token: unknown,
): Promise<Subscription | null> {
  const id = readLink(ctx.secret, 'subscription', token);
  if (!id || !UUID.test(id)) return null;
  return ctx.fromStore('getSubscription', { subscriptionId: id }, () =>
    ctx.store.getSubscription(id),
  );
}

/**
 * The renewal payment a past-due subscription's provider waits for the buyer to make (the
 * bank asks them to confirm it, or the card was refused), on the provider's page. Asked
 * only then; a provider that cannot answer leaves the notice out (logged by the guards).
 */
async function openPaymentOf(ctx: EngineContext, subscription: Subscription) {
  const provider = ctx.provider;
  const ref = subscription.providerSubscriptionRef;
  if (subscription.status !== 'past_due' || provider.renews !== 'provider' || !ref) return null;
  if (!provider.openRenewalPayment) return null;
  try {
    return await ctx.fromProvider(
      'openRenewalPayment',
      { subscriptionId: subscription.id },
      () => provider.openRenewalPayment?.(ref) ?? Promise.resolve(null),
    );
  } catch {
    return null;
  }
}

/** The manage page of the subscription a token was signed for. */
export async function getSubscriptionView(
  ctx: EngineContext,
  token: unknown,
  locale?: string | null,
): Promise<SubscriptionPageView> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription) return { status: 'not_found' };
  const [view, openPayment] = await Promise.all([
    subscriptionView(ctx, subscription, locale),
    openPaymentOf(ctx, subscription),
  ]);
  return openPayment && view.status === 'found' ? { ...view, openPayment } : view;
}

/**
 * Cancels at the end of the period (`cancel: true`) or resumes before it ends; the store
 * writes `subscription.updated` with the change. Returns the page as it is afterwards; an
 * ended subscription stays as it is.
 */
export async function setSubscriptionCancel(
  ctx: EngineContext,
  token: unknown,
  cancel: boolean,
  locale?: string | null,
): Promise<SubscriptionPageView> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription) return { status: 'not_found' };
  if (subscription.cancelAtPeriodEnd === cancel || subscription.status === 'canceled') {
    return subscriptionView(ctx, subscription, locale);
  }
  // A processor that renews the subscription itself must stop (or go on) first: otherwise
  // the page would say "ends on …" while the processor charges the next period.
  // (The engine's options refuse a provider that renews but lacks the method.)
  const ref = subscription.providerSubscriptionRef;
  const provider = ctx.provider;
  if (provider.renews === 'provider' && ref && provider.setCancelAtPeriodEnd) {
    await ctx.fromProvider(
      'setCancelAtPeriodEnd',
      { subscriptionId: subscription.id },
      () => provider.setCancelAtPeriodEnd?.(ref, cancel) ?? Promise.resolve(),
    );
  }
  const changed = await ctx.fromStore(
    'setCancelAtPeriodEnd',
    { subscriptionId: subscription.id },
    () => ctx.store.setCancelAtPeriodEnd(subscription.id, cancel),
  );
  return subscriptionView(ctx, changed ?? subscription, locale);
}
