import { createOrderReference } from '../ids/orderReference.js';
import { RENEWAL_RETRY_DAYS } from '../lifecycle/subscriptionLifecycle.js';
import type { PaymentFailureCode } from '../providers/types.js';
import type { Subscription, SubscriptionUpdate } from '../store/types.js';
import type { WorkerContext } from './guards.js';

/** What one {@link runRenewals} pass did. */
export interface RenewalReport {
  /** Periods paid (renewals, and first charges after a trial). */
  renewed: number;
  /** Charges declined, to be tried again on the schedule. */
  retrying: number;
  /** Subscriptions ended: canceled by the buyer at the period's end, or out of retries. */
  canceled: number;
  /** Could not be charged this time (provider unreachable, still processing); tried again. */
  skipped: number;
  /**
   * Decided (a charge succeeded or failed) but not recorded: the store matched no row,
   * because the subscription moved on meanwhile (another process recorded this attempt, or
   * it changed). Each is logged as a warning with its subscription; a charge was made under
   * the renewal's key, so asking again later never charges twice.
   */
  unrecorded: number;
}

/** Which count of the report one subscription's renewal adds to. */
type RenewalOutcome = keyof RenewalReport;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many due subscriptions one pass takes. */
const BATCH = 50;

/** The charge's key: one per subscription, period and attempt, so a repeat never charges twice. */
function renewalKey(subscription: Subscription): string {
  return `${subscription.id}:${subscription.currentPeriodEnd.toISOString()}:${subscription.renewalAttempt + 1}`;
}

/**
 * Charges the subscriptions the engine renews whose period ended (or whose retry is due):
 * exactly once per period and attempt, safe with many processes (due subscriptions are taken
 * with SKIP LOCKED and a lease; the charge's key repeats if a process dies after charging).
 * A declined charge is tried again after 1, 3 and 5 days (RENEWAL_RETRY_DAYS), then the
 * subscription ends. Subscriptions the buyer canceled end at their period's end. Only for a
 * provider that leaves renewals to the engine (`renews: 'engine'`).
 */
export async function runRenewals(ctx: WorkerContext): Promise<RenewalReport> {
  const report: RenewalReport = {
    renewed: 0,
    retrying: 0,
    canceled: 0,
    skipped: 0,
    unrecorded: 0,
  };
  const ended = await ctx.fromStore('endCanceledSubscriptions', {}, () =>
    ctx.store.endCanceledSubscriptions(),
  );
  report.canceled += ended.length;
  // A downgrade scheduled for the period's end takes effect first, so the renewal below
  // bills the new terms for a period of the new interval (issue 22.1); a provider that
  // renews bills them itself (its new price was set with the change), the record follows.
  await ctx.fromStore('applyDuePlanChanges', {}, () => ctx.store.applyDuePlanChanges());
  if (ctx.provider.renews !== 'engine') return report;
  const due = await ctx.fromStore('claimDueRenewals', {}, () =>
    ctx.store.claimDueRenewals(BATCH, ctx.attemptLeaseMs),
  );
  for (const subscription of due) {
    const { outcome } = await chargeRenewal(ctx, subscription, 'scheduled').catch(() => ({
      outcome: 'skipped' as const,
    }));
    report[outcome] += 1;
  }
  return report;
}

/** What one renewal charge came to, and why a declined one was. */
export interface RenewalCharge {
  outcome: RenewalOutcome;
  /** Set when the card was refused (`retrying` or `canceled`). */
  failure?: PaymentFailureCode;
}

/**
 * Charges one claimed subscription's due renewal with its saved card, under the renewal's key
 * (`{id}:{periodEnd}:{attempt}`), and records the outcome: the same path for the schedule and
 * for a buyer who just put in a new card (`buyer`, issue 22.2). A buyer's declined try counts
 * as an attempt (its key is spent) but keeps the schedule's next retry where it was and never
 * ends the subscription: the buyer may try another card, and the schedule goes on.
 */
export async function chargeRenewal(
  ctx: WorkerContext,
  subscription: Subscription,
  by: 'scheduled' | 'buyer',
): Promise<RenewalCharge> {
  const details = { subscriptionId: subscription.id, attempt: subscription.renewalAttempt + 1 };
  const { paymentMethodId, customerRef } = subscription;
  const base = {
    subscriptionId: subscription.id,
    periodEnd: subscription.currentPeriodEnd,
    renewalAttempt: subscription.renewalAttempt,
  };
  /**
   * Records the outcome: `outcome` when the store applied it, `unrecorded` (with a warning)
   * when its conditional update matched no row. Never reports an outcome the store lacks.
   */
  const record = async (
    update: Omit<SubscriptionUpdate, 'subscriptionId' | 'periodEnd' | 'renewalAttempt'>,
    outcome: RenewalOutcome,
  ): Promise<RenewalOutcome> => {
    const applied = await ctx.fromStore('applySubscriptionEvent', details, () =>
      ctx.store.applySubscriptionEvent({ ...base, ...update }),
    );
    if (applied) return outcome;
    ctx.logger.warn('[plankit] renewal outcome not recorded: the subscription moved on', {
      ...details,
      event: update.event,
      periodEnd: subscription.currentPeriodEnd.toISOString(),
    });
    return 'unrecorded';
  };
  if (!paymentMethodId || !customerRef) {
    // Nothing to charge with (a subscription from before saved payment methods).
    return { outcome: await record({ event: 'cancel' }, 'canceled') };
  }
  // Credit from a downgrade applied at once pays (part of) the period first.
  const creditApplied = Math.min(subscription.creditBalance, subscription.amount);
  const amount = subscription.amount - creditApplied;
  if (amount === 0 && creditApplied > 0) {
    const outcome = await record(
      {
        event: 'renew',
        renewal: {
          reference: createOrderReference(),
          providerPaymentId: null,
          paymentMethod: null,
          invoicePrefix: ctx.invoicePrefix,
          creditApplied,
        },
      },
      'renewed',
    );
    return { outcome };
  }
  const result = await ctx.fromProvider('chargeSavedMethod', details, () =>
    ctx.provider.chargeSavedMethod({
      idempotencyKey: renewalKey(subscription),
      amount,
      currency: subscription.currency,
      description: `Renewal: ${subscription.planId} (${subscription.interval})`,
      customerRef,
      paymentMethodId,
      metadata: { plankit_subscription: subscription.id },
    }),
  );
  if (result.status === 'succeeded') {
    const outcome = await record(
      {
        event: 'renew',
        renewal: {
          reference: createOrderReference(),
          providerPaymentId: result.intentId,
          paymentMethod: result.paymentMethod,
          invoicePrefix: ctx.invoicePrefix,
          creditApplied,
        },
      },
      'renewed',
    );
    return { outcome };
  }
  if (result.status !== 'failed' && result.status !== 'canceled') {
    // Processing (or waiting): the lease runs out and the same key asks again.
    return { outcome: 'skipped' };
  }
  const failure = result.status === 'failed' ? result.code : 'card_declined';
  const retryDays = RENEWAL_RETRY_DAYS[subscription.renewalAttempt];
  if (by === 'scheduled' && retryDays === undefined) {
    return { outcome: await record({ event: 'cancel' }, 'canceled'), failure };
  }
  const nextAttemptAt =
    by === 'buyer' && subscription.nextAttemptAt
      ? subscription.nextAttemptAt
      : new Date(subscription.currentPeriodEnd.getTime() + (retryDays ?? 0) * DAY_MS);
  return {
    outcome: await record({ event: 'fail_renewal', nextAttemptAt }, 'retrying'),
    failure,
  };
}
