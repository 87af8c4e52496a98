import type { Plan } from '../catalog/schema.js';
import { isFreePlan } from '../pricing/quote.js';
import type { CheckoutRoutes, PlanLinkOptions } from '../routes/createCheckoutRoutes.js';
import {
  type CheckoutSession,
  type Order,
  OUTCOME_UNKNOWN,
  type Subscription,
} from '../store/types.js';
import type { FieldError } from '../validation/checkoutForm.js';
import type { FinishView, Receipt } from './types.js';

/** The message a visitor sees for a stored failure code. */
export function failureReason(code: string | null): FieldError {
  switch (code) {
    case 'insufficient_funds':
      return { message: 'errorInsufficientFunds' };
    case 'authentication_failed':
      return { message: 'errorAuthenticationFailed' };
    case 'processing_error':
    case OUTCOME_UNKNOWN:
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

function buildReceipt(
  session: CheckoutSession,
  plan: Plan | undefined,
  order: Order,
  subscription: Subscription,
): Receipt {
  return {
    reference: order.reference,
    planId: order.planId,
    planName: plan?.name ?? order.planId,
    interval: order.interval,
    seats: order.seats,
    perSeat: plan?.seats !== undefined,
    email: order.email,
    quote: session.quote,
    amountPaid: order.amountPaid,
    subscriptionStatus: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    trialEnd: subscription.trialEnd?.toISOString() ?? null,
  };
}

/** What {@link buildFinishView} needs besides the session. */
export interface FinishViewInput {
  session: CheckoutSession;
  /** The session's plan; undefined if it was removed from the catalog since. */
  plan: Plan | undefined;
  order: Order | null;
  subscription: Subscription | null;
  routes: CheckoutRoutes;
  now: Date;
}

/**
 * Maps a session (already checked to belong to the visitor) onto what the finish step
 * shows. Pure, so every state is easy to test.
 */
export function buildFinishView(input: FinishViewInput): FinishView {
  const { session, plan, order, subscription, routes, now } = input;
  const planName = plan?.name ?? session.planId;
  switch (session.status) {
    case 'complete': {
      // The order and subscription are written in the same transaction as `complete`;
      // if they are missing, say "pending" rather than show a receipt we cannot back.
      if (!order || !subscription) return { status: 'pending', sessionId: session.id, planName };
      const receipt = buildReceipt(session, plan, order, subscription);
      if (plan ? isFreePlan(plan) : order.total === 0) return { status: 'free', receipt };
      if (subscription.status === 'trialing') return { status: 'trialing', receipt };
      return { status: 'paid', receipt };
    }
    case 'processing':
      if (session.nextAction === 'authenticate') {
        return {
          status: 'action_required',
          sessionId: session.id,
          planName,
          authenticateUrl: routes.authenticate(session.id),
        };
      }
      return { status: 'pending', sessionId: session.id, planName };
    case 'failed':
      // The provider's answer was lost: it may have charged. Say so honestly (no "you
      // were not charged", no retry link that could start a second payment) until the
      // reconcile sweep or the visitor's retry under the same key settles it.
      if (session.failureCode === OUTCOME_UNKNOWN) {
        return { status: 'pending', sessionId: session.id, planName };
      }
      return {
        status: 'failed',
        planName,
        reason: failureReason(session.failureCode),
        retryUrl: planLinkFor(routes, session, plan),
      };
    case 'open':
      if (session.expiresAt.getTime() <= now.getTime()) break;
      // Created but never sent to the provider (the request ended before the payment
      // started, e.g. throttled): nothing was charged, and the visitor can try again.
      return {
        status: 'failed',
        planName,
        reason: { message: 'errorProcessing' },
        retryUrl: planLinkFor(routes, session, plan),
      };
    case 'expired':
      break;
  }
  return { status: 'expired', planName, planUrl: planLinkFor(routes, session, plan) };
}
