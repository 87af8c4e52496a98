import type { Quote } from '../pricing/quote.js';
import type {
  CheckoutSession,
  CompletionRecord,
  NewSession,
  SessionSelection,
  StartAttemptInput,
} from '../store/types.js';

const MINUTE = 60_000;

/** A team-plan quote: 5 seats × 12 €, LAUNCH20, German VAT added on top. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    planId: 'team',
    interval: 'monthly',
    currency: 'EUR',
    seats: 5,
    unitAmount: 1200,
    subtotal: 6000,
    discount: 1200,
    tax: 912,
    total: 5712,
    dueToday: 5712,
    taxRateBasisPoints: 1900,
    taxInclusive: false,
    promoCode: 'LAUNCH20',
    percentOff: 20,
    trialDays: null,
    ...overrides,
  };
}

/** What the visitor chose for {@link makeQuote}. */
export function makeSelection(overrides: Partial<SessionSelection> = {}): SessionSelection {
  return {
    planId: 'team',
    interval: 'monthly',
    currency: 'EUR',
    seats: 5,
    country: 'DE',
    promoCode: 'LAUNCH20',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    amountDue: 5712,
    quote: makeQuote(),
    ...overrides,
  };
}

/** A new session with a random id and key, open for 30 minutes. */
export function makeNewSession(overrides: Partial<NewSession> = {}): NewSession {
  return {
    ...makeSelection(),
    id: `cs_${crypto.randomUUID().replaceAll('-', '')}`,
    idempotencyKey: `key_${crypto.randomUUID()}`,
    visitorHash: 'visitor-hash',
    ttlMs: 30 * MINUTE,
    ...overrides,
  };
}

/** A start-attempt request for a new session: a 2-minute lease, a 15-minute failure window. */
export function makeStartAttempt(
  overrides: Partial<Omit<StartAttemptInput, 'session'>> & { session?: Partial<NewSession> } = {},
): StartAttemptInput {
  const { session, ...rest } = overrides;
  return {
    leaseMs: 2 * MINUTE,
    failureWindowMs: 15 * MINUTE,
    clientKey: 'client-key',
    emailKey: 'email-key',
    visitorHash: 'visitor-hash',
    ...rest,
    session: makeNewSession(session),
  };
}

/** The order and subscription the session yields when paid (renewed by the engine with a saved card). */
export function makeCompletion(
  session: CheckoutSession,
  overrides: {
    trialDays?: number | null;
    paymentMethodId?: string | null;
    invoicePrefix?: string | null;
  } = {},
): CompletionRecord {
  return {
    order: {
      reference: `PK-${session.id.slice(-8).toUpperCase()}`,
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      currency: session.currency,
      subtotal: session.quote.subtotal,
      discount: session.quote.discount,
      tax: session.quote.tax,
      total: session.quote.total,
      amountPaid: session.amountDue,
      email: session.email,
      paymentMethod: { brand: 'visa', last4: '4242' },
      invoicePrefix: overrides.invoicePrefix === undefined ? 'INV-' : overrides.invoicePrefix,
    },
    subscription: {
      planId: session.planId,
      interval: session.interval,
      seats: session.seats,
      email: session.email,
      amount: session.quote.total,
      currency: session.currency,
      trialDays: overrides.trialDays ?? null,
      renewedBy: 'engine',
      paymentMethodId:
        overrides.paymentMethodId === undefined ? 'pm_saved' : overrides.paymentMethodId,
      customerRef: 'cus_saved',
    },
  };
}
