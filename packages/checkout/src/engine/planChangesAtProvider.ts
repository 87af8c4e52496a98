// Plan changes of subscriptions the provider renews (`renews: 'provider'`, Stripe Billing;
// issue 22.1): the provider prorates (`previewSubscriptionChange`) and applies
// (`changeSubscription`) them, and its amounts are the ones shown, signed and recorded.
// The engine's own proration (`planChangeTerms.ts`) still decides what may change and
// when it applies; the provider's answer replaces its amounts, so the buyer sees what the
// provider will invoice (Stripe keeps the truth).

import { planTexts } from '../catalog/planTexts.js';
import type { Quote } from '../pricing/quote.js';
import type {
  SubscriptionChangeAmounts,
  SubscriptionChangeInput,
  SubscriptionChangeOutcome,
} from '../providers/types.js';
import type { CheckoutSession, Subscription } from '../store/types.js';
import type { EngineContext } from './engineContext.js';
import type { PlanChangeRequest, PlannedChange } from './planChangeTerms.js';

/** Whether the provider changes this subscription (it renews it and can change it). */
export function changedAtProvider(ctx: EngineContext, subscription: Subscription): boolean {
  return (
    subscription.renewedBy === 'provider' &&
    Boolean(subscription.providerSubscriptionRef) &&
    typeof ctx.provider.changeSubscription === 'function' &&
    typeof ctx.provider.previewSubscriptionChange === 'function'
  );
}

/** What the provider is asked: the new terms priced as at the checkout, at the instant. */
function changeInputOf(
  ctx: EngineContext,
  subscription: Subscription,
  session: CheckoutSession,
  terms: { request: PlanChangeRequest; quote: Quote },
  at: Date,
  proration: SubscriptionChangeInput['proration'],
): SubscriptionChangeInput {
  const { request, quote } = terms;
  const plan = ctx.planOf(request.planId);
  return {
    subscriptionRef: subscription.providerSubscriptionRef ?? '',
    planId: request.planId,
    description: `${ctx.merchantName}: ${plan ? planTexts(plan).name : request.planId} (${request.interval})`,
    interval: request.interval,
    seats: request.seats,
    currency: subscription.currency,
    amount: quote.total,
    tax: {
      country: session.country,
      rateBasisPoints: quote.taxRateBasisPoints,
      inclusive: quote.taxInclusive,
      amount: quote.tax,
      reverseChargeVatId: quote.reverseCharge?.buyerVatId ?? null,
    },
    prorationDate: at,
    proration,
  };
}

/** How a change is made at the provider: prorated and invoiced now, or from the renewal. */
function prorationOf(subscription: Subscription, change: PlannedChange) {
  return change.effective === 'now' && subscription.status !== 'trialing'
    ? 'always_invoice'
    : 'none';
}

/** The change with the provider's amounts in place of the engine's. */
export function withAmounts(change: PlannedChange, amounts: SubscriptionChangeAmounts) {
  const amountDue = Math.max(0, amounts.total);
  const credit = Math.max(0, -amounts.total);
  return {
    ...change,
    amountDue,
    credit,
    proration: { ...change.proration, ...amounts, amountDue, credit },
  } satisfies PlannedChange;
}

/**
 * The change as the provider prorates it at its instant; unchanged when nothing is
 * prorated now (a downgrade at the period's end, a trial).
 */
export async function providerPriced(
  ctx: EngineContext,
  subscription: Subscription,
  session: CheckoutSession,
  change: PlannedChange,
): Promise<PlannedChange> {
  if (!changedAtProvider(ctx, subscription)) return change;
  if (prorationOf(subscription, change) === 'none') return change;
  const input = changeInputOf(
    ctx,
    subscription,
    session,
    { request: change.request, quote: change.next },
    change.proration.at,
    'always_invoice',
  );
  const amounts = await ctx.fromProvider(
    'previewSubscriptionChange',
    { subscriptionId: subscription.id },
    // biome-ignore lint/style/noNonNullAssertion: changedAtProvider checked it
    () => ctx.provider.previewSubscriptionChange!(input),
  );
  return withAmounts(change, amounts);
}

/** Makes the change at the provider under the engine's key. */
export function changeAtProvider(
  ctx: EngineContext,
  subscription: Subscription,
  session: CheckoutSession,
  change: PlannedChange,
  idempotencyKey: string,
): Promise<SubscriptionChangeOutcome> {
  const input = changeInputOf(
    ctx,
    subscription,
    session,
    { request: change.request, quote: change.next },
    change.proration.at,
    prorationOf(subscription, change),
  );
  return ctx.fromProvider('changeSubscription', { subscriptionId: subscription.id }, () =>
    // biome-ignore lint/style/noNonNullAssertion: changedAtProvider checked it
    ctx.provider.changeSubscription!({ ...input, idempotencyKey }),
  );
}

/**
 * Puts the current terms back at the provider when a downgrade scheduled for the period's
 * end is undone (its new price was set with `proration: 'none'`); nothing is invoiced.
 */
export async function restoreAtProvider(
  ctx: EngineContext,
  subscription: Subscription,
  session: CheckoutSession,
  changeId: string,
  at: Date,
): Promise<void> {
  const quote = subscription.terms ?? session.quote;
  const input = changeInputOf(
    ctx,
    subscription,
    session,
    {
      request: {
        planId: subscription.planId,
        interval: subscription.interval,
        seats: subscription.seats,
      },
      quote,
    },
    at,
    'none',
  );
  await ctx.fromProvider('changeSubscription', { subscriptionId: subscription.id }, () =>
    // biome-ignore lint/style/noNonNullAssertion: changedAtProvider checked it
    ctx.provider.changeSubscription!({
      ...input,
      idempotencyKey: `${subscription.id}:undo:${changeId}`,
    }),
  );
}
