import type { SessionSelection } from '../store/types.js';
import { NO_JS_WINDOW_MS } from './clientKeys.js';
import type { EngineContext } from './engineContext.js';

/**
 * The idempotency key of a submission that came without one (JavaScript off): a keyed hash
 * of what was chosen and a 10-minute window, so an accidental repeat (a double click, a
 * reload that posts again) is the same checkout, whichever address it comes from (a phone
 * switching networks posts from two). It looks one window back, so a repeat seconds after
 * a window edge still finds the first checkout. A purchase made on purpose after the first
 * one finished is a new checkout (see `startCheckout`).
 */
export async function noJsIdempotencyKey(
  ctx: EngineContext,
  selection: SessionSelection,
): Promise<string> {
  const at = ctx.clock.now().getTime();
  const parts = {
    planId: selection.planId,
    interval: selection.interval,
    currency: selection.currency,
    seats: selection.seats,
    email: selection.email,
    name: selection.name,
    country: selection.country,
    promo: selection.promoCode ?? '',
  };
  const window = Math.floor(at / NO_JS_WINDOW_MS);
  const previous = ctx.keys.noJsKey(parts, window - 1);
  const earlier = await ctx.fromStore('getSessionByIdempotencyKey', {}, () =>
    ctx.store.getSessionByIdempotencyKey(previous),
  );
  if (
    earlier &&
    earlier.status !== 'expired' &&
    at - earlier.createdAt.getTime() < NO_JS_WINDOW_MS
  ) {
    return previous;
  }
  return ctx.keys.noJsKey(parts, window);
}
