import type { CheckoutSession } from '../store/types.js';
import { toCardDetails } from '../validation/card.js';
import type { EngineContext } from './engineContext.js';
import { outcomeOf, settleAttempt } from './settle.js';

/** The provider's idempotency key of a session's current attempt. */
export function providerKeyOf(session: Pick<CheckoutSession, 'id' | 'attempt'>): string {
  // One key per attempt: a retry after a decline is a new payment; a repeat of the same
  // attempt (double submit, a resumed crash) is the same one.
  return `${session.id}:${session.attempt}`;
}

/**
 * Charges the session's current attempt (held by this request) and settles what the
 * provider answered. When the provider fails to answer, it may have charged: the attempt
 * stays `processing` with its lease released, so the visitor's retry (same key, stored
 * amount) or the reconcile sweep learns the outcome; the error is rethrown.
 */
export async function payAttempt(
  ctx: EngineContext,
  session: CheckoutSession,
  card: { number: string; expiry: string; cvc: string },
  clientKey: string | null,
): Promise<CheckoutSession> {
  const details = { sessionId: session.id, planId: session.planId, attempt: session.attempt };
  const plan = ctx.planOf(session.planId);
  let result: Awaited<ReturnType<typeof ctx.provider.createPayment>>;
  try {
    result = await ctx.fromProvider(
      'createPayment',
      details,
      () =>
        ctx.provider.createPayment({
          idempotencyKey: providerKeyOf(session),
          amount: session.amountDue,
          currency: session.currency,
          description: `${ctx.merchantName}: ${plan?.name ?? session.planId} (${session.interval})`,
          customer: { email: session.email, name: session.name },
          paymentMethod: { type: 'card', card: toCardDetails(card.number, card.expiry, card.cvc) },
        }),
      [card.number, card.cvc],
    );
  } catch (error) {
    await ctx
      .fromStore('releaseLease', details, () => ctx.store.releaseLease(session.id, session.attempt))
      .catch(() => {
        // Logged; the lease then runs out by itself and the sweep resumes the attempt.
      });
    throw error;
  }
  return settleAttempt(ctx, session, outcomeOf(result), { clientKey });
}

/** How often a request that lost the race for a session looks at it again. */
const WAIT_POLL_MS = 100;
/** How long it waits for the holder before sending the visitor to the finish step anyway. */
const WAIT_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits while another request holds the session's attempt (a double submit, a second tab,
 * another host), then returns the session as that request left it; still processing after
 * the wait, it is returned as it is and the finish step shows "in progress".
 */
export async function awaitHolder(
  ctx: EngineContext,
  sessionId: string,
): Promise<CheckoutSession | null> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    const session = await ctx.fromStore('getSession', { sessionId }, () =>
      ctx.store.getSession(sessionId),
    );
    if (session?.status !== 'processing' || Date.now() >= deadline) return session;
    await sleep(WAIT_POLL_MS);
  }
}
