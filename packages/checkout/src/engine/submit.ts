import { setTimeout as delay } from 'node:timers/promises';
import type { Span } from '@opentelemetry/api';
import type { FieldError } from '../messages/fieldError.js';
import type { CheckoutSession } from '../store/types.js';
import type { RequestContext, SubmitResult } from '../views/types.js';
import { planLinkFor } from './buildFinishView.js';
import { IDEMPOTENCY_KEY_PATTERN } from './clientKeys.js';
import type { EngineContext } from './engineContext.js';
import { noJsIdempotencyKey } from './noJsIdempotencyKey.js';
import { awaitHolder, payAttempt } from './pay.js';
import { planStepResults, redirectTo, resultOfSession } from './planStepResults.js';
import { promoGuesserOf, promoGuessesExhausted, recordRefusedPromo } from './promoThrottle.js';
import { type CheckoutPost, readCheckoutForm, refillValues } from './readCheckoutForm.js';
import { readSubmission } from './readSubmission.js';
import { settleAttempt } from './settle.js';
import { startCheckout } from './startCheckout.js';
import { engineMetrics, inSpan } from './telemetry.js';
import { decideThrottle } from './throttle.js';

/** A language tag the host passed, or `en`: stored on the session for the buyer's emails. */
function checkoutLocale(locale: string | null | undefined): string {
  return locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale) ? locale : 'en';
}

/**
 * Handles a plan-step submission: validates and prices it (readSubmission), creates or
 * resumes its session under the idempotency key and starts the payment attempt in one
 * store call (startCheckout), checks the card-testing throttle, pays, and says where the visitor goes.
 * Bad input never throws; a failing store or provider throws a typed error.
 */
export function submitPlanStep(
  ctx: EngineContext,
  form: FormData | Record<string, string>,
  context: RequestContext,
): Promise<SubmitResult> {
  return inSpan('plankit.checkout.submit', { 'plankit.provider': ctx.provider.id }, (span) =>
    submitInSpan(ctx, form, context, span),
  );
}

async function submitInSpan(
  ctx: EngineContext,
  form: FormData | Record<string, string>,
  context: RequestContext,
  span: Span,
): Promise<SubmitResult> {
  // Promo and card expiry are checked on the store's time, which the first call learns.
  await ctx.fromStore('clock', {}, () => ctx.clock.ready());
  const clientKey = ctx.keys.clientKey(context.clientAddress);

  // A typed promo code is looked up only while this client and checkout have not guessed
  // too many codes that do not exist.
  // The post is read once, here; every step below works from it.
  const parsed = readCheckoutForm(form);
  const guesser = promoGuesserOf(parsed, clientKey);
  const exhausted = guesser.promo ? await promoGuessesExhausted(ctx, guesser) : null;
  if (exhausted) return promoRefused(parsed, exhausted);
  const read = await readSubmission(ctx, parsed, checkoutLocale(context.locale));
  if ('answer' in read) {
    if (guesser.promo) await recordRefusedPromo(ctx, guesser, read.answer);
    return read.answer;
  }
  const { selection, post, postedKey, results } = read.ready;

  const { started, idempotencyKey } = await startCheckout(ctx, {
    selection,
    postedKey,
    idempotencyKey: postedKey ?? (await noJsIdempotencyKey(ctx, selection)),
    clientKey,
    context,
  });
  // Answers that send the visitor back to the form carry the key the checkout runs under.
  const failed = (formError: Parameters<typeof results.failed>[0]) =>
    results.failed(formError, idempotencyKey);
  const { session } = started;
  span.setAttributes({
    'plankit.plan': session.planId,
    'plankit.session': session.id,
    'plankit.start': started.outcome,
  });
  if (started.outcome === 'created' || started.outcome === 'retried') {
    engineMetrics().checkoutsStarted.add(1, {
      'plankit.provider': ctx.provider.id,
      'plankit.plan': session.planId,
    });
  }

  switch (started.outcome) {
    case 'foreign':
      // Someone else's session under this key (the key leaked, or the visitor's cookie was
      // replaced): untouched, and the answer reveals nothing about it.
      return results.expired();
    case 'held': {
      // Another request holds the attempt (double submit, second tab, another host): wait
      // for it; the finish step shows whatever it ended with.
      const settled = (await awaitHolder(ctx, session.id)) ?? session;
      if (settled.status === 'expired') return results.expired();
      // Declined or waiting at the bank: the same answer the holder got (a double click on
      // a declined card shows the decline on the form, with the inputs kept).
      if (settled.status === 'requires_action') {
        return resumeAction(ctx, settled, results, idempotencyKey, failed);
      }
      if (settled.status === 'failed') return resultOfSession(settled, ctx.routes, failed);
      return redirectTo(ctx.routes.finish(settled.id), settled.id);
    }
    case 'unavailable':
      // Paid already and this is a repeat (show the receipt again, never charge twice), or
      // waiting for the buyer at the bank (send them back there), or a chain of finished
      // checkouts too long to follow.
      if (session.status === 'paid' || session.status === 'trialing') {
        return redirectTo(ctx.routes.finish(session.id), session.id);
      }
      if (session.status === 'requires_action') {
        return resumeAction(ctx, session, results, idempotencyKey, failed);
      }
      return results.expired();
    case 'created':
    case 'retried':
    case 'resumed':
      break;
  }

  // This request holds the attempt. Card-testing defence, before anything reaches the
  // provider: a resumed attempt repeats a call that was already made, so it is exempt, and
  // a free plan never calls the provider. (A trial does: it saves the card.)
  const charges = session.amountDue > 0 || Boolean(session.quote.trialDays);
  if (started.outcome !== 'resumed' && charges) {
    const decision = decideThrottle(
      started.failures,
      clientKey !== null,
      started.now,
      ctx.throttle,
    );
    if (!decision.allowed) {
      await settleAttempt(ctx, session, {
        kind: 'failed',
        intentId: null,
        code: 'throttled',
        message: 'Too many failed payments; nothing was sent to the provider.',
        decline: false,
      });
      ctx.logger.warn('[plankit] card-testing limit refused a payment', {
        limit: decision.limit,
        sessionId: session.id,
        minutes: decision.minutes,
      });
      return failed({ message: 'errorThrottled', values: { minutes: decision.minutes } });
    }
    if (decision.limit === 'overall') {
      ctx.warnOnce(
        'throttle.overall',
        '[plankit] card-testing limit: many declines overall, payments slowed down',
        {
          limit: 'overall',
          declines: started.failures.overall,
          delayMs: decision.delayMs,
        },
      );
      await delay(decision.delayMs);
    }
  }

  // A resumed attempt keeps its stored selection (its provider key and amount): from here
  // on everything works from the stored session, not the form.
  if (!charges) {
    const done = await settleAttempt(ctx, session, {
      kind: 'succeeded',
      intentId: null,
      paymentMethod: null,
      customerRef: null,
      subscriptionRef: null,
    });
    return redirectTo(ctx.routes.finish(done.id), done.id);
  }
  const paid = await payAttempt(ctx, session, post.paymentMethodId, clientKey);
  if (paid.clientSecret) {
    // The provider's script finishes the action in the buyer's page, then the finish step.
    return results.nextAction(
      { clientSecret: paid.clientSecret, returnUrl: ctx.routes.finish(paid.session.id) },
      idempotencyKey,
    );
  }
  return resultOfSession(paid.session, ctx.routes, failed);
}

/**
 * A repeat of a checkout that waits for the buyer (a second click, a reload, "continue" on
 * the finish step): back to the provider's page, or, when only the provider's script in the
 * page can go on, the intent's client secret again (asked from the provider by the stored
 * id), so the buyer can finish what they left.
 */
async function resumeAction(
  ctx: EngineContext,
  session: CheckoutSession,
  results: ReturnType<typeof planStepResults>,
  idempotencyKey: string | null,
  failed: (formError: FieldError) => SubmitResult,
): Promise<SubmitResult> {
  const intentId = session.providerPaymentId;
  // Such an action's stored address is the plan step (settle.ts): a page of the provider's
  // is never that.
  const inPage = session.actionUrl === planLinkFor(ctx.routes, session, ctx.planOf(session.planId));
  if (intentId && inPage) {
    const outcome = await ctx.fromProvider('retrieveIntent', { sessionId: session.id }, () =>
      ctx.provider.retrieveIntent(intentId),
    );
    if (outcome.status === 'requires_action' && outcome.clientSecret) {
      return results.nextAction(
        { clientSecret: outcome.clientSecret, returnUrl: ctx.routes.finish(session.id) },
        idempotencyKey,
      );
    }
  }
  return resultOfSession(session, ctx.routes, failed);
}

/** The form back with the promo field refused; nothing else checked, stored or charged. */
function promoRefused(post: CheckoutPost, error: FieldError): SubmitResult {
  const key = post.idempotencyKey;
  return planStepResults(refillValues(post.values), null).state('invalid', {
    fieldErrors: { promo: error },
    formError: null,
    idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null,
  });
}
