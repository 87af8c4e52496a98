// The terms of a plan change (issue 22.1): which plans a subscription may change to, the
// quote of the new terms (the checkout's currency, tax rate, reverse charge and promo), and
// the proration at an instant. Shared by the preview and the confirmation, so the amount
// confirmed is the amount shown.

import { BILLING_INTERVALS, type BillingInterval } from '../catalog/constants.js';
import { purchasablePlans } from '../catalog/findPlan.js';
import { planTexts } from '../catalog/planTexts.js';
import type { Plan } from '../catalog/schema.js';
import { type Proration, prorate } from '../pricing/proration.js';
import { isFreePlan, type Quote, quote } from '../pricing/quote.js';
import type { PlanTerms, Subscription } from '../store/types.js';
import type { PlanChangeChoices, PlanChangeOption } from '../views/planChangeTypes.js';
import type { EngineContext } from './engineContext.js';

/** What a buyer asks to change to. */
export interface PlanChangeRequest {
  planId: string;
  interval: BillingInterval;
  seats: number;
}

/** A change worked out at one instant: the new quote, the proration, when it applies. */
export interface PlannedChange {
  request: PlanChangeRequest;
  current: Quote;
  next: Quote;
  proration: Proration;
  /** Applied now (an upgrade, a trial, or `planChanges.downgrade: 'now'`) or at the period's end. */
  effective: 'now' | 'period_end';
  /** Charged now: the prorated difference of an upgrade (0 in a trial). */
  amountDue: number;
  /** Credited now (a downgrade applied at once, outside a trial). */
  credit: number;
}

/** The intervals a plan sells in a currency. */
function intervalsOf(plan: Plan, currency: string): BillingInterval[] {
  return BILLING_INTERVALS.filter((interval) => {
    const prices = plan.prices[interval];
    return prices !== undefined && Object.hasOwn(prices, currency);
  });
}

/** The plans a subscription may change to: paid, purchasable, priced in its currency. */
export function planChangeOptions(
  ctx: EngineContext,
  currency: string,
  locale?: string | null,
): PlanChangeOption[] {
  return purchasablePlans(ctx.catalog)
    .filter((plan) => !isFreePlan(plan) && intervalsOf(plan, currency).length > 0)
    .map((plan) => ({
      id: plan.id,
      name: planTexts(plan, locale).name,
      intervals: intervalsOf(plan, currency),
      seats: plan.seats ? { min: plan.seats.min, max: plan.seats.max } : null,
    }));
}

/** The choices the manage page offers, with a change waiting for the period's end. */
export function planChangeChoices(
  ctx: EngineContext,
  subscription: Subscription,
  locale?: string | null,
): PlanChangeChoices {
  const pending = subscription.pendingChange;
  const pendingPlan = pending ? ctx.planOf(pending.next.planId) : undefined;
  return {
    current: {
      planId: subscription.planId,
      interval: subscription.interval,
      seats: subscription.seats,
    },
    plans: planChangeOptions(ctx, subscription.currency, locale),
    blocked:
      subscription.status === 'past_due'
        ? 'past_due'
        : subscription.cancelAtPeriodEnd
          ? 'canceling'
          : null,
    pending: pending
      ? {
          changeId: pending.id,
          planName: pendingPlan ? planTexts(pendingPlan, locale).name : pending.next.planId,
          interval: pending.next.interval,
          seats: pending.next.seats,
          amount: pending.next.amount,
          currency: subscription.currency,
          date: pending.effectiveAt,
        }
      : null,
  };
}

/** Reads a request from a form or query (`plan`, `interval`, `seats`); null when malformed. */
export function readPlanChangeRequest(
  input: Record<string, unknown> | FormData,
): PlanChangeRequest | null {
  const get = (name: string) => {
    const value = input instanceof FormData ? input.get(name) : input[name];
    return typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
  };
  const planId = get('plan');
  const interval = get('interval');
  const seats = Number(get('seats') ?? '1');
  if (!planId || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(planId)) return null;
  if (interval !== 'monthly' && interval !== 'yearly') return null;
  if (!Number.isSafeInteger(seats) || seats < 1) return null;
  return { planId, interval, seats };
}

/** The subscription's terms as a {@link PlanTerms}. */
export function termsOf(subscription: Subscription): PlanTerms {
  return {
    planId: subscription.planId,
    interval: subscription.interval,
    seats: subscription.seats,
    amount: subscription.amount,
  };
}

/**
 * Works out a change at `at`: `plan` when the plan is unknown, retired, free or has no
 * price for the interval; `seats` when out of the plan's bounds; `same` when nothing changes.
 * `checkout` is the quote of the subscription's checkout (its tax rate, reverse charge and
 * promo carry over); the current terms are the subscription's own after an earlier change.
 */
export function planChange(
  ctx: EngineContext,
  subscription: Subscription,
  checkout: Quote,
  request: PlanChangeRequest,
  at: Date,
): PlannedChange | 'plan' | 'seats' | 'same' {
  const plan = ctx.planOf(request.planId);
  if (!plan || plan.retired || isFreePlan(plan)) return 'plan';
  if (!intervalsOf(plan, subscription.currency).includes(request.interval)) return 'plan';
  const seats = plan.seats ? request.seats : 1;
  if (plan.seats && (seats < plan.seats.min || seats > plan.seats.max)) return 'seats';
  if (
    plan.id === subscription.planId &&
    request.interval === subscription.interval &&
    seats === subscription.seats
  ) {
    return 'same';
  }
  const promo = checkout.promoCode
    ? { code: checkout.promoCode, percentOff: checkout.percentOff }
    : null;
  const next = quote({
    plan,
    interval: request.interval,
    currency: subscription.currency,
    seats,
    promo,
    taxRateBasisPoints: checkout.taxRateBasisPoints,
    reverseCharge: checkout.reverseCharge ?? null,
  });
  const current = subscription.terms ?? checkout;
  const proration = prorate({
    current,
    next,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    at,
  });
  // In a trial nothing was paid: the new terms apply at once and nothing is prorated.
  const trial = subscription.status === 'trialing';
  const effective =
    trial || proration.direction === 'upgrade' || ctx.planChanges.downgrade === 'now'
      ? 'now'
      : 'period_end';
  return {
    request: { planId: plan.id, interval: request.interval, seats },
    current,
    next,
    proration,
    effective,
    amountDue: trial ? 0 : proration.amountDue,
    credit: trial || effective === 'period_end' ? 0 : proration.credit,
  };
}
