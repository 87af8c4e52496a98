// The event outbox: channels, deliveries and their attempts (`CheckoutStore`:
// claimEventDeliveries, recordDeliveryAttempt, listEvents, redeliverEvents).

import type { CheckoutEvent } from '../events/types.js';

/** A way events leave the outbox: in-process handlers, outgoing webhooks, the buyer's emails. */
export type EventChannel = 'handlers' | 'webhook' | 'email';

/** An event taken for delivery on one channel (see {@link CheckoutStore.claimEventDeliveries}). */
export interface EventDelivery {
  event: CheckoutEvent;
  channel: EventChannel;
  /** Attempts made before this one. */
  attempts: number;
}

/** What came of one delivery attempt. */
export interface DeliveryAttempt {
  eventId: string;
  channel: EventChannel;
  /** Delivered: the receiver took it (a 2xx, the SMTP server accepted it, the handlers returned). */
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  statusCode?: number | null;
  /** Why it failed, for the attempts log (never a secret). */
  error?: string | null;
  /** When it failed: try again this long from now; null or absent gives up (`failed`). */
  retryInMs?: number | null;
}

/** Which events to list or deliver again. */
export interface EventFilter {
  /** These events. */
  ids?: readonly string[];
  /** Events created at or after this time. */
  since?: Date;
  /** At most this many, oldest first (default 1000). */
  limit?: number;
}
