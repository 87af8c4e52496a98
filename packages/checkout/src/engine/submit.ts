import { createSessionId } from '../ids/sessionId.js';
import type { RequestContext, SubmitResult } from '../views/types.js';
import type { EngineContext } from './engineContext.js';
import { noJsIdempotencyKey } from './noJsIdempotencyKey.js';
import { awaitHolder, payAttempt } from './pay.js';
import { redirectTo, resultOfSession } from './planStepResults.js';
import { readSubmission } from './readSubmission.js';
import { settleAttempt } from './settle.js';
import { decideThrottle } from './throttle.js';

/** A language tag the host passed, or `en`: stored on the session for the buyer's emails. */
function checkoutLocale(locale: string | null | undefined): string {
  return locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale) ? locale : 'en';
}

/**
 * Handles a plan-step submission: validates and prices it (readSubmission), creates or
 * resumes its session under the idempotency key and starts the payment attempt in one
 * store call, checks the card-testing throttle, pays, and says where the visitor goes.
 * Bad input never throws; a failing store or provider throws a typed error.
 */
export async function submitPlanStep(
  ctx: EngineContext,
  form: FormData | Record<string, string>,
  context: RequestContext,
): Promise<SubmitResult> {
  // Promo and card expiry are checked on the store's time, which the first call learns.
  await ctx.fromStore('clock', {}, () => ctx.clock.ready());
  const read = readSubmission(ctx, form, checkoutLocale(context.locale));
  if ('answer' in read) return read.answer;
  const { selection, post, postedKey, results } = read.ready;

  const clientKey = ctx.keys.clientKey(context.clientAddress);
  const idempotencyKey =
    postedKey ?? (await noJsIdempotencyKey(ctx, selection, context.clientAddress));
  const failed = (formError: Parameters<typeof results.failed>[0]) =>
    results.failed(formError, idempotencyKey);

  const started = await ctx.fromStore('startAttempt', { planId: selection.planId }, () =>
    ctx.store.startAttempt({
      session: {
        ...selection,
        id: createSessionId(),
        idempotencyKey,
        // A post without JavaScript may come before the visitor cookie exists: a double
        // click sends two posts, each minting its own token, and binding the session to
        // the first would refuse the second. Such a session is reached by its id alone
        // (192 random bits), like a hosted checkout's; the key already ties the repeat to
        // the same fields and client address. The finish page binds it to the first
        // browser that opens it.
        visitorHash: postedKey === null ? null : ctx.keys.visitorHash(context.visitorToken),
        ttlMs: ctx.sessionTtlMs,
      },
      visitorHash: ctx.keys.visitorHash(context.visitorToken),
      leaseMs: ctx.attemptLeaseMs,
      failureWindowMs: ctx.throttle.windowMs,
      clientKey,
    }),
  );
  ctx.clock.observe(started.now);
  const { session } = started;

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
      if (settled.status === 'requires_action') return resultOfSession(settled, ctx.routes, failed);
      return redirectTo(ctx.routes.finish(settled.id), settled.id);
    }
    case 'unavailable':
      // Paid already (show the receipt again, never charge twice), or waiting for the
      // buyer at the bank (send them back there), or past its expiry.
      if (session.status === 'paid' || session.status === 'trialing') {
        return redirectTo(ctx.routes.finish(session.id), session.id);
      }
      if (session.status === 'requires_action') return resultOfSession(session, ctx.routes, failed);
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
      ctx.logger.warn('[plankit] card-testing throttle refused a payment', {
        sessionId: session.id,
        minutes: decision.minutes,
      });
      return failed({ message: 'errorThrottled', values: { minutes: decision.minutes } });
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
  const settled = await payAttempt(ctx, session, post.paymentMethodId, clientKey);
  return resultOfSession(settled, ctx.routes, failed);
}
