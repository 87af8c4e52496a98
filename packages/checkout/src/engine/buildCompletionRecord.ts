import type { Plan } from '../catalog/schema.js';
import { createOrderReference } from '../ids/orderReference.js';
import type { CheckoutSession, CompletionRecord } from '../store/types.js';

/**
 * The order and subscription a session yields once paid (or started free or on trial).
 * Amounts come from the quote the server stored on the session, never from the browser;
 * the store dates them on its own clock (a trial runs for its days, otherwise one billing
 * interval in calendar months).
 */
export function buildCompletionRecord(
  session: CheckoutSession,
  plan: Plan | undefined,
): CompletionRecord {
  const { quote } = session;
  return {
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
    },
    subscription: {
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      email: session.email,
      trialDays: quote.trialDays ?? plan?.trialDays ?? null,
    },
  };
}
