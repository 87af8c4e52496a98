// The merchant's reads of the store (issue 22.6): orders and subscriptions by a few filters,
// for `plankit orders` / `plankit subscriptions` and the host's own admin pages.

import type { SubscriptionState } from '../lifecycle/subscriptionLifecycle.js';

/** Which orders {@link CheckoutStore.listOrders} reads; every filter given must hold. */
export interface OrderListQuery {
  /** The buyer's email, compared without regard to case. */
  email?: string | undefined;
  /** Orders made at or after this instant. */
  since?: Date | undefined;
  /** Orders made before this instant. */
  until?: Date | undefined;
  /** At most this many, oldest first (or the newest, newest first, with `newestFirst`). */
  limit: number;
  /** Reads the newest orders first: the last `limit` of the list rather than the first. */
  newestFirst?: boolean | undefined;
}

/** Which subscriptions {@link CheckoutStore.listSubscriptions} reads. */
export interface SubscriptionListQuery {
  status?: SubscriptionState | undefined;
  /** The buyer's email, compared without regard to case. */
  email?: string | undefined;
  /** At most this many, oldest first. */
  limit: number;
}
