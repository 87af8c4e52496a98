import type { CheckoutSession } from '../store/types.js';
import type { EngineContext } from './engineContext.js';
import type { WorkerContext } from './guards.js';
import { outcomeOf, settleAttempt } from './settle.js';

/** What one {@link reconcilePayments} pass did. */
export interface ReconcileReport {
  /** Charged (or saved): now paid or trialing, with an order. */
  completed: number;
  /** Never charged, or declined: now failed and retryable. */
  failed: number;
  /** The provider waits for the buyer, or has not decided yet. */
  waiting: number;
  /** Could not be settled this time (provider unreachable); tried again next pass. */
  skipped: number;
}

/** How many sessions one pass takes. */
const BATCH = 50;

const nothingCharged = (message: string) =>
  ({ kind: 'failed', intentId: null, code: 'processing_error', message, decline: false }) as const;

/**
 * Settles payment attempts whose outcome nobody recorded (the provider's answer was lost,
 * or the request died mid-payment): takes over attempts whose lease ran out and asks the
 * provider about each one's recorded intent. An attempt that recorded no intent, or whose
 * intent was never confirmed, charged nothing and fails, so the visitor can pay again. Safe
 * in any number of processes at once.
 */
export async function reconcilePayments(ctx: EngineContext): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: 0, failed: 0, waiting: 0, skipped: 0 };
  const stale = await ctx.fromStore('claimStaleAttempts', {}, () =>
    ctx.store.claimStaleAttempts(BATCH, ctx.attemptLeaseMs),
  );
  for (const session of stale) {
    let settled: CheckoutSession;
    try {
      settled = await reconcileOne(ctx, session);
    } catch {
      // Logged by the guards; the lease runs out again and the next pass retries.
      report.skipped += 1;
      continue;
    }
    if (settled.status === 'paid' || settled.status === 'trialing') report.completed += 1;
    else if (settled.status === 'failed') report.failed += 1;
    else report.waiting += 1;
    ctx.logger.info('[plankit] reconciled a payment', {
      sessionId: session.id,
      attempt: session.attempt,
      outcome: settled.status,
    });
  }
  return report;
}

async function reconcileOne(
  ctx: EngineContext,
  session: CheckoutSession,
): Promise<CheckoutSession> {
  const intentId = session.providerPaymentId;
  if (!intentId) {
    // Nothing recorded, so nothing was confirmed: create-record-confirm never charges first.
    return settleAttempt(ctx, session, nothingCharged('No payment was made.'), { strict: false });
  }
  const details = { sessionId: session.id, attempt: session.attempt };
  const result = await ctx.fromProvider('retrieveIntent', details, () =>
    ctx.provider.retrieveIntent(intentId),
  );
  const outcome = outcomeOf(result);
  if (outcome) return settleAttempt(ctx, session, outcome, { strict: false });
  // Created and recorded, never confirmed: cancel it so it cannot be confirmed later.
  const canceled = await ctx.fromProvider('cancelIntent', details, () =>
    ctx.provider.cancelIntent(intentId),
  );
  return settleAttempt(
    ctx,
    session,
    outcomeOf(canceled) ?? nothingCharged('The payment was never confirmed.'),
    { strict: false },
  );
}

/**
 * Expires sessions nobody paid in time. Open and failed ones expire in one statement. One
 * waiting for the buyer on the provider's page has its intent canceled first, so an
 * authentication finished at the last moment cannot charge an expired checkout; if the
 * provider says it just succeeded, it is settled as paid instead. An attempt still
 * processing never expires here: it may have charged, and {@link reconcilePayments} settles
 * it first. Returns how many expired.
 */
export async function expireStaleSessions(ctx: WorkerContext): Promise<number> {
  let expired = await ctx.fromStore('expireSessions', {}, () => ctx.store.expireSessions());
  const waiting = await ctx.fromStore('listExpiredWaiting', {}, () =>
    ctx.store.listExpiredWaiting(BATCH),
  );
  for (const session of waiting) {
    const intentId = session.providerPaymentId;
    const details = { sessionId: session.id, attempt: session.attempt };
    try {
      const result = intentId
        ? await ctx.fromProvider('cancelIntent', details, () => ctx.provider.cancelIntent(intentId))
        : null;
      if (result?.status === 'succeeded') {
        // Paid at the last moment: back to processing with no lease, so the reconcile
        // sweep settles it as paid (the buyer may never come back to the finish step).
        ctx.logger.info('[plankit] an expiring payment succeeded at the last moment', details);
        await ctx.fromStore('applyEvent', details, () =>
          ctx.store.applyEvent({ sessionId: session.id, event: 'resume', leaseMs: 0 }),
        );
        continue;
      }
      const done = await ctx.fromStore('applyEvent', details, () =>
        ctx.store.applyEvent({ sessionId: session.id, event: 'expire' }),
      );
      if (done) expired += 1;
    } catch {
      // Logged by the guards; tried again on the next pass.
    }
  }
  return expired;
}
