import type { BillingInterval } from '../catalog/constants.js';
import type { SessionState } from '../lifecycle/sessionLifecycle.js';
import type { SubscriptionState } from '../lifecycle/subscriptionLifecycle.js';
import type { Quote } from '../pricing/quote.js';

// What the store keeps: checkout sessions, and the orders and subscriptions they yield.

/** What the visitor chose, as recomputed by the server from the catalog. */
export interface SessionSelection {
  planId: string;
  interval: BillingInterval;
  currency: string;
  seats: number;
  country: string;
  promoCode: string | null;
  email: string;
  name: string;
  /** Amount due now in minor units (0 for a trial or a free plan). */
  amountDue: number;
  /** The full quote as computed when the current attempt started. */
  quote: Quote;
  /** The language of the checkout (BCP 47, default `en`): emails to the buyer use it. */
  locale?: string;
  /** A business buyer's details; null (or absent) for a consumer. */
  business?: BusinessBuyer | null;
}

/**
 * What a business buyer gave: company, VAT ID and billing address (country: the session's).
 * Whether the sale was reverse charged is in the quote (`quote.reverseCharge`).
 */
export interface BusinessBuyer {
  company: string;
  /** With its country prefix, after the offline check; null when the buyer gave none. */
  vatId: string | null;
  /**
   * `verified`: the online check (VIES) confirmed it; `unverified`: checked offline only
   * (no online checker, or it did not answer in time); null without an ID.
   */
  vatIdStatus: 'verified' | 'unverified' | null;
  street: string;
  postalCode: string;
  city: string;
}

/** A stored checkout session. Times are the database's. */
export interface CheckoutSession extends SessionSelection {
  id: string;
  locale: string;
  idempotencyKey: string;
  status: SessionState;
  /** Payment attempts started so far; the provider's idempotency key includes it. */
  attempt: number;
  /**
   * Until when the request that started the current attempt holds the session. After that
   * (it died, or the provider did not answer) a retry or the reconcile sweep may resume the
   * attempt under the same provider key. Null when no attempt is running.
   */
  leaseUntil: Date | null;
  /** Where the buyer must go to finish the payment, while `requires_action`. */
  actionUrl: string | null;
  providerPaymentId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** Hash of the visitor's browser token; the finish step only shows a session to its owner. */
  visitorHash: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

/** A payment method as an order or a receipt shows it (never the number). */
export interface PaymentMethodShown {
  brand: string;
  last4: string;
}

/**
 * An order: what a paid (or trial, or free) checkout yields, and each paid renewal of its
 * subscription after that.
 */
export interface Order {
  id: string;
  reference: string;
  /**
   * `checkout` (from a session), `renewal` (a later period of a subscription) or
   * `proration` (the prorated difference of a plan change, charged at once).
   */
  kind: 'checkout' | 'renewal' | 'proration';
  /** The checkout session; null for a renewal. */
  sessionId: string | null;
  /** The subscription a renewal paid for; null for a checkout order. */
  subscriptionId: string | null;
  planId: string;
  interval: BillingInterval;
  seats: number;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  amountPaid: number;
  email: string;
  providerPaymentId: string | null;
  /** The card it was paid (or saved) with, when there was one. */
  paymentMethod: PaymentMethodShown | null;
  /** For a renewal: the end of the period it paid for. */
  periodEnd: Date | null;
  /** The business buyer of a checkout order (copied from its session); null otherwise. */
  business: BusinessBuyer | null;
  /**
   * Its invoice's number (`INV-2026-000042`), gap-free per store and calendar year; null
   * for an order that charged nothing (a trial, a free plan) or was paid before numbering.
   */
  invoiceNumber: string | null;
  /** Refunded so far or being refunded (refunds not failed), in minor units. */
  amountRefunded: number;
  createdAt: Date;
}

/** A refund of (part of) an order's payment, with its credit note. */
export interface Refund {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  reason: string | null;
  /** `pending` until the provider answers; `failed` releases its amount. */
  status: 'pending' | 'succeeded' | 'failed';
  /** `merchant` (engine.refund, `plankit refund`) or `provider` (made at the provider). */
  source: 'merchant' | 'provider';
  providerRefundId: string | null;
  failureMessage: string | null;
  /** The credit note's number, from the invoices' sequence, once it succeeded. */
  creditNoteNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A subscription: what a paid (or trial, or free) checkout starts. */
export interface Subscription {
  id: string;
  sessionId: string;
  /** The checkout's order. */
  orderId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  status: SubscriptionState;
  /** Charged every period, in minor units of `currency`: the checkout's total. */
  amount: number;
  currency: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** The buyer canceled: it ends with the current period. */
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  email: string;
  /** Who renews it: the engine (charging the saved method) or the provider's own billing. */
  renewedBy: 'engine' | 'provider';
  /** The saved method and its customer at the provider (engine renewals). */
  paymentMethodId: string | null;
  customerRef: string | null;
  /** The provider's own subscription (provider renewals). */
  providerSubscriptionRef: string | null;
  /** Failed renewal charges of the current period so far. */
  renewalAttempt: number;
  /** When the engine charges next (the period's end, or a retry); null when it does not. */
  nextAttemptAt: Date | null;
  /** The quote of the current terms after a plan change; null while they are the checkout's. */
  terms: Quote | null;
  /** A change (a downgrade) that takes effect at the period's end; null when none waits. */
  pendingChange: SubscriptionChange | null;
  /** Credit from a downgrade applied at once, taken off the next charges (minor units). */
  creditBalance: number;
  createdAt: Date;
  /**
   * The card the buyer put in on the manage page (issue 22.2); null until they replace the
   * checkout's card, which the checkout's order shows.
   */
  paymentMethod?: PaymentMethodShown | null;
  /**
   * The provider's intent saving a new card while the buyer is on the provider's pages
   * (3-D Secure, the hosted page); only it may set the card when they come back.
   */
  paymentMethodIntent?: string | null;
}

/** Plan, interval and seats, and what they cost per period (tax included). */
export interface PlanTerms {
  planId: string;
  interval: BillingInterval;
  seats: number;
  /** Charged every period, in minor units. */
  amount: number;
}

/** A change of plan, interval or seats, as the store keeps it (`last_change`, `pending_change`). */
export interface SubscriptionChange {
  /** Unique per change (a UUID). */
  id: string;
  /**
   * `applied` (the subscription has the new terms), `scheduled` (they take effect at the
   * period's end) or `unscheduled` (the buyer undid a scheduled change).
   */
  status: 'applied' | 'scheduled' | 'unscheduled';
  /** `now`, or `period_end` (a downgrade, by default). */
  effective: 'now' | 'period_end';
  /** When it takes (or took) effect, ISO 8601. */
  effectiveAt: string;
  previous: PlanTerms;
  next: PlanTerms;
  currency: string;
  /** Charged now (an upgrade's prorated difference, tax included). */
  amountDue: number;
  /** Credited now (a downgrade applied at once). */
  credit: number;
  /** The proration's order, when something was charged. */
  orderId: string | null;
  /** The quote of the new terms (what renewals bill from then on). */
  terms: Quote;
}
