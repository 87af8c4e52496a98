import type { BillingInterval } from '../catalog/constants.js';
import type { SessionState } from '../lifecycle/sessionLifecycle.js';
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
}

/** A stored checkout session. Times are the database's. */
export interface CheckoutSession extends SessionSelection {
  id: string;
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

/** The order a paid (or trial, or free) session yields. */
export interface Order {
  id: string;
  reference: string;
  sessionId: string;
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
  createdAt: Date;
}

/** The subscription a paid (or trial, or free) session yields. */
export interface Subscription {
  id: string;
  sessionId: string;
  orderId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  status: 'active' | 'trialing';
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  email: string;
  createdAt: Date;
}
