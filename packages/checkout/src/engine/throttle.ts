import type { RecentFailures } from '../store/types.js';

/** Limits on failed payments and promo code guesses: the defence against card testing. */
export interface ThrottleLimits {
  /** Failed payments one session may have within the window (default 5). */
  maxFailuresPerSession: number;
  /** Failed payments one client address may have within the window (default 10). */
  maxFailuresPerClient: number;
  /** Failed payments one buyer email may have within the window, across sessions (default 10). */
  maxFailuresPerEmail: number;
  /**
   * Failed payments across all clients within the window (default 100) beyond which every
   * payment waits `overallDelayMs` first: friction against a distributed attack (forged or
   * rotating addresses, a new email per try) that never refuses a good card.
   */
  maxFailuresOverall: number;
  /** The wait while the overall count is over its limit (default 3 s). */
  overallDelayMs: number;
  /** Unknown or expired promo codes one client may try within the window (default 20). */
  maxPromoFailuresPerClient: number;
  /** Unknown or expired promo codes one checkout may try within the window (default 10). */
  maxPromoFailuresPerCheckout: number;
  /** Length of the sliding window in milliseconds (default 15 minutes). */
  windowMs: number;
}

/** Which limit a request ran into. */
export type ThrottleLimit = 'session' | 'client' | 'email' | 'overall';

/**
 * Whether the payment may go to the provider: refused (in how many whole minutes to try
 * again), or allowed, perhaps after a wait.
 */
export type ThrottleDecision =
  | { allowed: true; delayMs: number; limit: 'overall' | null }
  | { allowed: false; minutes: number; limit: Exclude<ThrottleLimit, 'overall'> };

/** Whole minutes (at least 1) until the oldest counted failure leaves the window. */
export function minutesUntilReleased(oldest: Date | null, now: Date, windowMs: number): number {
  const releaseAt = (oldest?.getTime() ?? now.getTime()) + windowMs;
  return Math.max(1, Math.ceil((releaseAt - now.getTime()) / 60_000));
}

/**
 * Decides on the failures the store counted in the window (at the store's `now`). The
 * session's, the client's and the email's counts refuse once they reach their limit: each
 * is something one attacker controls, and tripping it refuses only that attacker. The
 * overall count is everyone's, so it never refuses: past its limit it only slows every
 * payment down.
 */
export function decideThrottle(
  failures: RecentFailures,
  hasClientKey: boolean,
  now: Date,
  limits: ThrottleLimits,
): ThrottleDecision {
  const over: Exclude<ThrottleLimit, 'overall'> | null =
    failures.forSession >= limits.maxFailuresPerSession
      ? 'session'
      : hasClientKey && failures.forClient >= limits.maxFailuresPerClient
        ? 'client'
        : failures.forEmail >= limits.maxFailuresPerEmail
          ? 'email'
          : null;
  if (over) {
    return {
      allowed: false,
      limit: over,
      minutes: minutesUntilReleased(failures.oldest, now, limits.windowMs),
    };
  }
  return failures.overall >= limits.maxFailuresOverall
    ? { allowed: true, delayMs: limits.overallDelayMs, limit: 'overall' }
    : { allowed: true, delayMs: 0, limit: null };
}
