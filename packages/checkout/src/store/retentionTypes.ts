// Retention: what the store deletes once it is old enough (`CheckoutStore.prune`). Orders,
// subscriptions and everything a completed checkout wrote are never deleted.

/** What one {@link CheckoutStore.prune} call deletes; ages are on the store's clock. */
export interface PrunePolicy {
  /**
   * Events created longer ago than this (ms) with no delivery still pending (each was
   * delivered, or given up after its retries) go, with their deliveries and attempts; so do
   * the provider's webhook ids recorded that long ago.
   */
  eventRetentionMs: number;
  /**
   * Checkout sessions that ended without an order or a subscription (expired, canceled)
   * longer ago than this (ms) go; so do the throttles' failure records that old.
   */
  sessionRetentionMs: number;
  /** At most this many rows of each kind in one call, oldest first: bounded work. */
  limit: number;
  /** Counts what is due (every row, whatever `limit`) and deletes nothing. */
  dryRun?: boolean;
}

/** How many rows of each kind a {@link CheckoutStore.prune} call deleted (or found due). */
export interface PruneReport {
  /** Events of the outbox. */
  events: number;
  /** Their deliveries, one per channel. */
  deliveries: number;
  /** Their recorded delivery attempts. */
  attempts: number;
  /** Checkout sessions that ended without an order. */
  sessions: number;
  /** Failed payments and promo codes recorded for the card-testing throttles. */
  failures: number;
  /** Ids of the provider's webhook events handled (a repeat that old is applied again: a no-op). */
  providerEvents: number;
}
