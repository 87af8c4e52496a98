import { canTransition, type SessionEvent, transition } from '../lifecycle/sessionLifecycle.js';
import type { IntentOutcome, PaymentMethodSummary, ProviderPeriod } from '../providers/types.js';
import type { CheckoutSession, SessionUpdate } from '../store/types.js';
import { buildCompletionRecord } from './buildCompletionRecord.js';
import { planLinkFor } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { releaseFailedIntent } from './releaseFailedIntent.js';
import { engineMetrics, inSpan } from './telemetry.js';

/** What became of a payment attempt, whoever learned it (the request, a webhook, a sweep). */
export type AttemptOutcome =
  /** Paid or saved (or nothing was due: a free plan, with no intent). */
  | {
      kind: 'succeeded';
      intentId: string | null;
      paymentMethod: PaymentMethodSummary | null;
      customerRef: string | null;
      subscriptionRef: string | null;
      /** The provider's subscription period, when the provider renews and said. */
      subscriptionPeriod?: ProviderPeriod | null;
    }
  /**
   * The buyer must go to the provider's page (3-D Secure, the hosted payment page), or
   * (`redirectUrl` null) act in the checkout's page through the provider's script, which
   * then sends the browser to the finish step.
   */
  | { kind: 'requires_action'; intentId: string; redirectUrl: string | null }
  /** Submitted; the outcome comes later. */
  | { kind: 'processing'; intentId: string }
  /**
   * Nothing was charged. `decline` counts it against the card-testing throttle (a
   * processor's refusal, not our own "no payment was made").
   */
  | { kind: 'failed'; intentId: string | null; code: string; message: string; decline: boolean };

/**
 * The outcome a provider's answer means, or null when it says nothing new: an intent
 * still waiting for a payment method (the buyer has not paid on the hosted page yet).
 */
export function outcomeOf(result: IntentOutcome): AttemptOutcome | null {
  switch (result.status) {
    case 'succeeded':
      return {
        kind: 'succeeded',
        intentId: result.intentId,
        paymentMethod: result.paymentMethod,
        customerRef: result.customerRef,
        subscriptionRef: result.subscriptionRef ?? null,
        subscriptionPeriod: result.subscriptionPeriod ?? null,
      };
    case 'requires_action':
      return {
        kind: 'requires_action',
        intentId: result.intentId,
        redirectUrl: result.redirectUrl ?? null,
      };
    case 'processing':
      return { kind: 'processing', intentId: result.intentId };
    case 'failed':
      return {
        kind: 'failed',
        intentId: result.intentId,
        code: result.code,
        message: result.message,
        decline: true,
      };
    case 'canceled':
      return {
        kind: 'failed',
        intentId: result.intentId,
        code: 'processing_error',
        message: 'The payment was canceled.',
        decline: false,
      };
    case 'requires_payment_method':
      return null;
  }
}

/** The lifecycle event an outcome is for this session, or null when nothing changes. */
function eventOf(session: CheckoutSession, outcome: AttemptOutcome): SessionEvent | null {
  switch (outcome.kind) {
    case 'succeeded':
      return session.quote.trialDays ? 'start_trial' : 'succeed';
    case 'requires_action':
      return session.status === 'requires_action' ? null : 'require_action';
    case 'processing':
      // Back from the provider's page and still undecided; an attempt running anyway stays.
      return session.status === 'requires_action' ? 'resume' : null;
    case 'failed':
      return 'fail';
  }
}

/**
 * The one place where what became of a payment turns into a stored state: the visitor's
 * submit, the return from the provider's page, webhooks and the sweeps all call it. Applies
 * the outcome to the session's current attempt (with the order and subscription, or the
 * throttle's failure record, in the same statement). Returns the session as stored
 * afterwards: when another caller settled the attempt first, or the outcome cannot move
 * the session on (an old webhook: states only move forward), the session as it is.
 *
 * With `strict`, an outcome the lifecycle forbids for the state the caller holds throws a
 * `LifecycleError` (a bug in the caller): the request paths use it; webhooks and sweeps,
 * which may see events late or twice, do not.
 */
export async function settleAttempt(
  ctx: EngineContext,
  session: CheckoutSession,
  outcome: AttemptOutcome,
  options: { clientKey?: string | null; strict?: boolean } = {},
): Promise<CheckoutSession> {
  const event = eventOf(session, outcome);
  if (event === null) return session;
  const attributes = {
    'plankit.provider': ctx.provider.id,
    'plankit.plan': session.planId,
    'plankit.session': session.id,
    'plankit.attempt': session.attempt,
    'plankit.outcome': outcome.kind,
    'plankit.event': event,
  };
  return inSpan('plankit.settle', attributes, async (span) => {
    const settled = await applyOutcome(ctx, session, outcome, event, options);
    span.setAttribute('plankit.status', settled.status);
    const failedNow =
      settled.status === 'failed' &&
      session.status !== 'failed' &&
      settled.attempt === session.attempt;
    if (outcome.kind === 'failed' && outcome.intentId && failedNow) {
      // The next attempt makes a new intent: nothing of this one may be paid later.
      await releaseFailedIntent(ctx, settled, outcome.intentId);
    }
    if (settled.status !== session.status) {
      countOutcome(ctx, session, outcome, event);
      // One line per change of a checkout's state: ids and the outcome, never the buyer.
      ctx.logger.info(`[plankit] checkout ${settled.status}`, {
        sessionId: session.id,
        planId: session.planId,
        attempt: session.attempt,
        provider: ctx.provider.id,
        ...(outcome.kind === 'failed' ? { code: outcome.code } : {}),
      });
    }
    return settled;
  });
}

/** The checkout counters, for an outcome this call stored (never a repeat's). */
function countOutcome(
  ctx: EngineContext,
  session: CheckoutSession,
  outcome: AttemptOutcome,
  event: SessionEvent,
): void {
  const counters = engineMetrics();
  const labels = { 'plankit.provider': ctx.provider.id, 'plankit.plan': session.planId };
  if (event === 'succeed' || event === 'start_trial') counters.checkoutsPaid.add(1, labels);
  else if (outcome.kind === 'failed' && outcome.decline) counters.checkoutsDeclined.add(1, labels);
  else if (outcome.kind === 'failed') counters.checkoutsFailed.add(1, labels);
}

async function applyOutcome(
  ctx: EngineContext,
  session: CheckoutSession,
  outcome: AttemptOutcome,
  event: SessionEvent,
  options: { clientKey?: string | null; strict?: boolean },
): Promise<CheckoutSession> {
  if (options.strict === false) {
    if (!canTransition(session.status, event)) return session;
  } else {
    transition(session.status, event);
  }
  const update: SessionUpdate = {
    sessionId: session.id,
    event,
    attempt: session.attempt,
    providerPaymentId: outcome.intentId,
  };
  if (outcome.kind === 'succeeded') {
    update.completion = buildCompletionRecord(session, ctx.planOf(session.planId), {
      paymentMethod: outcome.paymentMethod,
      customerRef: outcome.customerRef,
      subscriptionRef: outcome.subscriptionRef,
      subscriptionPeriod: outcome.subscriptionPeriod ?? null,
      renewedBy: ctx.provider.renews,
      invoicePrefix: ctx.invoicePrefix,
    });
  } else if (outcome.kind === 'requires_action') {
    // An action only the provider's script can take (in the plan step's page): the finish
    // step's "continue" leads back there, where Pay resumes it (submit.ts, `resumeAction`).
    update.actionUrl =
      outcome.redirectUrl ?? planLinkFor(ctx.routes, session, ctx.planOf(session.planId));
  } else if (outcome.kind === 'processing') {
    // Undecided: hold it a lease long, then the sweep asks the provider again.
    update.leaseMs = ctx.attemptLeaseMs;
  } else {
    update.failure = { code: outcome.code, message: outcome.message };
    // Declines count for the card-testing limits wherever they are settled: the request,
    // a webhook or the sweep (which knows no client, but the buyer's email).
    if (outcome.decline) {
      update.logFailure = {
        clientKey: options.clientKey ?? null,
        emailKey: ctx.keys.emailKey(session.email),
      };
    }
  }
  const details = {
    sessionId: session.id,
    planId: session.planId,
    attempt: session.attempt,
    event,
  };
  const settled = await ctx.fromStore('applyEvent', details, () => ctx.store.applyEvent(update));
  if (settled) return settled;
  // Someone else settled this attempt first (a double submit, a webhook, the sweep).
  const current = await ctx.fromStore('getSession', details, () =>
    ctx.store.getSession(session.id),
  );
  return current ?? session;
}
