// When the background work is next due (issue 24.1): the engine sleeps until then instead of
// polling every sweep every minute (`CheckoutStore.nextDue`).

import type { EventChannel } from './outboxTypes.js';

/** What {@link CheckoutStore.nextDue} looks at. */
export interface NextDueInput {
  /** The channels this engine delivers on: deliveries of other channels are not its work. */
  channels: EventChannel[];
  /** A pending refund is asked about again once it has waited this long (ms). */
  pendingRefundAfterMs: number;
}

/**
 * In how many ms (on the store's clock) each kind of background work is next due: zero or
 * less when it is due now, null when nothing of that kind is scheduled.
 */
export interface NextDue {
  /** The store's time when it answered (the engine's clock follows it). */
  now: Date;
  /** A running payment attempt's lease ends: its outcome is reconciled. */
  reconcile: number | null;
  /** An unpaid session reaches its expiry. */
  expire: number | null;
  /** A renewal charge (or its retry) the engine makes falls due. */
  renew: number | null;
  /** A subscription canceled at its period's end reaches that end. */
  endCanceled: number | null;
  /** A pending refund has waited long enough to ask the provider again. */
  refunds: number | null;
  /** An event delivery on one of the channels is due (a retry, or a lapsed claim). */
  deliveries: number | null;
}
