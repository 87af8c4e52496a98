import { createSessionId } from '../ids/sessionId.js';
import type { CheckoutSession, SessionSelection } from '../store/records.js';
import type { RequestContext } from '../views/types.js';
import type { EngineContext } from './engineContext.js';

/** How many finished checkouts one key may lead past before the answer is "expired". */
const MAX_SUCCESSORS = 8;

/** What a submission that starts (or resumes) a checkout brings. */
export interface CheckoutStart {
  selection: SessionSelection;
  /** The key the browser posted, or null (no JavaScript: the key is derived). */
  postedKey: string | null;
  /** The key to start under: the posted one, or the no-JS key. */
  idempotencyKey: string;
  clientKey: string | null;
  context: RequestContext;
}

/**
 * Whether the same post, made again, asks for the same thing: what was chosen, and who buys.
 * Amounts are not compared: they follow from these and the catalog.
 */
function sameSubmission(session: CheckoutSession, selection: SessionSelection): boolean {
  return (
    session.planId === selection.planId &&
    session.interval === selection.interval &&
    session.currency === selection.currency &&
    session.seats === selection.seats &&
    session.country === selection.country &&
    (session.promoCode ?? '') === (selection.promoCode ?? '') &&
    session.email.toLowerCase() === selection.email.toLowerCase() &&
    session.name === selection.name
  );
}

/**
 * Whether a finished checkout under the submission's key is its answer (a repeat: show its
 * receipt, never charge twice) or the submission is a new purchase, which starts a new
 * checkout. An expired checkout (or one past its time) is never the answer. A paid one is the answer to a repeat
 * of the same submission from the page that posted it (a second click, a retry after a lost
 * answer) and, for a free plan, to any repeat; without JavaScript a paid plan's post never
 * charges by itself (the card goes on the processor's page afterwards), so the same post
 * after that payment is a buyer buying again.
 */
function startsNewCheckout(
  session: CheckoutSession,
  selection: SessionSelection,
  postedKey: string | null,
  now: Date,
): boolean {
  const done = session.status === 'paid' || session.status === 'trialing';
  // Expired, or past its time and not yet swept.
  if (session.status === 'expired' || (!done && session.expiresAt <= now)) return true;
  if (!done) return false;
  if (!sameSubmission(session, selection)) return true;
  const free = session.amountDue === 0 && !session.quote.trialDays;
  return postedKey === null && !free;
}

/**
 * Creates or resumes the submission's checkout session and starts its payment attempt, in
 * one store call. When the key's checkout is finished and this is a new purchase, the next
 * key in the key's chain is tried (`successorKey`): every repeat of the new purchase finds
 * the same successor, so it is still charged once.
 */
export async function startCheckout(ctx: EngineContext, start: CheckoutStart) {
  const { selection, postedKey, clientKey, context } = start;
  let idempotencyKey = start.idempotencyKey;
  for (let successors = 0; ; successors++) {
    const started = await ctx.fromStore('startAttempt', { planId: selection.planId }, () =>
      ctx.store.startAttempt({
        session: {
          ...selection,
          id: createSessionId(),
          idempotencyKey,
          // Bound to the browser that posts, before it leaves for a hosted page or a bank:
          // a return or bank link that leaks (a screenshot, a shared URL) opens nothing
          // elsewhere (issue 21, item 3b). Without JavaScript a double click can post twice
          // before the visitor cookie exists, each post minting its own token: the second
          // finds this session another browser's ('foreign' below) and gets a checkout of
          // its own, and the browser follows that one's page, so it is paid once.
          visitorHash: ctx.keys.visitorHash(context.visitorToken),
          ttlMs: ctx.sessionTtlMs,
        },
        visitorHash: ctx.keys.visitorHash(context.visitorToken),
        leaseMs: ctx.attemptLeaseMs,
        failureWindowMs: ctx.throttle.windowMs,
        clientKey,
        emailKey: ctx.keys.emailKey(selection.email),
      }),
    );
    ctx.clock.observe(started.now);
    // Without JavaScript the key is derived from the details, not a secret of one browser:
    // a checkout under it that another browser has taken (its finish page bound it) is not
    // this visitor's, and the post starts a checkout of its own. With JavaScript a foreign
    // key is a leaked one and gets nothing.
    const next =
      successors < MAX_SUCCESSORS &&
      ((started.outcome === 'foreign' && postedKey === null) ||
        (started.outcome === 'unavailable' &&
          startsNewCheckout(started.session, selection, postedKey, started.now)));
    if (!next) {
      return { started, idempotencyKey };
    }
    idempotencyKey = ctx.keys.successorKey(idempotencyKey);
  }
}
