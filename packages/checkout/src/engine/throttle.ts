import type { CheckoutStore } from '../store/types.js';

/** Limits on failed payments, the defence against card testing. */
export interface ThrottleLimits {
  /** Failed payments one session may have within the window (default 5). */
  maxFailuresPerSession: number;
  /** Failed payments one client address may have within the window (default 10). */
  maxFailuresPerClient: number;
  /**
   * Failed payments across all clients within the window (default 100): the backstop
   * when card testers forge their address or mint a new session per try.
   */
  maxFailuresOverall: number;
  /** Length of the sliding window in milliseconds (default 15 minutes). */
  windowMs: number;
}

/** Defaults of {@link ThrottleLimits}. */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  maxFailuresPerSession: 5,
  maxFailuresPerClient: 10,
  maxFailuresOverall: 100,
  windowMs: 15 * 60 * 1000,
};

/** Whether another payment may be tried, and if not, in how many whole minutes. */
export type ThrottleDecision = { allowed: true } | { allowed: false; minutes: number };

/**
 * Counts recent failures of the session, of the client and overall, and refuses once any
 * reaches its limit. The wait is until the oldest counted failure leaves the window,
 * rounded up to whole minutes (at least 1).
 */
export async function checkThrottle(
  store: Pick<CheckoutStore, 'countRecentFailures'>,
  query: { sessionId: string; clientKey: string | null },
  now: Date,
  limits: ThrottleLimits,
): Promise<ThrottleDecision> {
  const since = new Date(now.getTime() - limits.windowMs);
  const counts = await store.countRecentFailures(query, since);
  const overSession = counts.forSession >= limits.maxFailuresPerSession;
  const overClient = query.clientKey !== null && counts.forClient >= limits.maxFailuresPerClient;
  const overall = counts.overall >= limits.maxFailuresOverall;
  if (!overSession && !overClient && !overall) return { allowed: true };
  const oldest = overSession || overClient ? counts.oldest : counts.oldestOverall;
  const releaseAt = (oldest?.getTime() ?? now.getTime()) + limits.windowMs;
  return { allowed: false, minutes: Math.max(1, Math.ceil((releaseAt - now.getTime()) / 60_000)) };
}
