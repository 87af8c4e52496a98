// Rows as the drivers return them, and their mapping to the store's types. `pg` hands
// BIGINT over as a string and PGlite as a number; rows read through `to_jsonb` carry
// timestamps as strings. Amounts are far below 2^53.

import type { BillingInterval } from '../../catalog/constants.js';
import type { SessionState } from '../../lifecycle/sessionLifecycle.js';
import type { SubscriptionState } from '../../lifecycle/subscriptionLifecycle.js';
import type { Quote } from '../../pricing/quote.js';
import type {
  BusinessBuyer,
  CheckoutSession,
  Order,
  SessionSelection,
  Subscription,
  SubscriptionChange,
} from '../types.js';

type Num = number | string;
type Time = Date | string;

export interface SessionRow {
  id: string;
  idempotency_key: string;
  status: SessionState;
  attempt: Num;
  lease_until: Time | null;
  action_url: string | null;
  plan_id: string;
  billing_interval: BillingInterval;
  currency: string;
  seats: Num;
  country: string;
  promo_code: string | null;
  email: string;
  name: string;
  amount_due: Num;
  quote: Quote | string;
  provider_payment_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  visitor_hash: string | null;
  created_at: Time;
  updated_at: Time;
  expires_at: Time;
  locale?: string;
  business?: BusinessBuyer | string | null;
}

export interface OrderRow {
  id: string;
  reference: string;
  kind: 'checkout' | 'renewal' | 'proration';
  session_id: string | null;
  subscription_id: string | null;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
  period_end: Time | null;
  invoice_number?: string | null;
  amount_refunded?: number | string;
  plan_id: string;
  billing_interval: BillingInterval;
  seats: Num;
  currency: string;
  subtotal: Num;
  discount: Num;
  tax: Num;
  total: Num;
  amount_paid: Num;
  email: string;
  provider_payment_id: string | null;
  business?: BusinessBuyer | string | null;
  created_at: Time;
}

export interface SubscriptionRow {
  id: string;
  session_id: string;
  order_id: string;
  plan_id: string;
  billing_interval: BillingInterval;
  seats: Num;
  status: SubscriptionState;
  amount: Num;
  currency: string;
  current_period_start: Time;
  current_period_end: Time;
  trial_end: Time | null;
  cancel_at_period_end: boolean;
  canceled_at: Time | null;
  email: string;
  renewed_by: 'engine' | 'provider';
  payment_method_id: string | null;
  customer_ref: string | null;
  provider_subscription_ref: string | null;
  renewal_attempt: Num;
  next_attempt_at: Time | null;
  terms?: Quote | string | null;
  pending_change?: SubscriptionChange | string | null;
  credit_balance?: Num;
  created_at: Time;
  /** Since migration 14. */
  payment_method_brand?: string | null;
  payment_method_last4?: string | null;
  payment_method_intent?: string | null;
}

/** A jsonb column: an object (PGlite, `to_jsonb`), its text (`pg` casts), or null. */
function jsonOrNull<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function toNumber(value: Num | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toDate(value: Time): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toDateOrNull(value: Time | null): Date | null {
  return value === null ? null : toDate(value);
}

/** A `business` jsonb column: an object (PGlite, `to_jsonb`), its text (`pg` casts), or null. */
function parseBusiness(value: BusinessBuyer | string | null | undefined): BusinessBuyer | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as BusinessBuyer | null) : value;
}

export function toSession(row: SessionRow): CheckoutSession {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    attempt: toNumber(row.attempt),
    leaseUntil: row.lease_until === null ? null : toDate(row.lease_until),
    actionUrl: row.action_url,
    planId: row.plan_id,
    interval: row.billing_interval,
    currency: row.currency,
    seats: toNumber(row.seats),
    country: row.country,
    promoCode: row.promo_code,
    email: row.email,
    name: row.name,
    amountDue: toNumber(row.amount_due),
    quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as Quote) : row.quote,
    providerPaymentId: row.provider_payment_id,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    visitorHash: row.visitor_hash,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    expiresAt: toDate(row.expires_at),
    locale: row.locale ?? 'en',
    business: parseBusiness(row.business),
  };
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    sessionId: row.session_id,
    subscriptionId: row.subscription_id,
    planId: row.plan_id,
    interval: row.billing_interval,
    seats: toNumber(row.seats),
    currency: row.currency,
    subtotal: toNumber(row.subtotal),
    discount: toNumber(row.discount),
    tax: toNumber(row.tax),
    total: toNumber(row.total),
    amountPaid: toNumber(row.amount_paid),
    email: row.email,
    providerPaymentId: row.provider_payment_id,
    paymentMethod:
      row.payment_method_brand && row.payment_method_last4
        ? { brand: row.payment_method_brand, last4: row.payment_method_last4 }
        : null,
    periodEnd: toDateOrNull(row.period_end),
    business: parseBusiness(row.business),
    invoiceNumber: row.invoice_number ?? null,
    amountRefunded: toNumber(row.amount_refunded ?? 0),
    createdAt: toDate(row.created_at),
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    sessionId: row.session_id,
    orderId: row.order_id,
    planId: row.plan_id,
    interval: row.billing_interval,
    seats: toNumber(row.seats),
    status: row.status,
    amount: toNumber(row.amount),
    currency: row.currency,
    currentPeriodStart: toDate(row.current_period_start),
    currentPeriodEnd: toDate(row.current_period_end),
    trialEnd: toDateOrNull(row.trial_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    canceledAt: toDateOrNull(row.canceled_at),
    email: row.email,
    renewedBy: row.renewed_by,
    paymentMethodId: row.payment_method_id,
    customerRef: row.customer_ref,
    providerSubscriptionRef: row.provider_subscription_ref,
    renewalAttempt: toNumber(row.renewal_attempt),
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    terms: jsonOrNull(row.terms),
    pendingChange: jsonOrNull(row.pending_change),
    creditBalance: toNumber(row.credit_balance ?? 0),
    createdAt: toDate(row.created_at),
    paymentMethod:
      row.payment_method_brand && row.payment_method_last4
        ? { brand: row.payment_method_brand, last4: row.payment_method_last4 }
        : null,
    paymentMethodIntent: row.payment_method_intent ?? null,
  };
}

/** Selection columns in the order {@link selectionParams} binds them. */
export const SELECTION_COLUMNS = [
  'plan_id',
  'billing_interval',
  'currency',
  'seats',
  'country',
  'promo_code',
  'email',
  'name',
  'amount_due',
  'quote',
  'locale',
  'business',
] as const;

/** A selection's values in {@link SELECTION_COLUMNS} order. */
export function selectionParams(selection: SessionSelection): unknown[] {
  return [
    selection.planId,
    selection.interval,
    selection.currency,
    selection.seats,
    selection.country,
    selection.promoCode,
    selection.email,
    selection.name,
    selection.amountDue,
    // Serialised here so both drivers bind the same text; the SQL casts it to jsonb.
    JSON.stringify(selection.quote),
    selection.locale ?? 'en',
    // SQL NULL for a consumer (not the JSON value null).
    selection.business ? JSON.stringify(selection.business) : null,
  ];
}

/** SQL types of the selection columns, for explicit casts of their parameters. */
export const SELECTION_CASTS: Record<(typeof SELECTION_COLUMNS)[number], string> = {
  plan_id: 'text',
  billing_interval: 'text',
  currency: 'text',
  seats: 'int',
  country: 'text',
  promo_code: 'text',
  email: 'text',
  name: 'text',
  amount_due: 'bigint',
  quote: 'jsonb',
  locale: 'text',
  business: 'jsonb',
};
