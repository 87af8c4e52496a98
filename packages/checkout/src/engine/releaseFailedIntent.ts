import type { CheckoutSession } from '../store/types.js';
import type { EngineContext } from './engineContext.js';

/**
 * Cancels at the provider what a failed attempt made: the next attempt makes an intent of
 * its own, so nothing of this one may be paid or renewed later (with Stripe: the attempt's
 * incomplete subscription and its first invoice's PaymentIntent, or a trial's subscription
 * still waiting for a card). Called once the failure is stored, by whoever stored it (the
 * request, the finish step's look, a webhook or the sweep); the provider's `cancelIntent`
 * changes nothing on an intent that succeeded. Best effort: a provider that cannot be
 * reached is logged by the guards, and a trial left behind ends itself at the provider
 * without a charge (Stripe: `trial_settings`).
 */
export async function releaseFailedIntent(
  ctx: EngineContext,
  session: CheckoutSession,
  intentId: string,
): Promise<void> {
  const details = { sessionId: session.id, attempt: session.attempt };
  try {
    await ctx.fromProvider('cancelIntent', details, () => ctx.provider.cancelIntent(intentId));
  } catch {
    // Logged by the guards.
  }
}
