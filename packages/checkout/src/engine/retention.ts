// Retention (issue 24.2): what the store may delete once it is old enough, in batches, so
// tables stay bounded however long a shop runs. The engine's background work takes one
// bounded pass per sweep (`prunePass`); `plankit prune` runs passes until nothing is due.

import type { CheckoutStore, PrunePolicy, PruneReport } from '../store/types.js';

/** Days an event or an unpaid checkout is kept by default. */
export const DEFAULT_RETENTION_DAYS = 30;

/** Rows of each kind one batch deletes: a short statement, whatever the backlog. */
export const PRUNE_BATCH = 500;

/** Batches one sweep runs at most, so a backlog is worked off over several sweeps. */
export const BATCHES_PER_PASS = 4;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind is kept, in days. */
export interface RetentionDays {
  eventRetentionDays: number;
  sessionRetentionDays: number;
}

/** An empty report, to add batches to. */
export function noneRemoved(): PruneReport {
  return { events: 0, deliveries: 0, attempts: 0, sessions: 0, failures: 0, providerEvents: 0 };
}

function add(total: PruneReport, batch: PruneReport): PruneReport {
  const sum = { ...total };
  for (const key of Object.keys(sum) as (keyof PruneReport)[]) sum[key] += batch[key];
  return sum;
}

/** The store's policy for these retention days. */
export function prunePolicy(days: RetentionDays, limit = PRUNE_BATCH): PrunePolicy {
  return {
    eventRetentionMs: days.eventRetentionDays * DAY_MS,
    sessionRetentionMs: days.sessionRetentionDays * DAY_MS,
    limit,
  };
}

/** Whether a batch came back full in some kind: more may be due. */
function full(batch: PruneReport, limit: number): boolean {
  return (
    batch.events >= limit ||
    batch.sessions >= limit ||
    batch.providerEvents >= limit ||
    // Two tables share the count (payment and promo failures), each limited on its own.
    batch.failures >= limit
  );
}

/**
 * Deletes batches of `limit` rows of each kind until nothing is due or `maxBatches` ran; a
 * store without `prune` keeps everything (and reports nothing removed).
 */
export async function pruneBatches(
  store: CheckoutStore,
  days: RetentionDays,
  { maxBatches = Number.POSITIVE_INFINITY, limit = PRUNE_BATCH } = {},
): Promise<PruneReport> {
  let total = noneRemoved();
  if (!store.prune) return total;
  const policy = prunePolicy(days, limit);
  for (let batch = 0; batch < maxBatches; batch++) {
    const removed = await store.prune(policy);
    total = add(total, removed);
    if (!full(removed, policy.limit)) break;
  }
  return total;
}

/** One sweep's share of retention: at most a few batches (bounded work per pass). */
export function prunePass(store: CheckoutStore, days: RetentionDays): Promise<PruneReport> {
  return pruneBatches(store, days, { maxBatches: BATCHES_PER_PASS });
}

/** What is due now, counted without deleting (`plankit prune --dry-run`). */
export async function countDue(store: CheckoutStore, days: RetentionDays): Promise<PruneReport> {
  if (!store.prune) return noneRemoved();
  return store.prune({ ...prunePolicy(days), dryRun: true });
}
