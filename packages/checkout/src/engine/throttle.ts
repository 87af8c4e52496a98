import type { RecentFailures } from '../store/types.js';

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

/** Whether another payment may be tried, and if not, in how many whole minutes. */
export type ThrottleDecision = { allowed: true } | { allowed: false; minutes: number };

/**
 * Decides on the failures the store counted in the window (at the store's `now`): refuses
 * once the session's, the client's or everyone's count reaches its limit. The wait is
 * until the oldest counted failure leaves the window, rounded up to whole minutes (at
 * least 1).
 */
export function decideThrottle(
  failures: RecentFailures,
  hasClientKey: boolean,
  now: Date,
  limits: ThrottleLimits,
): ThrottleDecision {
  const overSession = failures.forSession >= limits.maxFailuresPerSession;
  const overClient = hasClientKey && failures.forClient >= limits.maxFailuresPerClient;
  const overall = failures.overall >= limits.maxFailuresOverall;
  if (!overSession && !overClient && !overall) return { allowed: true };
  const oldest = overSession || overClient ? failures.oldest : failures.oldestOverall;
  const releaseAt = (oldest?.getTime() ?? now.getTime()) + limits.windowMs;
  return { allowed: false, minutes: Math.max(1, Math.ceil((releaseAt - now.getTime()) / 60_000)) };
}
