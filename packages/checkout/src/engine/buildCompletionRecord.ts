import type { Plan } from '../catalog/schema.js';
import { createOrderReference } from '../ids/orderReference.js';
import type { PaymentMethodSummary, ProviderPeriod } from '../providers/types.js';
import type { CheckoutSession, CompletionRecord } from '../store/types.js';

/** What the provider said about the payment that completed the session. */
export interface CompletedPayment {
  paymentMethod: PaymentMethodSummary | null;
  customerRef: string | null;
  subscriptionRef: string | null;
  /** The provider's period of that subscription (recorded instead of the store's count). */
  subscriptionPeriod?: ProviderPeriod | null;
  /** Who renews the subscription (`provider.renews`). */
  renewedBy: 'engine' | 'provider';
  /** The invoice number's prefix (the engine's `invoicePrefix`). */
  invoicePrefix: string;
}

/**
 * The order and subscription a session yields once paid (or started free or on trial).
 * Amounts come from the quote the server stored on the session, never from the browser;
 * the store dates them on its own clock (a trial runs for its days, otherwise one billing
 * interval in calendar months), unless a provider that renews dated the period itself.
 * The subscription renews at the quote's total.
 */
export function buildCompletionRecord(
  session: CheckoutSession,
  plan: Plan | undefined,
  payment: CompletedPayment,
): CompletionRecord {
  const { quote } = session;
  const method = payment.paymentMethod;
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
      paymentMethod: method ? { brand: method.brand, last4: method.last4 } : null,
      // The store numbers the invoice only when something was charged.
      invoicePrefix: payment.invoicePrefix,
    },
    subscription: {
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      email: session.email,
      amount: quote.total,
      currency: session.currency,
      trialDays: quote.trialDays ?? plan?.trialDays ?? null,
      renewedBy: payment.renewedBy,
      paymentMethodId: method?.id ?? null,
      customerRef: payment.customerRef,
      providerSubscriptionRef: payment.subscriptionRef,
      providerPeriod:
        payment.renewedBy === 'provider' ? (payment.subscriptionPeriod ?? null) : null,
    },
  };
}
