// Refunds: what the store takes to record one and what it answers (issue 22.5).

import type { Order, Refund } from './records.js';

/** A refund the merchant asks for, written `pending` before the provider is asked. */
export interface BeginRefundInput {
  /** The new refund's id (`re_…`); the provider's idempotency key is made from it. */
  refundId: string;
  orderId: string;
  /** One refund per key: asking again with it answers with the first. */
  idempotencyKey: string;
  /** Minor units of the order's currency; at most what remains of the payment. */
  amount: number;
  reason: string | null;
  /** The credit note number's prefix (the engine's `invoicePrefix`). */
  creditNotePrefix: string | null;
}

/** What became of {@link BeginRefundInput}. */
export type BeginRefundResult =
  /** Written, its amount reserved on the order. */
  | { outcome: 'created'; refund: Refund }
  /** The key was used before: that refund, as it is now. */
  | { outcome: 'exists'; refund: Refund }
  /** More than remains of the payment (paid less refunds not failed): nothing written. */
  | { outcome: 'exceeds'; remaining: number }
  | { outcome: 'order_not_found' };

/** The provider's answer to a pending refund. */
export interface SettleRefundInput {
  refundId: string;
  status: 'succeeded' | 'failed';
  providerRefundId: string | null;
  failureMessage?: string | null;
}

/** A refund the provider reports (its dashboard, or the answer to ours by webhook). */
export interface ProviderRefundInput {
  /** For a refund made elsewhere: its id (`re_…`). */
  refundId: string;
  /** The payment it refunds (`Order.providerPaymentId`). */
  providerPaymentId: string;
  providerRefundId: string;
  amount: number;
  currency: string;
  reason: string | null;
  creditNotePrefix: string | null;
}

/** An order found by its reference (or its provider's payment id), with its refunds. */
export interface OrderWithRefunds {
  order: Order;
  refunds: Refund[];
}
