// Idempotent requests as Stripe runs them (https://docs.stripe.com/api/idempotent_requests):
// the first answer under a key is saved and given again to a request with the same key and
// parameters; other parameters get an `idempotency_error`. A request that failed validation
// never began executing, so nothing is saved for it. Keys expire 24 hours after their first
// use ("a new request is generated if a key is reused after the original has been
// pruned"), on the fake's clock so a test can move past it.

import type { FakeAnswer } from './fakeStripeTypes.js';

/** How long Stripe keeps a key, in seconds. */
export const IDEMPOTENCY_KEY_LIFETIME = 24 * 3600;

/** The fake's saved answers by idempotency key. */
export function createFakeIdempotency(now: () => number) {
  const saved = new Map<string, { fingerprint: string; answer: FakeAnswer; at: number }>();

  /** Runs a POST under its idempotency key (none: just runs it). */
  function idempotently(
    key: string | null,
    method: string,
    path: string,
    params: unknown,
    run: () => FakeAnswer,
  ): FakeAnswer {
    if (!key) return run();
    const fingerprint = JSON.stringify([method, path, params]);
    const seen = saved.get(key);
    if (seen && now() - seen.at < IDEMPOTENCY_KEY_LIFETIME) {
      if (seen.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      return seen.answer;
    }
    const answer = run();
    // A 409 is a request that conflicted with one still running under the key: it never ran.
    if (answer.status !== 409) saved.set(key, { fingerprint, answer, at: now() });
    return answer;
  }

  return { idempotently };
}
