import { type SessionEvent, transition } from '../lifecycle/sessionLifecycle.js';
import type { PaymentResult } from '../providers/types.js';
import type { CheckoutSession, SessionUpdate } from '../store/types.js';
import { buildCompletionRecord } from './buildCompletionRecord.js';
import type { EngineContext } from './engineContext.js';

/** What became of a payment attempt, whoever learned it (the visitor's request, a sweep). */
export type AttemptOutcome =
  /** Paid, or nothing was due (a free plan, a trial): `paymentId` null then. */
  | { kind: 'succeeded'; paymentId: string | null }
  /** The provider waits for the buyer on another page. */
  | { kind: 'requires_action'; paymentId: string }
  /**
   * Nothing was charged. `decline` counts it against the card-testing throttle (a
   * processor's refusal, not our own "no payment was made").
   */
  | { kind: 'failed'; paymentId: string | null; code: string; message: string; decline: boolean };

/** The outcome a provider's answer (or its absence: no payment under the key) means. */
export function outcomeOf(result: PaymentResult | null): AttemptOutcome {
  if (result === null) {
    return {
      kind: 'failed',
      paymentId: null,
      code: 'processing_error',
      message: 'No payment was made.',
      decline: false,
    };
  }
  switch (result.status) {
    case 'succeeded':
      return { kind: 'succeeded', paymentId: result.paymentId };
    case 'requires_action':
      return { kind: 'requires_action', paymentId: result.paymentId };
    case 'failed':
      return {
        kind: 'failed',
        paymentId: result.paymentId,
        code: result.code,
        message: result.message,
        decline: true,
      };
  }
}

/** The lifecycle event an outcome is, for this session. */
function eventOf(session: CheckoutSession, outcome: AttemptOutcome): SessionEvent {
  switch (outcome.kind) {
    case 'succeeded':
      return session.quote.trialDays ? 'start_trial' : 'succeed';
    case 'requires_action':
      return 'require_action';
    case 'failed':
      return 'fail';
  }
}

/**
 * The one place where what became of a payment turns into a stored state: the visitor's
 * submit, the return from authentication and the reconcile sweep all call it. Applies the
 * outcome to the session's current attempt (with the order and subscription, or the
 * throttle's failure record, in the same statement). Returns the session as stored
 * afterwards; when another caller settled the attempt first, that caller's result.
 *
 * @throws LifecycleError when the outcome cannot apply to the session in the state the
 * caller holds it (a bug in the caller, never a race: races end in the store).
 */
export async function settleAttempt(
  ctx: EngineContext,
  session: CheckoutSession,
  outcome: AttemptOutcome,
  options: { clientKey?: string | null } = {},
): Promise<CheckoutSession> {
  // Still waiting for the buyer: nothing to record.
  if (outcome.kind === 'requires_action' && session.status === 'requires_action') return session;
  const event = eventOf(session, outcome);
  transition(session.status, event);
  const update: SessionUpdate = {
    sessionId: session.id,
    event,
    attempt: session.attempt,
    providerPaymentId: outcome.paymentId,
  };
  if (outcome.kind === 'succeeded') {
    update.completion = buildCompletionRecord(session, ctx.planOf(session.planId));
  } else if (outcome.kind === 'requires_action') {
    update.actionUrl = ctx.routes.authenticate(session.id);
  } else {
    update.failure = { code: outcome.code, message: outcome.message };
    if (outcome.decline) update.logFailure = { clientKey: options.clientKey ?? null };
  }
  const details = {
    sessionId: session.id,
    planId: session.planId,
    attempt: session.attempt,
    event,
  };
  const settled = await ctx.fromStore('applyEvent', details, () => ctx.store.applyEvent(update));
  if (settled) return settled;
  // Someone else settled this attempt first (a double submit, the sweep): theirs stands.
  const current = await ctx.fromStore('getSession', details, () =>
    ctx.store.getSession(session.id),
  );
  return current ?? session;
}
