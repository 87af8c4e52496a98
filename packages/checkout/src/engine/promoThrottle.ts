import type { FieldError } from '../messages/fieldError.js';
import type { SubmitResult } from '../views/types.js';
import { IDEMPOTENCY_KEY_PATTERN } from './clientKeys.js';
import type { EngineContext } from './engineContext.js';
import type { CheckoutPost } from './readCheckoutForm.js';
import { minutesUntilReleased } from './throttle.js';

/** Field messages that mean "no such code", the ones a guesser collects. */
const REFUSED_CODES = new Set(['errorPromoUnknown', 'errorPromoExpired']);

/** Who is guessing: the client's key and the checkout's (the browser's idempotency key). */
export interface PromoGuesser {
  clientKey: string | null;
  checkoutKey: string | null;
}

/** The guesser behind a post: its client key and posted checkout key, if well-formed. */
export function promoGuesserOf(
  post: CheckoutPost,
  clientKey: string | null,
): PromoGuesser & { promo: string } {
  return {
    promo: (post.values.promo ?? '').trim(),
    clientKey,
    checkoutKey: IDEMPOTENCY_KEY_PATTERN.test(post.idempotencyKey) ? post.idempotencyKey : null,
  };
}

/**
 * Before a typed promo code is looked up: refuses the lookup (a message on the field, in
 * whole minutes) when this client or checkout has tried too many codes that do not exist,
 * so codes cannot be guessed by trying them all. Valid codes are refused then too: an
 * answer that differed would still tell the guesser which one exists.
 */
export async function promoGuessesExhausted(
  ctx: EngineContext,
  guesser: PromoGuesser,
): Promise<FieldError | null> {
  if (guesser.clientKey === null && guesser.checkoutKey === null) return null;
  const counts = await ctx.fromStore('countPromoFailures', {}, () =>
    ctx.store.countPromoFailures({ ...guesser, windowMs: ctx.throttle.windowMs }),
  );
  const { maxPromoFailuresPerClient, maxPromoFailuresPerCheckout, windowMs } = ctx.throttle;
  const over =
    counts.forClient >= maxPromoFailuresPerClient
      ? 'client'
      : counts.forCheckout >= maxPromoFailuresPerCheckout
        ? 'checkout'
        : null;
  if (!over) return null;
  const minutes = minutesUntilReleased(counts.oldest, counts.now, windowMs);
  ctx.logger.warn('[plankit] promo code limit refused a lookup', { limit: over, minutes });
  return { message: 'errorPromoThrottled', values: { minutes } };
}

/** After the lookup: counts a code that does not exist (or expired) against the guesser. */
export async function recordRefusedPromo(
  ctx: EngineContext,
  guesser: PromoGuesser,
  result: SubmitResult,
): Promise<void> {
  if (result.kind !== 'state') return;
  const refused = result.state.fieldErrors.promo;
  if (!refused || !REFUSED_CODES.has(refused.message)) return;
  await ctx.fromStore('recordPromoFailure', {}, () =>
    ctx.store.recordPromoFailure({ ...guesser, windowMs: ctx.throttle.windowMs }),
  );
}
