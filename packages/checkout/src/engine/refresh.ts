import { ProviderError } from '../errors/errors.js';
import type { CheckoutSession } from '../store/types.js';
import type { EngineContext } from './engineContext.js';
import { outcomeOf, settleAttempt } from './settle.js';

/**
 * Whether a session's outcome is the provider's to tell: it waits for the buyer on the
 * provider's page, or its attempt is processing with no request holding it.
 */
export function awaitsProvider(session: CheckoutSession, now: Date): boolean {
  if (!session.providerPaymentId) return false;
  if (session.status === 'requires_action') return true;
  return session.status === 'processing' && (session.leaseUntil?.getTime() ?? 0) <= now.getTime();
}

/**
 * Asks the provider what became of the session's recorded intent and settles the answer:
 * the return from the provider's page (3-D Secure, the hosted page) goes through here. Only
 * the provider's answer about the stored intent counts, never the return URL's query. A
 * provider that cannot answer now leaves the session as it is (logged); the finish step
 * shows what is stored and looks again on its next refresh.
 */
export async function refreshFromProvider(
  ctx: EngineContext,
  session: CheckoutSession,
): Promise<CheckoutSession> {
  const intentId = session.providerPaymentId;
  if (!intentId || !awaitsProvider(session, ctx.clock.now())) return session;
  let result: Awaited<ReturnType<typeof ctx.provider.retrieveIntent>>;
  try {
    result = await ctx.fromProvider('retrieveIntent', { sessionId: session.id }, () =>
      ctx.provider.retrieveIntent(intentId),
    );
  } catch (error) {
    if (error instanceof ProviderError) return session;
    throw error;
  }
  const outcome = outcomeOf(result);
  // Still waiting for a payment method: the buyer has not paid on the provider's page yet.
  if (!outcome) return session;
  return settleAttempt(ctx, session, outcome, { strict: false });
}
