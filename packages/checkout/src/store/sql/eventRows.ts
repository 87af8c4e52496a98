// Events as the outbox stores them (the rows the triggers wrote, as `to_jsonb`) and their
// mapping to the public shapes of events/types.ts.

import type {
  CheckoutEvent,
  CheckoutSessionData,
  EventPaymentMethod,
  EventType,
  OrderDisputeData,
  OrderPaidData,
  OrderRefundedData,
  RenewalOrderData,
  SubscriptionChangeData,
  SubscriptionData,
} from '../../events/types.js';
import type { PaymentMethodShown, PlanTerms, SubscriptionChange } from '../records.js';
import { type RefundRow, toRefund } from './refundRows.js';
import {
  type OrderRow,
  type SessionRow,
  type SubscriptionRow,
  toDate,
  toOrder,
  toSession,
  toSubscription,
} from './rows.js';

type Time = Date | string;

export interface EventRow {
  id: string;
  type: EventType;
  object_id: string;
  version: number | string;
  payload: EventPayload | string;
  created_at: Time;
}

/** What the triggers (migration 7) write into `events.payload`. */
interface EventPayload {
  order?: OrderRow | null;
  session?: SessionRow & { locale?: string };
  subscription?: SubscriptionRow;
  subscription_id?: string | null;
  locale?: string | null;
  refund?: RefundRow;
  /** For `order.refunded`: the sum of the order's succeeded refunds. */
  refunded?: number | string;
  /** For `subscription.updated` of a plan change (migration 14). */
  change?: SubscriptionChange | null;
  /** For `order.disputed` / `order.dispute_closed` (migration 13). */
  dispute?: {
    id: string;
    amount: number;
    currency: string;
    reason: string | null;
    status: string;
    closed: boolean;
    updated_at: Time;
  };
}

const iso = (value: Time) => toDate(value).toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());
const method = (value: PaymentMethodShown | null): EventPaymentMethod | null =>
  value ? { brand: value.brand, last4: value.last4 } : null;

function sessionData(row: SessionRow & { locale?: string }, version: number): CheckoutSessionData {
  const session = toSession(row);
  return {
    id: session.id,
    version,
    checkoutSessionId: session.id,
    status: session.status,
    planId: session.planId,
    interval: session.interval,
    seats: session.seats,
    currency: session.currency,
    amount: session.amountDue,
    email: session.email,
    name: session.name,
    country: session.country,
    promoCode: session.promoCode,
    locale: row.locale ?? 'en',
    failureCode: session.failureCode,
    failureMessage: session.failureMessage,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: session.createdAt.toISOString(),
  };
}

function subscriptionData(row: SubscriptionRow, locale: string, version: number): SubscriptionData {
  const sub = toSubscription(row);
  return {
    id: sub.id,
    version,
    status: sub.status,
    checkoutSessionId: sub.sessionId,
    planId: sub.planId,
    interval: sub.interval,
    seats: sub.seats,
    currency: sub.currency,
    amount: sub.amount,
    email: sub.email,
    locale,
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    trialEnd: isoOrNull(sub.trialEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: isoOrNull(sub.canceledAt),
    createdAt: sub.createdAt.toISOString(),
  };
}

function renewalOrder(row: OrderRow | null | undefined): RenewalOrderData | null {
  if (!row) return null;
  const order = toOrder(row);
  return {
    id: order.id,
    reference: order.reference,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    tax: order.tax,
    total: order.amountPaid,
    paymentMethod: method(order.paymentMethod),
    periodEnd: isoOrNull(order.periodEnd),
    invoiceNumber: order.invoiceNumber,
    createdAt: order.createdAt.toISOString(),
  };
}

const terms = (value: PlanTerms) => ({
  planId: value.planId,
  interval: value.interval,
  seats: value.seats,
  amount: value.amount,
});

function changeData(
  change: SubscriptionChange | null | undefined,
  order: OrderRow | null | undefined,
): SubscriptionChangeData | null {
  if (!change) return null;
  return {
    id: change.id,
    status: change.status,
    effective: change.effective,
    effectiveAt: change.effectiveAt,
    previous: terms(change.previous),
    next: terms(change.next),
    currency: change.currency,
    amountDue: change.amountDue,
    credit: change.credit,
    order: renewalOrder(order),
  };
}

/** The public event of a stored row. */
export function toCheckoutEvent(row: EventRow): CheckoutEvent {
  const payload: EventPayload =
    typeof row.payload === 'string' ? (JSON.parse(row.payload) as EventPayload) : row.payload;
  const version = Number(row.version);
  const base = { id: row.id, createdAt: iso(row.created_at) };
  switch (row.type) {
    case 'order.paid': {
      if (!payload.order || !payload.session) throw new Error(`event ${row.id}: no order`);
      const order = toOrder(payload.order);
      const session = toSession(payload.session);
      const data: OrderPaidData = {
        id: order.id,
        version,
        reference: order.reference,
        checkoutSessionId: session.id,
        planId: order.planId,
        interval: order.interval,
        seats: order.seats,
        currency: order.currency,
        subtotal: order.subtotal,
        discount: order.discount,
        tax: order.tax,
        total: order.total,
        email: order.email,
        name: session.name,
        country: session.country,
        promoCode: session.promoCode,
        paymentMethod: method(order.paymentMethod),
        locale: payload.session.locale ?? 'en',
        subscriptionId: payload.subscription_id ?? null,
        business: session.business ?? null,
        reverseCharge: session.quote.reverseCharge ?? null,
        invoiceNumber: order.invoiceNumber,
        createdAt: order.createdAt.toISOString(),
      };
      return { ...base, type: row.type, data };
    }
    case 'order.refunded': {
      if (!payload.order || !payload.refund) throw new Error(`event ${row.id}: no refund`);
      const order = toOrder(payload.order);
      const refund = toRefund(payload.refund);
      const data: OrderRefundedData = {
        id: order.id,
        version,
        reference: order.reference,
        planId: order.planId,
        refundId: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        remaining: order.amountPaid - Number(payload.refunded ?? refund.amount),
        reason: refund.reason,
        source: refund.source,
        creditNoteNumber: refund.creditNoteNumber,
        invoiceNumber: order.invoiceNumber,
        email: order.email,
        locale: payload.locale ?? 'en',
        createdAt: refund.updatedAt.toISOString(),
      };
      return { ...base, type: row.type, data };
    }
    case 'order.disputed':
    case 'order.dispute_closed': {
      if (!payload.order || !payload.dispute) throw new Error(`event ${row.id}: no dispute`);
      const order = toOrder(payload.order);
      const { dispute } = payload;
      const data: OrderDisputeData = {
        id: order.id,
        version,
        reference: order.reference,
        disputeId: dispute.id,
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        closed: dispute.closed,
        email: order.email,
        locale: payload.locale ?? 'en',
        createdAt: iso(dispute.updated_at),
      };
      return { ...base, type: row.type, data };
    }
    case 'payment.failed':
    case 'checkout.expired':
      if (!payload.session) throw new Error(`event ${row.id}: no session`);
      return { ...base, type: row.type, data: sessionData(payload.session, version) };
    case 'subscription.updated': {
      if (!payload.subscription) throw new Error(`event ${row.id}: no subscription`);
      const data = subscriptionData(payload.subscription, payload.locale ?? 'en', version);
      return {
        ...base,
        type: row.type,
        data: { ...data, change: changeData(payload.change, payload.order) },
      };
    }
    case 'subscription.renewed': {
      if (!payload.subscription) throw new Error(`event ${row.id}: no subscription`);
      const data = subscriptionData(payload.subscription, payload.locale ?? 'en', version);
      return { ...base, type: row.type, data: { ...data, order: renewalOrder(payload.order) } };
    }
    case 'subscription.payment_method_updated': {
      const { subscription } = payload;
      if (!subscription?.payment_method_brand || !subscription.payment_method_last4) {
        throw new Error(`event ${row.id}: no payment method`);
      }
      const data = subscriptionData(subscription, payload.locale ?? 'en', version);
      const paymentMethod = {
        brand: subscription.payment_method_brand,
        last4: subscription.payment_method_last4,
      };
      return { ...base, type: row.type, data: { ...data, paymentMethod } };
    }
    default:
      if (!payload.subscription) throw new Error(`event ${row.id}: no subscription`);
      return {
        ...base,
        type: row.type,
        data: subscriptionData(payload.subscription, payload.locale ?? 'en', version),
      };
  }
}
