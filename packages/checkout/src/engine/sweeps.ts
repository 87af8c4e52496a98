import type { EngineContext } from './engineContext.js';
import { providerKeyOf } from './pay.js';
import { outcomeOf, settleAttempt } from './settle.js';

/** What one {@link reconcilePayments} pass did. */
export interface ReconcileReport {
  /** Charged: now paid (or trialing), with an order. */
  completed: number;
  /** Never charged, or declined: now failed and retryable. */
  failed: number;
  /** The provider waits for the buyer's authentication. */
  waiting: number;
  /** Could not be settled this time (provider unreachable); tried again next pass. */
  skipped: number;
}

/** How many stale attempts one reconcile pass takes. */
const RECONCILE_BATCH = 50;

/**
 * Settles payment attempts whose outcome nobody recorded (the provider's answer was lost,
 * or the request died mid-payment): takes over attempts whose lease ran out, asks the
 * provider what happened under each one's idempotency key, and settles the answer, so a
 * charge never ends without an order. Safe in any number of processes at once.
 */
export async function reconcilePayments(ctx: EngineContext): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: 0, failed: 0, waiting: 0, skipped: 0 };
  const stale = await ctx.fromStore('claimStaleAttempts', {}, () =>
    ctx.store.claimStaleAttempts(RECONCILE_BATCH, ctx.attemptLeaseMs),
  );
  for (const session of stale) {
    const details = { sessionId: session.id, planId: session.planId, attempt: session.attempt };
    let result: Awaited<ReturnType<typeof ctx.provider.findPayment>>;
    try {
      result = await ctx.fromProvider('findPayment', details, () =>
        ctx.provider.findPayment(providerKeyOf(session)),
      );
    } catch {
      // Logged; the lease runs out again and the next pass retries.
      report.skipped += 1;
      continue;
    }
    const settled = await settleAttempt(ctx, session, outcomeOf(result));
    if (settled.status === 'paid' || settled.status === 'trialing') report.completed += 1;
    else if (settled.status === 'requires_action') report.waiting += 1;
    else report.failed += 1;
    ctx.logger.info('[plankit] reconciled a payment', { ...details, outcome: settled.status });
  }
  return report;
}

/**
 * Expires sessions nobody paid in time (open, failed, or waiting for an authentication
 * nobody answered). An attempt still processing never expires here: it may have charged,
 * and {@link reconcilePayments} settles it first. Returns how many expired.
 */
export function expireStaleSessions(ctx: EngineContext): Promise<number> {
  return ctx.fromStore('expireSessions', {}, () => ctx.store.expireSessions());
}
