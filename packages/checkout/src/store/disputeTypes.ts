// Disputes (chargebacks) a provider reports (issue 22.5): what the store takes to record one.

/** A dispute as the provider reports it, on the payment it disputes. */
export interface DisputeInput {
  /** The provider's dispute id (`dp_…`): one row per dispute, updated as it moves on. */
  disputeRef: string;
  /** The disputed payment (`Order.providerPaymentId`). */
  providerPaymentId: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: string;
  /** Over: won, lost, or closed with a warning. */
  closed: boolean;
}

/** What became of a {@link DisputeInput}. */
export type DisputeResult = 'recorded' | 'unchanged' | 'order_not_found';
