// What the store's renewal operations take (`CheckoutStore.applySubscriptionEvent`).

import type { SubscriptionEvent } from '../lifecycle/subscriptionLifecycle.js';
import type { PaymentMethodShown, PlanTerms, SubscriptionChange } from './records.js';

/** What became of one renewal attempt of a subscription, to record. */
export interface SubscriptionUpdate {
  subscriptionId: string;
  /** `renew` (paid), `fail_renewal` (retry later) or `cancel` (ends it now). */
  event: SubscriptionEvent;
  /**
   * Applies only while the subscription's period still ends at this time (and, for a failed
   * renewal, this many attempts were recorded): exactly once per period and attempt.
   */
  periodEnd: Date;
  renewalAttempt: number;
  /** For `fail_renewal`: when to try again. */
  nextAttemptAt?: Date | null;
  /** For `renew`: the renewal's order (amounts are the subscription's own). */
  renewal?: {
    reference: string;
    providerPaymentId: string | null;
    paymentMethod: PaymentMethodShown | null;
    /** The invoice number's prefix (`INV-`); null issues no invoice number. */
    invoicePrefix?: string | null;
    /**
     * The new period as the provider dates it (a provider that renews); without it the
     * period moves on by one billing interval.
     */
    providerPeriod?: { start: Date; end: Date } | null;
    /**
     * Of the subscription's credit (a downgrade's), what this renewal used: charged is the
     * amount less this, and the credit shrinks by it (default 0).
     */
    creditApplied?: number;
  };
}

/** A new card for a subscription (`CheckoutStore.setSubscriptionPaymentMethod`). */
export interface NewSubscriptionPaymentMethod {
  subscriptionId: string;
  /** The provider's saved method (`pm_…`). */
  paymentMethodId: string;
  /** The provider's customer it is saved to; null keeps the one recorded. */
  customerRef: string | null;
  /** What the pages show of it (never the number). */
  paymentMethod: PaymentMethodShown;
  /**
   * The intent that saved it on the provider's pages: the card is set only while that intent
   * is the one recorded (`recordPaymentMethodIntent`), so a return is applied once.
   */
  intentId?: string | null;
}

/**
 * A plan change to record (`CheckoutStore.changeSubscription`): applied now, or scheduled
 * for the period's end. Applies only while the subscription still has the terms and period
 * the change was computed from (`expected`), so a change confirmed twice applies once.
 */
export interface PlanChangeInput {
  subscriptionId: string;
  expected: PlanTerms & { periodEnd: Date };
  change: SubscriptionChange;
  /** For a change applied now whose interval changed: the new period. */
  period?: { start: Date; end: Date } | null;
  /** An upgrade's charge: its order, written in the same statement (the invoice numbers it). */
  order?: {
    reference: string;
    /** The charge's idempotency key: one order per key. */
    changeKey: string;
    providerPaymentId: string | null;
    paymentMethod: PaymentMethodShown | null;
    invoicePrefix: string | null;
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
  } | null;
}
