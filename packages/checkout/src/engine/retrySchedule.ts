// When a failed delivery (a webhook, an email, an in-process handler) is tried again.
//
// A fixed table rather than a backoff package: the popular ones (p-retry, exponential-backoff)
// retry inside one process with timers, while our attempts must survive restarts and be
// shared by every host process, so each delay is stored as the delivery's next attempt time
// and the only thing needed is "the n-th delay". The shape follows the Standard Webhooks
// guidance (and Svix's schedule): a quick first retry, then growing gaps.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays before each retry, in milliseconds: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h,
 * 4 h, 8 h, then 12 h four times (about three days in all); after the last retry fails the
 * delivery is marked failed (`plankit webhooks replay` sends it again).
 */
export const DELIVERY_RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

/** The delay before the next try after `failedAttempts` failures, or null to give up. */
export function retryDelayMs(failedAttempts: number): number | null {
  return DELIVERY_RETRY_SCHEDULE_MS[failedAttempts - 1] ?? null;
}
