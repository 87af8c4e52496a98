import type { CardDetails } from '../validation/card.js';

export type { CardDetails };

/** What the engine asks a provider to charge. */
export interface CreatePaymentInput {
  /** Repeating a key must return the first result and never charge twice. */
  idempotencyKey: string;
  /** Amount in the currency's minor unit; always recomputed by the server. */
  amount: number;
  currency: string;
  description: string;
  customer: { email: string; name: string };
  /** Payment method: raw card for the test provider, a processor token otherwise. */
  paymentMethod: { type: 'card'; card: CardDetails } | { type: 'token'; token: string };
}

/** Why a payment failed, in a shape every processor can map onto. */
export type PaymentFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_failed'
  | 'processing_error';

/** A provider's answer about one payment. */
export type PaymentResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; action: 'authenticate' }
  | { status: 'failed'; paymentId: string; code: PaymentFailureCode; message: string };

/** A payment processor behind one interface: the test provider now, Stripe next. */
export interface PaymentProvider {
  /** A short name for logs and receipts, e.g. `test`. */
  readonly id: string;
  /** Charges (or starts charging) a payment. Idempotent on `input.idempotencyKey`. */
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /** Finishes a payment that required authentication, after the visitor's decision. */
  confirmPayment(paymentId: string, authentication: { approved: boolean }): Promise<PaymentResult>;
  /** Reads a payment's current status. */
  retrievePayment(paymentId: string): Promise<PaymentResult | null>;
  /**
   * Finds the payment made under an idempotency key, or null if none was ever made. The
   * engine asks this after a call whose answer was lost (a timeout), to learn whether the
   * card was charged (Stripe: search PaymentIntents by the key kept in their metadata).
   */
  findPayment(idempotencyKey: string): Promise<PaymentResult | null>;
}
