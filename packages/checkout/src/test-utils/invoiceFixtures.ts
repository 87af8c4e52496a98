// Orders as the store returns them, for the invoice tests: a German consumer and a French
// business buyer whose purchase was reverse charged.

import type { Quote } from '../pricing/quote.js';
import type { CheckoutSession, Order, OrderRecord, Refund } from '../store/types.js';

const CREATED = new Date('2026-03-14T09:30:00.000Z');

const quoteOf = (overrides: Partial<Quote> = {}): Quote => ({
  planId: 'team',
  interval: 'yearly',
  currency: 'EUR',
  seats: 5,
  unitAmount: 12_000,
  subtotal: 60_000,
  discount: 12_000,
  tax: 9_120,
  total: 57_120,
  dueToday: 57_120,
  taxRateBasisPoints: 1900,
  taxInclusive: false,
  reverseCharge: null,
  promoCode: 'LAUNCH20',
  percentOff: 20,
  trialDays: null,
  ...overrides,
});

/** An order with its session; `business` makes a reverse-charged French company's. */
export function makeOrderRecord(
  options: { business?: boolean; locale?: string; order?: Partial<Order> } = {},
): OrderRecord {
  const business = options.business
    ? {
        company: 'Acme SAS',
        vatId: 'FR40303265045',
        vatIdStatus: 'verified' as const,
        street: '12 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
      }
    : null;
  const quote = business
    ? quoteOf({
        tax: 0,
        total: 48_000,
        dueToday: 48_000,
        taxRateBasisPoints: 0,
        reverseCharge: { buyerVatId: 'FR40303265045', merchantVatId: 'IE6388047V' },
      })
    : quoteOf();
  const session = {
    id: 'cs_fixture',
    planId: 'team',
    interval: 'yearly',
    currency: 'EUR',
    seats: 5,
    country: business ? 'FR' : 'DE',
    promoCode: 'LAUNCH20',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    amountDue: quote.total,
    quote,
    locale: options.locale ?? 'en',
    business,
    idempotencyKey: 'key',
    status: 'paid',
    attempt: 1,
    leaseUntil: null,
    actionUrl: null,
    providerPaymentId: 'pi_fixture',
    failureCode: null,
    failureMessage: null,
    visitorHash: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    expiresAt: CREATED,
  } satisfies CheckoutSession;
  const order: Order = {
    id: '0b9f3c57-6a8e-4a43-9d4e-1f1f6f8c2a11',
    reference: 'PK-7F3K-92QD',
    kind: 'checkout',
    sessionId: session.id,
    subscriptionId: null,
    planId: 'team',
    interval: 'yearly',
    seats: 5,
    currency: 'EUR',
    subtotal: quote.subtotal,
    discount: quote.discount,
    tax: quote.tax,
    total: quote.total,
    amountPaid: quote.total,
    email: session.email,
    providerPaymentId: 'pi_fixture',
    paymentMethod: { brand: 'visa', last4: '4242' },
    periodEnd: null,
    business,
    invoiceNumber: 'INV-2026-000042',
    amountRefunded: 0,
    createdAt: CREATED,
    ...options.order,
  };
  return { order, session, subscription: null, refunds: [] };
}

/** A refund of part of an order, succeeded, with its credit note number. */
export function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 're_fixture',
    orderId: '0b9f3c57-6a8e-4a43-9d4e-1f1f6f8c2a11',
    amount: 11_424,
    currency: 'EUR',
    reason: null,
    status: 'succeeded',
    source: 'merchant',
    providerRefundId: 'rf_fixture',
    failureMessage: null,
    creditNoteNumber: 'INV-2026-000057',
    createdAt: new Date('2026-04-02T10:00:00.000Z'),
    updatedAt: new Date('2026-04-02T10:00:00.000Z'),
    ...overrides,
  };
}
