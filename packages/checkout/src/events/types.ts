// The events the checkout emits after the purchase (a transactional outbox: each is written
// in the same database transaction as the change it reports). These shapes are the contract
// with the host: the in-process handlers (`engine.on`) and the outgoing webhooks' `data`
// carry the same JSON, so dates are ISO 8601 strings and amounts integers in minor units.

import type { BillingInterval } from '../catalog/constants.js';
import type { SubscriptionState } from '../lifecycle/subscriptionLifecycle.js';

/** Every event type, with a stable name. */
export const EVENT_TYPES = [
  'order.paid',
  'payment.failed',
  'checkout.expired',
  'subscription.created',
  'subscription.updated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.payment_method_updated',
  'order.refunded',
  'order.disputed',
  'order.dispute_closed',
] as const;

/** The type of an event (`order.paid`, `subscription.renewed`, …). */
export type EventType = (typeof EVENT_TYPES)[number];

/** The event types that send the buyer an email (a receipt or a notice). */
export const EMAIL_EVENT_TYPES = [
  'order.paid',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.updated',
  'order.refunded',
] as const satisfies readonly EventType[];

/** What every event's `data` carries: the object's id and its version. */
export interface EventObject {
  /** The object's id (an order's, a checkout session's or a subscription's). */
  id: string;
  /**
   * Grows by one with every event about this object: a receiver that has seen a higher
   * version drops the older event (webhooks can arrive out of order).
   */
  version: number;
}

/** The card a payment was made (or saved) with. */
export interface EventPaymentMethod {
  brand: string;
  last4: string;
}

/** `order.paid`: a checkout was paid; the order as stored. */
export interface OrderPaidData extends EventObject {
  /** The order reference shown to the buyer (`PK-…`). */
  reference: string;
  checkoutSessionId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  email: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  promoCode: string | null;
  paymentMethod: EventPaymentMethod | null;
  /** The language of the checkout (`en`, `de`, …). */
  locale: string;
  /** The subscription the checkout started, if any. */
  subscriptionId: string | null;
  /** A business buyer's company, VAT ID (and whether VIES confirmed it) and billing address. */
  business: EventBusinessBuyer | null;
  /** Set when the sale was reverse charged (EU, tax 0): both VAT IDs for the invoice. */
  reverseCharge: { buyerVatId: string; merchantVatId: string } | null;
  /** The invoice's number (`INV-2026-000042`); null when nothing was charged (a trial). */
  invoiceNumber: string | null;
  createdAt: string;
}

/** A business buyer as events carry it. */
export interface EventBusinessBuyer {
  company: string;
  vatId: string | null;
  vatIdStatus: 'verified' | 'unverified' | null;
  street: string;
  postalCode: string;
  city: string;
}

/** `payment.failed` and `checkout.expired`: the checkout session as stored. */
export interface CheckoutSessionData extends EventObject {
  checkoutSessionId: string;
  status: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  currency: string;
  /** Due now, in minor units. */
  amount: number;
  email: string;
  name: string;
  country: string;
  promoCode: string | null;
  locale: string;
  /** Why the last attempt failed (`payment.failed`). */
  failureCode: string | null;
  failureMessage: string | null;
  expiresAt: string;
  createdAt: string;
}

/** The `subscription.*` events: the subscription as stored after the change. */
export interface SubscriptionData extends EventObject {
  status: SubscriptionState;
  checkoutSessionId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  currency: string;
  /** Charged every period, in minor units. */
  amount: number;
  email: string;
  locale: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  /** The buyer canceled: it ends with the current period (`subscription.updated`). */
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  createdAt: string;
}

/** A renewal's order, in `subscription.renewed`. */
export interface RenewalOrderData {
  id: string;
  reference: string;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  paymentMethod: EventPaymentMethod | null;
  /** The end of the period it paid for. */
  periodEnd: string | null;
  /** The renewal's invoice number (`INV-2026-000043`); null when nothing was charged. */
  invoiceNumber: string | null;
  createdAt: string;
}

/** `subscription.renewed`: the subscription with the renewal's order. */
export interface SubscriptionRenewedData extends SubscriptionData {
  /** Null when the provider renewed it and reported no order. */
  order: RenewalOrderData | null;
}

/**
 * `subscription.payment_method_updated`: the buyer replaced the card on the manage page; the
 * subscription with the new card (its brand and last four digits, never more).
 */
export interface SubscriptionPaymentMethodData extends SubscriptionData {
  paymentMethod: EventPaymentMethod;
}

/** Plan, interval and seats, and what they cost per period (tax included), in an event. */
export interface PlanTermsData {
  planId: string;
  interval: BillingInterval;
  seats: number;
  /** Per period, in minor units. */
  amount: number;
}

/** A plan change, in `subscription.updated` (issue 22.1). */
export interface SubscriptionChangeData {
  /** Unique per change. */
  id: string;
  /**
   * `applied`: the subscription has the new terms (`effective: 'now'`, or a scheduled change
   * that took effect at the renewal); `scheduled`: they take effect at `effectiveAt`;
   * `unscheduled`: the buyer undid a scheduled change.
   */
  status: 'applied' | 'scheduled' | 'unscheduled';
  effective: 'now' | 'period_end';
  effectiveAt: string;
  previous: PlanTermsData;
  next: PlanTermsData;
  currency: string;
  /** Charged now: the prorated difference, tax included (0 for a downgrade). */
  amountDue: number;
  /** Credited now toward the next charges (a downgrade applied at once). */
  credit: number;
  /** The proration's order (with its invoice number) when something was charged. */
  order: RenewalOrderData | null;
}

/**
 * `subscription.updated`: cancel at the period's end was set or cleared (`change` null), or
 * the plan, interval or seats changed (`change`).
 */
export interface SubscriptionUpdatedData extends SubscriptionData {
  change: SubscriptionChangeData | null;
}

/** `order.refunded`: a refund of (part of) an order's payment succeeded. */
export interface OrderRefundedData extends EventObject {
  /** The order's reference (`PK-…`); `id` is the order's id. */
  reference: string;
  /** The plan the order bought. */
  planId: string;
  refundId: string;
  /** Refunded by this refund, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** What remains of the payment after every refund that succeeded so far. */
  remaining: number;
  reason: string | null;
  /** `merchant` (engine.refund, `plankit refund`) or `provider` (made at the provider). */
  source: 'merchant' | 'provider';
  /** The credit note's number, from the invoices' sequence. */
  creditNoteNumber: string | null;
  /** The number of the invoice it corrects. */
  invoiceNumber: string | null;
  email: string;
  /** The language of the order's checkout. */
  locale: string;
  createdAt: string;
}

/** `order.disputed` / `order.dispute_closed`: the buyer's bank disputes a payment (a chargeback). */
export interface OrderDisputeData extends EventObject {
  /** The order's reference (`PK-…`); `id` is the order's id. */
  reference: string;
  /** The provider's dispute (`dp_…`). */
  disputeId: string;
  /** Disputed, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** The bank's reason, as the provider names it (`fraudulent`, `product_not_received`, …). */
  reason: string | null;
  /** The provider's status (`needs_response`, `under_review`, `won`, `lost`, …). */
  status: string;
  /** The dispute is over (`won`, `lost` or closed with a warning). */
  closed: boolean;
  email: string;
  /** The language of the order's checkout. */
  locale: string;
  createdAt: string;
}

/** The `data` of each event type. */
export interface EventDataMap {
  'order.paid': OrderPaidData;
  'payment.failed': CheckoutSessionData;
  'checkout.expired': CheckoutSessionData;
  'subscription.created': SubscriptionData;
  /** Canceled at the period's end or resumed, or plan, interval or seats changed (`change`). */
  'subscription.updated': SubscriptionUpdatedData;
  'subscription.renewed': SubscriptionRenewedData;
  'subscription.past_due': SubscriptionData;
  'subscription.canceled': SubscriptionData;
  'subscription.payment_method_updated': SubscriptionPaymentMethodData;
  'order.refunded': OrderRefundedData;
  'order.disputed': OrderDisputeData;
  'order.dispute_closed': OrderDisputeData;
}

/** One event as handlers and webhooks receive it. */
export type CheckoutEvent = {
  [T in EventType]: {
    /** Unique per event (`evt_…`); the webhook's `webhook-id`. */
    id: string;
    type: T;
    /** When the change was committed (the store's clock), ISO 8601. */
    createdAt: string;
    data: EventDataMap[T];
  };
}[EventType];

/** The event of one type. */
export type CheckoutEventOf<T extends EventType> = Extract<CheckoutEvent, { type: T }>;
