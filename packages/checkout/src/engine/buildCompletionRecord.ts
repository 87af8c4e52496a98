import type { Plan } from '../catalog/schema.js';
import type { CheckoutSession, CompletionRecord } from '../store/types.js';
import { createOrderReference } from './orderReference.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds calendar months in UTC, clamping to the last day of a shorter month
 * (31 January + 1 month = 28 or 29 February), the way billing systems renew.
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The order and subscription a session yields once paid (or started free or on trial).
 * Amounts come from the quote the server stored on the session, never from the browser.
 * A trial subscription runs until the trial ends; otherwise one billing interval.
 */
export function buildCompletionRecord(
  session: CheckoutSession,
  plan: Plan | undefined,
  providerPaymentId: string | null,
  now: Date,
): CompletionRecord {
  const { quote } = session;
  const trialDays = quote.trialDays ?? plan?.trialDays ?? null;
  const trialEnd = trialDays ? new Date(now.getTime() + trialDays * DAY_MS) : null;
  const currentPeriodEnd = trialEnd ?? addMonthsUtc(now, session.interval === 'yearly' ? 12 : 1);
  return {
    providerPaymentId,
    order: {
      reference: createOrderReference(),
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      currency: session.currency,
      subtotal: quote.subtotal,
      discount: quote.discount,
      tax: quote.tax,
      total: quote.total,
      amountPaid: session.amountDue,
      email: session.email,
      providerPaymentId,
    },
    subscription: {
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      status: trialEnd ? 'trialing' : 'active',
      currentPeriodEnd,
      trialEnd,
      email: session.email,
    },
  };
}
