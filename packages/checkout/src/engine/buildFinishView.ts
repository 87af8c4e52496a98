import { planTexts } from '../catalog/planTexts.js';
import type { Plan } from '../catalog/schema.js';
import { isFreePlan } from '../pricing/quote.js';
import type { CheckoutRoutes, PlanLinkOptions } from '../routes/createCheckoutRoutes.js';
import type { CheckoutSession, Order, SessionRecord, Subscription } from '../store/types.js';
import type { FieldError } from '../validation/checkoutForm.js';
import type { FinishView, Receipt } from '../views/types.js';

/** The message a visitor sees for a stored failure code. */
export function failureReason(code: string | null): FieldError {
  switch (code) {
    case 'insufficient_funds':
      return { message: 'errorInsufficientFunds' };
    case 'authentication_failed':
      return { message: 'errorAuthenticationFailed' };
    case 'processing_error':
    case 'throttled':
      return { message: 'errorProcessing' };
    default:
      return { message: 'errorDeclined' };
  }
}

/**
 * Link back to the plan step with the session's choices kept, so a retry starts where the
 * visitor left off. Falls back to the plan list if the plan can no longer be linked.
 */
export function planLinkFor(
  routes: CheckoutRoutes,
  session: CheckoutSession,
  plan: Plan | undefined,
): string {
  const options: PlanLinkOptions = {
    interval: session.interval,
    currency: session.currency,
    country: session.country,
  };
  if (plan?.seats) options.seats = session.seats;
  if (session.promoCode) options.promo = session.promoCode;
  try {
    return routes.plan(session.planId, options);
  } catch {
    return routes.home;
  }
}

export function buildReceipt(
  session: CheckoutSession,
  plan: Plan | undefined,
  order: Order,
  subscription: Subscription,
  /** The page's language (else the checkout's): the plan's name is shown in it. */
  locale?: string | null,
): Receipt {
  return {
    reference: order.reference,
    planId: order.planId,
    planName: plan ? planTexts(plan, locale ?? session.locale).name : order.planId,
    interval: order.interval,
    seats: order.seats,
    perSeat: plan?.seats !== undefined,
    email: order.email,
    quote: session.quote,
    amountPaid: order.amountPaid,
    paymentMethod: order.paymentMethod,
    subscriptionStatus: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    trialEnd: subscription.trialEnd?.toISOString() ?? null,
    firstCharge:
      subscription.trialEnd && subscription.amount > 0
        ? { date: subscription.trialEnd.toISOString(), amount: subscription.amount }
        : null,
  };
}

/** What {@link buildFinishView} needs besides the stored record. */
export interface FinishViewInput {
  /** The session (already checked to belong to the visitor), its order and subscription. */
  record: SessionRecord;
  /** The session's plan; undefined if it was removed from the catalog since. */
  plan: Plan | undefined;
  routes: CheckoutRoutes;
  /** The page's language (else the checkout's): the plan's texts are shown in it. */
  locale?: string | null | undefined;
}

/**
 * Maps a stored session onto what the finish step shows, by its lifecycle state. Pure, so
 * every state is easy to test.
 */
export function buildFinishView(input: FinishViewInput): FinishView {
  const { record, plan, routes } = input;
  const { session, order, subscription } = record;
  const locale = input.locale ?? session.locale;
  const planName = plan ? planTexts(plan, locale).name : session.planId;
  const planUrl = () => planLinkFor(routes, session, plan);
  switch (session.status) {
    case 'paid':
    case 'trialing':
    case 'refunded': {
      // The order and subscription are written in the same statement as the state; if
      // they are missing, say "pending" rather than show a receipt we cannot back.
      if (!order || !subscription) return { status: 'pending', sessionId: session.id, planName };
      const receipt = buildReceipt(session, plan, order, subscription, locale);
      if (session.status === 'refunded') return { status: 'refunded', receipt };
      if (session.status === 'trialing') return { status: 'trialing', receipt };
      if (plan ? isFreePlan(plan) : order.total === 0) return { status: 'free', receipt };
      return { status: 'paid', receipt };
    }
    case 'requires_action':
      // Waiting for the buyer on the provider's page; without its address (never the case
      // for a session the engine moved there), the plan step lets them start again.
      return {
        status: 'action_required',
        sessionId: session.id,
        planName,
        actionUrl: session.actionUrl ?? planUrl(),
      };
    case 'processing':
      // Running now, or its outcome was lost (it may have charged): say so honestly (no
      // "you were not charged", no retry link that could start a second payment) until
      // the visitor's retry under the same key or the reconcile sweep settles it.
      return { status: 'pending', sessionId: session.id, planName };
    case 'failed':
      return {
        status: 'failed',
        planName,
        reason: failureReason(session.failureCode),
        retryUrl: planUrl(),
      };
    case 'open':
      if (record.expired) return { status: 'expired', planName, planUrl: planUrl() };
      // Created but never sent to the provider: nothing was charged, try again.
      return {
        status: 'failed',
        planName,
        reason: { message: 'errorProcessing' },
        retryUrl: planUrl(),
      };
    case 'expired':
    case 'canceled':
      return { status: session.status, planName, planUrl: planUrl() };
  }
}
