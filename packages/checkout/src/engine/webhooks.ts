import { WebhookSignatureError } from '../errors/errors.js';
import { createOrderReference } from '../ids/orderReference.js';
import type { ProviderEvent, WebhookRequest } from '../providers/types.js';
import type { EngineContext } from './engineContext.js';
import { applyRefundEvent } from './refunds.js';
import { outcomeOf, settleAttempt } from './settle.js';

/** How the host answers a provider's webhook. */
export interface WebhookAnswer {
  /** 200: handled (or a repeat); 400: the signature does not hold; 404: another provider. */
  status: 200 | 400 | 404;
  /** Events that changed something. */
  applied: number;
}

/**
 * Handles a webhook of the payment provider: verified on its raw body by the provider,
 * each event applied once (its id is recorded after it is handled, so a failure is
 * retried by the provider and a repeat changes nothing), and states only move forward:
 * an event that arrives late (an old `requires_action` after the payment succeeded) is
 * recorded and ignored. A store failure throws, so the host answers 500 and the provider
 * sends the event again.
 */
export async function handleWebhook(
  ctx: EngineContext,
  providerId: string,
  request: WebhookRequest,
): Promise<WebhookAnswer> {
  if (providerId !== ctx.provider.id) return { status: 404, applied: 0 };
  let events: ProviderEvent[];
  try {
    events = await ctx.provider.parseWebhook(request);
  } catch (error) {
    if (isSignatureError(error)) {
      ctx.logger.warn('[plankit] refused a webhook with a bad signature', { provider: providerId });
      return { status: 400, applied: 0 };
    }
    throw error;
  }
  let applied = 0;
  for (const event of events) {
    const details = { provider: providerId, event: event.id, type: event.type };
    const seen = await ctx.fromStore('hasProviderEvent', details, () =>
      ctx.store.hasProviderEvent(providerId, event.id),
    );
    if (seen) continue;
    if (await applyEvent(ctx, event)) applied += 1;
    await ctx.fromStore('recordProviderEvent', details, () =>
      ctx.store.recordProviderEvent(providerId, event.id),
    );
  }
  return { status: 200, applied };
}

/** Applies one event; whether it changed something. */
async function applyEvent(ctx: EngineContext, event: ProviderEvent): Promise<boolean> {
  if (event.type === 'subscription.updated') return applySubscriptionUpdate(ctx, event);
  if (event.type === 'refund.updated') return applyRefundEvent(ctx, event);
  if (event.type === 'dispute.updated') {
    const details = { disputeRef: event.disputeRef, paymentId: event.paymentId };
    const result = await ctx.fromStore('recordDispute', details, () =>
      ctx.store.recordDispute({
        disputeRef: event.disputeRef,
        providerPaymentId: event.paymentId,
        amount: event.amount,
        currency: event.currency,
        reason: event.reason,
        status: event.status,
        closed: event.closed,
      }),
    );
    if (result === 'order_not_found') {
      ctx.logger.warn('[plankit] a dispute names a payment of no order', details);
    }
    return result === 'recorded';
  }
  const session = await ctx.fromStore('getSessionByIntent', { intent: event.intentId }, () =>
    ctx.store.getSessionByIntent(event.intentId),
  );
  // Not a checkout's (a renewal charge), or an older attempt's intent: nothing to do.
  if (!session || session.providerPaymentId !== event.intentId) return false;
  const outcome = outcomeOf(event.outcome);
  if (!outcome) return false;
  const settled = await settleAttempt(ctx, session, outcome, { strict: false });
  return settled.status !== session.status;
}

/**
 * Moves the record of a subscription the provider renews (`renews: 'provider'`, e.g. Stripe
 * Billing) to what the provider says it is now. Each change goes through the subscription
 * lifecycle and names the period it read, so a repeated or late event changes nothing: a
 * renewal applies only when the provider's period ends after the stored one. A subscription
 * the store does not know yet (its checkout not settled) is left alone: the checkout's own
 * outcome records it with the provider's latest state.
 */
async function applySubscriptionUpdate(
  ctx: EngineContext,
  event: Extract<ProviderEvent, { type: 'subscription.updated' }>,
): Promise<boolean> {
  const details = { subscriptionRef: event.subscriptionRef };
  const subscription = await ctx.fromStore('getSubscriptionByProviderRef', details, () =>
    ctx.store.getSubscriptionByProviderRef(event.subscriptionRef),
  );
  if (subscription?.renewedBy !== 'provider' || subscription.status === 'canceled') return false;
  const base = {
    subscriptionId: subscription.id,
    periodEnd: subscription.currentPeriodEnd,
    renewalAttempt: subscription.renewalAttempt,
  };
  const apply = async (update: Parameters<EngineContext['store']['applySubscriptionEvent']>[0]) =>
    Boolean(
      await ctx.fromStore('applySubscriptionEvent', details, () =>
        ctx.store.applySubscriptionEvent(update),
      ),
    );
  if (event.status === 'canceled') return apply({ ...base, event: 'cancel' });
  let changed = false;
  if (event.renewal && subscription.pendingChange) {
    // A downgrade kept for the period's end: the provider bills its price from this renewal
    // on (set with the change), so the record takes the new terms before it records it.
    await ctx.fromStore('applyDuePlanChanges', details, () => ctx.store.applyDuePlanChanges());
  }
  if (event.renewal && event.currentPeriodEnd > subscription.currentPeriodEnd) {
    changed = await apply({
      ...base,
      event: 'renew',
      renewal: {
        reference: createOrderReference(),
        providerPaymentId: event.renewal.paymentId,
        paymentMethod: null,
        invoicePrefix: ctx.invoicePrefix,
        // The provider's dates, never the store's calendar.
        providerPeriod: event.currentPeriodStart
          ? { start: event.currentPeriodStart, end: event.currentPeriodEnd }
          : null,
      },
    });
  } else if (event.status === 'past_due' && subscription.status !== 'past_due') {
    // The provider retries on its own schedule: the engine never charges it.
    changed = await apply({ ...base, event: 'fail_renewal', nextAttemptAt: null });
  }
  if (event.cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd) {
    const set = await ctx.fromStore('setCancelAtPeriodEnd', details, () =>
      ctx.store.setCancelAtPeriodEnd(subscription.id, event.cancelAtPeriodEnd),
    );
    changed = changed || Boolean(set);
  }
  return changed;
}

/**
 * A refused signature, told by its code as well as its class: a provider may come from
 * another copy of this package (the Next.js adapter loads the Stripe entry at run time,
 * beside the engine its host bundled), whose `WebhookSignatureError` is another class.
 */
function isSignatureError(error: unknown): boolean {
  return (
    error instanceof WebhookSignatureError ||
    (error as { code?: unknown } | null)?.code === 'webhook_signature_invalid'
  );
}
