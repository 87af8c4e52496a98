import { planTexts } from '../catalog/planTexts.js';
import { ProviderError } from '../errors/errors.js';
import type { CreateIntentInput, IntentOutcome } from '../providers/types.js';
import type { BusinessBuyer, CheckoutSession } from '../store/types.js';
import { planLinkFor } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { outcomeOf, settleAttempt } from './settle.js';
import { inSpan } from './telemetry.js';

/** The provider's idempotency key of a session's current attempt. */
export function providerKeyOf(session: Pick<CheckoutSession, 'id' | 'attempt'>): string {
  // One key per attempt: a retry after a decline is a new payment; a repeat of the same
  // attempt (double submit, a resumed crash) is the same one.
  return `${session.id}:${session.attempt}`;
}

/** A business buyer's details the provider's customer record keeps. */
const businessOf = ({ company, vatId, street, postalCode, city }: BusinessBuyer) => ({
  company,
  vatId,
  street,
  postalCode,
  city,
});

/** What the engine asks the provider to set up for a session's current attempt. */
function intentFor(
  ctx: EngineContext,
  session: CheckoutSession,
  flow: CreateIntentInput['flow'],
): CreateIntentInput {
  const plan = ctx.planOf(session.planId);
  const { quote } = session;
  const trial = Boolean(quote.trialDays);
  return {
    idempotencyKey: providerKeyOf(session),
    // A trial charges nothing today: the card is saved for its first charge.
    mode: trial ? 'setup' : 'payment',
    amount: trial ? quote.total : session.amountDue,
    currency: session.currency,
    // The plan's name in the catalog's own language: it names the Product at the provider,
    // which every buyer's checkout shares (a plan's name may be given per language).
    description: `${ctx.merchantName}: ${plan ? planTexts(plan).name : session.planId} (${session.interval})`,
    customer: {
      email: session.email,
      name: session.name,
      business: session.business
        ? { ...businessOf(session.business), country: session.country }
        : null,
    },
    tax: {
      country: session.country,
      rateBasisPoints: quote.taxRateBasisPoints,
      inclusive: quote.taxInclusive,
      amount: quote.tax,
      reverseChargeVatId: quote.reverseCharge?.buyerVatId ?? null,
    },
    flow,
    returnUrl: ctx.routes.finish(session.id),
    cancelUrl: planLinkFor(ctx.routes, session, plan),
    saveMethod: ctx.provider.renews === 'engine',
    metadata: { plankit_session: session.id, plankit_attempt: String(session.attempt) },
    recurring: {
      interval: session.interval,
      amount: quote.total,
      trialDays: quote.trialDays,
      planId: session.planId,
      seats: session.seats,
    },
  };
}

/** A paid attempt's session, and the secret of an action the buyer's page must finish. */
export interface PaidAttempt {
  session: CheckoutSession;
  /**
   * Set when the provider's script must finish an action in the buyer's page (Stripe's
   * `use_stripe_sdk`) and the session waits for it.
   */
  clientSecret: string | null;
}

/**
 * Pays the session's current attempt (held by this request): creates the provider's intent
 * (no money moves), records its id, then confirms it with the payment-method id the
 * provider's fields made, and settles the answer. Without a payment method (no JavaScript)
 * the buyer is sent to the provider's hosted page instead. Create, record, confirm: after a
 * crash at any point, the sweep asks the provider about the recorded intent, so a charge
 * never ends without an order and never happens twice.
 *
 * When the provider fails to answer, it may have charged: the attempt stays `processing`
 * with its lease released, and the error is rethrown.
 */
export function payAttempt(
  ctx: EngineContext,
  session: CheckoutSession,
  paymentMethodId: string | null,
  clientKey: string | null,
): Promise<PaidAttempt> {
  const attributes = {
    'plankit.provider': ctx.provider.id,
    'plankit.plan': session.planId,
    'plankit.session': session.id,
    'plankit.attempt': session.attempt,
    'plankit.flow': paymentMethodId ? 'fields' : 'hosted',
  };
  return inSpan('plankit.payment', attributes, () =>
    payInSpan(ctx, session, paymentMethodId, clientKey),
  );
}

async function payInSpan(
  ctx: EngineContext,
  session: CheckoutSession,
  paymentMethodId: string | null,
  clientKey: string | null,
): Promise<PaidAttempt> {
  const settled = await settleInSpan(ctx, session, paymentMethodId, clientKey);
  return {
    session: settled.session,
    // Whoever settled it (this request, or a webhook just before), the buyer's page finishes
    // the action of the intent it waits for.
    clientSecret:
      settled.outcome?.status === 'requires_action' &&
      settled.outcome.clientSecret &&
      settled.session.status === 'requires_action' &&
      settled.session.providerPaymentId === settled.outcome.intentId
        ? settled.outcome.clientSecret
        : null,
  };
}

async function settleInSpan(
  ctx: EngineContext,
  session: CheckoutSession,
  paymentMethodId: string | null,
  clientKey: string | null,
): Promise<{ session: CheckoutSession; outcome?: IntentOutcome }> {
  const details = { sessionId: session.id, planId: session.planId, attempt: session.attempt };
  const flow = paymentMethodId ? 'fields' : 'hosted';
  let outcome: IntentOutcome | { status: 'hosted'; intentId: string; redirectUrl: string };
  try {
    // Idempotent on the attempt's key: a resumed attempt gets its intent (and page) back.
    const created = await ctx.fromProvider('createIntent', details, () =>
      ctx.provider.createIntent(intentFor(ctx, session, flow)),
    );
    if (session.providerPaymentId !== created.intentId) {
      const recorded = await ctx.fromStore('recordIntent', details, () =>
        ctx.store.recordIntent(session.id, session.attempt, created.intentId),
      );
      // The attempt moved on (the sweep, or a retry, took over): theirs to finish.
      if (!recorded) {
        const current = await ctx.fromStore('getSession', details, () =>
          ctx.store.getSession(session.id),
        );
        return { session: current ?? session };
      }
    }
    if (!paymentMethodId) {
      // A provider without a hosted page cannot serve a visitor without JavaScript.
      if (!created.redirectUrl) throw new ProviderError(ctx.provider.id, 'createIntent');
      outcome = { status: 'hosted', intentId: created.intentId, redirectUrl: created.redirectUrl };
    } else {
      outcome = await ctx.fromProvider('confirmIntent', details, () =>
        ctx.provider.confirmIntent(created.intentId, {
          paymentMethodId,
          returnUrl: ctx.routes.finish(session.id),
        }),
      );
    }
  } catch (error) {
    await ctx
      .fromStore('releaseLease', details, () => ctx.store.releaseLease(session.id, session.attempt))
      .catch(() => {
        // Logged; the lease then runs out by itself and the sweep resumes the attempt.
      });
    throw error;
  }
  const recorded = { ...session, providerPaymentId: outcome.intentId };
  if (outcome.status === 'hosted') {
    const waiting = await settleAttempt(ctx, recorded, {
      kind: 'requires_action',
      intentId: outcome.intentId,
      redirectUrl: outcome.redirectUrl,
    });
    return { session: waiting };
  }
  const attempt = outcomeOf(outcome);
  // Confirmed and still waiting for a method: cannot be, but nothing was charged either.
  if (!attempt) {
    const failed = await settleAttempt(ctx, recorded, {
      kind: 'failed',
      intentId: outcome.intentId,
      code: 'processing_error',
      message: 'The provider did not take the payment method.',
      decline: false,
    });
    return { session: failed, outcome };
  }
  return { session: await settleAttempt(ctx, recorded, attempt, { clientKey }), outcome };
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
