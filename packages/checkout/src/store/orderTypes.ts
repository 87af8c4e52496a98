// What a completed checkout writes (its order and subscription) and how an order is read
// back (the receipt page).

import type { BillingInterval } from '../catalog/constants.js';
import type {
  CheckoutSession,
  Order,
  PaymentMethodShown,
  Refund,
  Subscription,
} from './records.js';

/** The order and subscription a session yields when it completes; dates are the store's. */
export interface CompletionRecord {
  order: Omit<
    Order,
    | 'id'
    | 'createdAt'
    | 'sessionId'
    | 'providerPaymentId'
    | 'kind'
    | 'subscriptionId'
    | 'periodEnd'
    | 'paymentMethod'
    // Copied from the session by the store, in the statement that writes the order.
    | 'business'
    // Given by the store when the order is paid (from invoicePrefix).
    | 'invoiceNumber'
    | 'amountRefunded'
  > & {
    /** The card it was paid (or saved) with, when the provider said. */
    paymentMethod?: PaymentMethodShown | null;
    /**
     * The invoice number's prefix (`INV-`): a paid order gets the next number of the store's
     * sequence for the year, in the statement that records it. Null issues none.
     */
    invoicePrefix?: string | null;
  };
  subscription: {
    planId: string;
    interval: BillingInterval;
    seats: number;
    email: string;
    /** Charged every period (the quote's total) in `currency`. */
    amount: number;
    currency: string;
    /** Days of trial; the subscription starts `trialing` and its period ends with the trial. */
    trialDays: number | null;
    /** Who renews it; the engine charges `paymentMethodId` of `customerRef` when it does. */
    renewedBy: 'engine' | 'provider';
    paymentMethodId?: string | null;
    customerRef?: string | null;
    /** The provider's own subscription, when it renews. */
    providerSubscriptionRef?: string | null;
    /**
     * The current period as the provider dates it (a provider that renews): recorded as it
     * is, instead of the store's own count from its clock, the trial and the interval.
     */
    providerPeriod?: { start: Date; end: Date } | null;
  };
}

/** An order read with its checkout session and subscription (the receipt page). */
export interface OrderRecord {
  order: Order;
  session: CheckoutSession;
  subscription: Subscription | null;
  /** Its refunds, oldest first. */
  refunds: Refund[];
}
