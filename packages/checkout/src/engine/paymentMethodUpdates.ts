// "Update payment method" on the manage page (issue 22.2). The card is turned into the
// provider's payment-method id by the provider's own fields, exactly as on the plan step;
// the engine saves it with a setup intent (no money moves), sets it as the subscription's
// card (the store writes `subscription.payment_method_updated`) and, when the subscription
// is past due, charges the open renewal with it at once through the renewals' own path
// (same key scheme, order, invoice number and events). Where the bank asks the buyer to
// confirm, or without JavaScript, the buyer goes to the provider's pages and comes back to
// the manage page, which finishes the update from the intent recorded on the subscription.
//
// A new card whose first charge is declined is kept: saving it worked (the bank knows the
// card), the old card had already failed, and the next scheduled retry uses it; the page
// says so and offers to try another card.

import { randomUUID } from 'node:crypto';
import type { IntentOutcome } from '../providers/types.js';
import type { Subscription } from '../store/types.js';
import type { FieldError } from '../validation/checkoutForm.js';
import type {
  PaymentMethodNotice,
  PaymentMethodUpdateResult,
  PlanStepState,
  RequestContext,
} from '../views/types.js';
import { subscriptionOf, subscriptionPath } from './afterPurchaseViews.js';
import { failureReason } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { chargeRenewal } from './renewals.js';
import { ownsCheckout } from './views.js';

/** The query the manage page is opened with when the buyer comes back from the provider. */
export const PAYMENT_METHOD_RETURN = 'return';

/** A payment-method id as providers make them; anything else is not posted by their fields. */
const PAYMENT_METHOD_ID = /^[A-Za-z0-9_-]{1,255}$/;

const failed = (formError: FieldError): PlanStepState => ({
  status: 'failed',
  fieldErrors: {},
  formError,
  values: {},
  idempotencyKey: null,
});

/** The manage page with a notice (`?payment_method=paid`). */
function pageWith(ctx: EngineContext, subscription: Subscription, notice: string): string {
  return `${subscriptionPath(ctx, subscription.id)}?payment_method=${notice}`;
}

/**
 * Reads the posted `paymentMethod` (the provider's fields made it; none without JavaScript)
 * and saves it as the subscription's card. Answers where the browser goes (the manage page
 * with its notice, or the provider's page) or a state for the form (a refused card).
 */
export async function updatePaymentMethod(
  ctx: EngineContext,
  token: unknown,
  form: { get(name: string): unknown },
  context: RequestContext,
): Promise<PaymentMethodUpdateResult> {
  const subscription = await subscriptionOf(ctx, token);
  if (!subscription || subscription.status === 'canceled') {
    return { kind: 'state', state: failed({ message: 'manageCardUnavailable' }) };
  }
  const posted = form.get('paymentMethod');
  const paymentMethodId =
    typeof posted === 'string' && PAYMENT_METHOD_ID.test(posted) ? posted : null;
  const session = await ctx.fromStore('getSession', { sessionId: subscription.sessionId }, () =>
    ctx.store.getSession(subscription.sessionId),
  );
  const details = { subscriptionId: subscription.id };
  const manage = subscriptionPath(ctx, subscription.id);
  const returnUrl = `${manage}?payment_method=${PAYMENT_METHOD_RETURN}`;
  const created = await ctx.fromProvider('createIntent', details, () =>
    ctx.provider.createIntent({
      // A new intent per try: saving moves no money, and a card refused once may be tried again.
      idempotencyKey: `${subscription.id}:card:${randomUUID()}`,
      mode: 'setup',
      amount: subscription.amount,
      currency: subscription.currency,
      description: `${ctx.merchantName}: payment method (${subscription.planId})`,
      customer: { email: subscription.email, name: session?.name ?? subscription.email },
      flow: paymentMethodId ? 'fields' : 'hosted',
      returnUrl,
      cancelUrl: manage,
      saveMethod: true,
      // The browser that asked (its visitor token, hashed): only it may act on the provider's
      // pages for this card (ownsProviderIntent), as only the buyer's may for a checkout.
      metadata: {
        plankit_card_update: subscription.id,
        plankit_visitor: ctx.keys.visitorHash(context.visitorToken) ?? '',
      },
      ...(subscription.customerRef ? { customerRef: subscription.customerRef } : {}),
    }),
  );
  if (!paymentMethodId) {
    if (!created.redirectUrl) {
      return { kind: 'state', state: failed({ message: 'errorPaymentMethod' }) };
    }
    await recordIntent(ctx, subscription, created.intentId);
    return { kind: 'redirect', location: created.redirectUrl };
  }
  const outcome = await ctx.fromProvider('confirmIntent', details, () =>
    ctx.provider.confirmIntent(created.intentId, { paymentMethodId, returnUrl }),
  );
  switch (outcome.status) {
    case 'succeeded': {
      const notice = await applySavedCard(ctx, subscription, outcome, null);
      return { kind: 'redirect', location: pageWith(ctx, subscription, notice) };
    }
    case 'failed':
      return { kind: 'state', state: failed(failureReason(outcome.code)) };
    case 'requires_action':
      await recordIntent(ctx, subscription, outcome.intentId);
      if (outcome.clientSecret === undefined) {
        return { kind: 'redirect', location: outcome.redirectUrl };
      }
      // Only the provider's script can go on, in this page (Stripe's `use_stripe_sdk`); it
      // then sends the browser to `returnUrl`, as on the plan step.
      return {
        kind: 'state',
        state: {
          status: 'idle',
          fieldErrors: {},
          formError: null,
          values: {},
          idempotencyKey: null,
          nextAction: { clientSecret: outcome.clientSecret, returnUrl },
        },
      };
    case 'processing':
      await recordIntent(ctx, subscription, outcome.intentId);
      return { kind: 'redirect', location: returnUrl };
    default:
      return { kind: 'state', state: failed({ message: 'errorPaymentMethod' }) };
  }
}

/**
 * The buyer is back from the provider's pages (3-D Secure, the hosted page, Stripe.js's next
 * action): asks the provider what became of the recorded intent and applies it once. Null
 * when nothing waits (the return was applied already, or the link is not valid).
 */
export async function completePaymentMethodUpdate(
  ctx: EngineContext,
  token: unknown,
): Promise<PaymentMethodNotice | null> {
  const subscription = await subscriptionOf(ctx, token);
  const intentId = subscription?.paymentMethodIntent;
  if (!subscription || !intentId) return null;
  const outcome = await ctx.fromProvider(
    'retrieveIntent',
    { subscriptionId: subscription.id },
    () => ctx.provider.retrieveIntent(intentId),
  );
  if (outcome.status === 'succeeded') return applySavedCard(ctx, subscription, outcome, intentId);
  if (outcome.status === 'processing' || outcome.status === 'requires_action') return 'pending';
  return 'failed';
}

async function recordIntent(ctx: EngineContext, subscription: Subscription, intentId: string) {
  await ctx.fromStore('recordPaymentMethodIntent', { subscriptionId: subscription.id }, () =>
    ctx.store.recordPaymentMethodIntent(subscription.id, intentId),
  );
}

/**
 * Sets the saved card on the subscription, then, when it is past due, pays the open renewal
 * with it. `intentId` applies a return from the provider's pages once.
 */
async function applySavedCard(
  ctx: EngineContext,
  subscription: Subscription,
  outcome: Extract<IntentOutcome, { status: 'succeeded' }>,
  intentId: string | null,
): Promise<PaymentMethodNotice> {
  const details = { subscriptionId: subscription.id };
  const method = outcome.paymentMethod;
  if (!method) return 'failed';
  // A processor that renews the subscription itself charges its own default card: it is
  // switched first, so the page never shows a card the processor does not charge.
  const ref = subscription.providerSubscriptionRef;
  const provider = ctx.provider;
  if (provider.renews === 'provider' && ref && provider.setSubscriptionPaymentMethod) {
    await ctx.fromProvider(
      'setSubscriptionPaymentMethod',
      details,
      () => provider.setSubscriptionPaymentMethod?.(ref, method.id) ?? Promise.resolve(),
    );
  }
  const updated = await ctx.fromStore('setSubscriptionPaymentMethod', details, () =>
    ctx.store.setSubscriptionPaymentMethod({
      subscriptionId: subscription.id,
      paymentMethodId: method.id,
      customerRef: outcome.customerRef,
      paymentMethod: { brand: method.brand, last4: method.last4 },
      intentId,
    }),
  );
  // Applied by another request already (a reload of the return): nothing more to do here.
  if (!updated) return 'updated';
  if (updated.status !== 'past_due') return 'updated';
  return payPastDue(ctx, updated);
}

/** Charges a past-due subscription's renewal now with its new card. */
async function payPastDue(
  ctx: EngineContext,
  subscription: Subscription,
): Promise<PaymentMethodNotice> {
  if (ctx.provider.renews !== 'engine') {
    const ref = subscription.providerSubscriptionRef;
    const pay = ctx.provider.payOpenRenewal;
    if (!ref || !pay) return 'updated';
    const paid = await ctx.fromProvider('payOpenRenewal', { subscriptionId: subscription.id }, () =>
      pay.call(ctx.provider, ref),
    );
    if (paid.status !== 'declined') {
      return paid.status === 'paid' ? 'paid' : paid.status === 'pending' ? 'pending' : 'updated';
    }
    return paid.code === 'insufficient_funds' ? 'declined_funds' : 'declined';
  }
  const claimed = await ctx.fromStore(
    'claimPastDueRenewal',
    { subscriptionId: subscription.id },
    () => ctx.store.claimPastDueRenewal(subscription.id, ctx.attemptLeaseMs),
  );
  // Held by a scheduled retry at this moment (which uses the new card): its outcome shows soon.
  if (!claimed) return 'pending';
  const charge = await chargeRenewal(ctx, claimed, 'buyer');
  switch (charge.outcome) {
    case 'renewed':
      return 'paid';
    case 'retrying':
    case 'canceled':
      return charge.failure === 'insufficient_funds' ? 'declined_funds' : 'declined';
    default:
      return 'pending';
  }
}

/**
 * Whether the request's browser may act on a provider intent on the provider's pages (the
 * test processor's bank and hosted pages): a checkout's, when it owns the checkout; a card
 * update's, when it is the browser that asked for it.
 */
export async function ownsProviderIntent(
  ctx: EngineContext,
  metadata: Readonly<Record<string, string>>,
  context: RequestContext,
): Promise<boolean> {
  if (metadata.plankit_session) return ownsCheckout(ctx, metadata.plankit_session, context);
  if (!metadata.plankit_card_update || !metadata.plankit_visitor) return false;
  return ctx.keys.isOwner(metadata.plankit_visitor, context.visitorToken);
}
