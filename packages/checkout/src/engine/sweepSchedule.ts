// When the background work runs (issue 24.1): each sweep when it is due, not every sweep every
// minute. The store says when each kind is next due (`CheckoutStore.nextDue`, one cheap
// statement); this module turns that answer, and what the last passes did, into which sweeps
// to run now and how long to sleep. Pure: background.ts owns the timers.

import type { NextDue } from '../store/types.js';

/** The kinds of background work, in the order a pass runs them. */
export const SWEEPS = [
  'reconcile',
  'expire',
  'refunds',
  'renewals',
  'prune',
  'deliveries',
] as const;
export type Sweep = (typeof SWEEPS)[number];

/**
 * A sweep that ran and made no progress (the provider did not answer, a delivery failed) is
 * left alone for the sweep interval as far as the rows due by then are concerned, so a due
 * row that cannot be worked off is not asked about in a busy loop; rows due later still run
 * when due.
 */
export interface Stuck {
  /** The store's time (ms) of the look before the sweep ran: rows due by then were tried. */
  storeAt: number;
  /** Process time (ms) until which those rows are left alone. */
  until: number;
}
/** Retention has no due time in the store: it runs at start, then hourly, or every sweep interval while it finds a backlog. */
export const PRUNE_IDLE_MS = 60 * 60_000;

/** What the engine serves, which decides whose due times matter. */
export interface ScheduleScope {
  /** The provider leaves renewals to the engine (`renews: 'engine'`). */
  renewsOnEngine: boolean;
  /** The provider refunds (pending refunds are asked about again). */
  refunds: boolean;
  /** Longest sleep, and how long a sweep that made no progress is left alone (`sweepIntervalMs`). */
  sweepIntervalMs: number;
}

const minOf = (...values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? Math.min(...known) : null;
};

/** In how many ms each sweep is due per the store's answer (null: nothing scheduled). */
export function dueInMs(
  due: NextDue,
  scope: ScheduleScope,
  pruneInMs: number,
): Record<Sweep, number | null> {
  return {
    reconcile: due.reconcile,
    expire: due.expire,
    refunds: scope.refunds ? due.refunds : null,
    renewals: minOf(scope.renewsOnEngine ? due.renew : null, due.endCanceled),
    // Not in the store: the engine's own pace (at start, then hourly).
    prune: pruneInMs,
    deliveries: due.deliveries,
  };
}

/** The plan for now: which sweeps are due, and in how many ms to look again. */
export interface SweepPlan {
  run: Sweep[];
  sleepMs: number;
}

/**
 * Which sweeps run now, and how long to sleep after: until the soonest due time (rows a
 * stuck sweep tried count from the end of its rest), never longer than the sweep interval,
 * so a host sees work another host scheduled (a session whose host died mid-payment) within
 * it even when no announcement told it.
 */
export function planSweeps(
  dueIn: Record<Sweep, number | null>,
  storeNow: number,
  stuck: Partial<Record<Sweep, Stuck>>,
  scope: ScheduleScope,
  now = Date.now(),
): SweepPlan {
  const run: Sweep[] = [];
  let sleepMs = scope.sweepIntervalMs;
  for (const sweep of SWEEPS) {
    const due = dueIn[sweep];
    if (due === null) continue;
    const rest = stuck[sweep];
    const tried = rest !== undefined && storeNow + due <= rest.storeAt && now < rest.until;
    const waitMs = tried ? rest.until - now : due;
    if (waitMs <= 0) run.push(sweep);
    else sleepMs = Math.min(sleepMs, waitMs);
  }
  return { run, sleepMs };
}

/** A store that cannot say when work is due: every sweep is due, paced by its quiet time. */
export function alwaysDue(now: Date): NextDue {
  return {
    now,
    reconcile: 0,
    expire: 0,
    renew: 0,
    endCanceled: 0,
    refunds: 0,
    // Delivered on the delivery timer instead (no announcements from such a store either).
    deliveries: null,
  };
}
