// "Find my subscription" (issue 22.3): a buyer who lost the email asks for their links again.
// The answer never says whether the address is known: the same lookups run for every valid
// address, and the email (when there is something to send) leaves after the answer. Each
// request is counted per email and per client (keyed hashes); past a limit the request is
// refused with when to try again, and a warning is logged.

import { checkEmailAddress } from '../validation/checkoutForm.js';
import type { FindSubscriptionState } from '../views/findSubscriptionTypes.js';
import type { RequestContext } from '../views/types.js';
import type { EngineContext } from './engineContext.js';
import { minutesUntilReleased } from './throttle.js';

/** Requests one address may make within {@link LINK_WINDOW_MS}. */
export const MAX_LINK_REQUESTS_PER_EMAIL = 3;
/** Requests one client may make within {@link LINK_WINDOW_MS}, whatever the addresses. */
export const MAX_LINK_REQUESTS_PER_CLIENT = 10;
export const LINK_WINDOW_MS = 60 * 60_000;
/** How far back orders are included, and how many at most. */
const RECENT_ORDERS_MS = 365 * 24 * 60 * 60_000;
const MAX_ORDERS = 10;
const MAX_SUBSCRIPTIONS = 20;

/** Reads the posted email and, when it is one, emails that buyer their links. */
export async function findSubscriptions(
  ctx: EngineContext,
  formData: { get(name: string): unknown },
  context: RequestContext,
): Promise<FindSubscriptionState> {
  const raw = formData.get('email');
  const email = typeof raw === 'string' ? raw.slice(0, 320) : '';
  const error = checkEmailAddress(email);
  if (error) return { status: 'invalid', email, error };
  const address = email.trim();
  const counts = await ctx.fromStore('recordLinkRequest', {}, () =>
    ctx.store.recordLinkRequest({
      clientKey: ctx.keys.clientKey(context.clientAddress),
      emailKey: ctx.keys.emailKey(address) ?? '',
      windowMs: LINK_WINDOW_MS,
    }),
  );
  const over =
    counts.forEmail > MAX_LINK_REQUESTS_PER_EMAIL
      ? 'email'
      : counts.forClient > MAX_LINK_REQUESTS_PER_CLIENT
        ? 'client'
        : null;
  if (over) {
    const minutes = minutesUntilReleased(counts.oldest, counts.now, LINK_WINDOW_MS);
    // No address in the log: the limit and the wait say what happened.
    ctx.warnOnce(`links-${over}`, '[plankit] subscription link requests over their limit', {
      limit: over,
      minutes,
    });
    return { status: 'throttled', email, minutes };
  }
  const since = new Date(counts.now.getTime() - RECENT_ORDERS_MS);
  const [subscriptions, orders] = await Promise.all([
    ctx.fromStore('listSubscriptions', {}, () =>
      ctx.store.listSubscriptions({ email: address, limit: MAX_SUBSCRIPTIONS }),
    ),
    ctx.fromStore('listOrders', {}, () =>
      ctx.store.listOrders({ email: address, since, limit: MAX_ORDERS, newestFirst: true }),
    ),
  ]);
  if (subscriptions.length + orders.length > 0) {
    const { mailer } = ctx;
    if (!mailer) {
      ctx.warnOnce(
        'links-no-smtp',
        '[plankit] no email is set up: subscription links not sent',
        {},
      );
    } else {
      // After the answer: the page looks the same, and as fast, for an unknown address.
      void mailer
        .sendLinks({
          to: address,
          locale: context.locale ?? 'en',
          subscriptions,
          orders,
        })
        .then(
          (result) => {
            if (!result.ok) {
              ctx.logger.warn('[plankit] subscription links email refused', {
                error: result.error,
              });
            }
          },
          (failure: unknown) =>
            ctx.logger.warn('[plankit] subscription links email failed', {
              error: failure instanceof Error ? failure.message : String(failure),
            }),
        );
    }
  }
  return { status: 'sent', email };
}
