import { isSessionId } from '../ids/sessionId.js';
import type { SessionRecord } from '../store/types.js';
import type { FinishView, RequestContext } from '../views/types.js';
import { receiptPath, subscriptionPath } from './afterPurchaseViews.js';
import { buildFinishView } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { awaitsProvider, refreshFromProvider } from './refresh.js';

/**
 * The visitor's session with its order and subscription (one store query), or null for
 * anything malformed, unknown or not theirs. A session belongs to the browser that posted
 * it (its visitor token, bound when the session was made, with or without JavaScript), so
 * a shared or leaked finish link shows "not found" anywhere else, even opened first there.
 * Only a session made without any token (a host that sets no visitor cookie) is reached
 * by its id alone.
 */
export async function ownedRecord(
  ctx: EngineContext,
  sessionId: string | null | undefined,
  context: RequestContext,
): Promise<SessionRecord | null> {
  // Checked before any lookup, so hostile input from a URL never reaches the database.
  if (!isSessionId(sessionId)) return null;
  const record = await ctx.fromStore('getSessionRecord', { sessionId }, () =>
    ctx.store.getSessionRecord(sessionId),
  );
  if (!record || !ctx.keys.isOwner(record.session.visitorHash, context.visitorToken)) return null;
  return record;
}

/**
 * Whether the request comes from the browser that owns the checkout session: what a page
 * outside the checkout (the test processor's bank and hosted payment pages, which the host
 * serves) asks before it lets anyone act on the session's payment.
 */
export async function ownsCheckout(
  ctx: EngineContext,
  sessionId: string | null | undefined,
  context: RequestContext,
): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const session = await ctx.fromStore('getSession', { sessionId }, () =>
    ctx.store.getSession(sessionId),
  );
  return session !== null && ctx.keys.isOwner(session.visitorHash, context.visitorToken);
}

/**
 * What the finish step shows; `not_found` for anything not the visitor's. When the session
 * waits for the provider (the buyer is back from its page, or an attempt's answer was lost),
 * the provider is asked first, so "paid" shows only once the order is stored.
 */
export async function getFinishView(
  ctx: EngineContext,
  sessionId: string | null | undefined,
  context: RequestContext,
): Promise<FinishView> {
  let record = await ownedRecord(ctx, sessionId, context);
  // One answer for "no such session" and "not yours", so the page leaks nothing.
  if (!record) return { status: 'not_found' };
  if (awaitsProvider(record.session, ctx.clock.now())) {
    const settled = await refreshFromProvider(ctx, record.session);
    if (settled.status !== record.session.status) {
      const id = record.session.id;
      record =
        (await ctx.fromStore('getSessionRecord', { sessionId: id }, () =>
          ctx.store.getSessionRecord(id),
        )) ?? record;
    }
  }
  const view = buildFinishView({
    record,
    plan: ctx.planOf(record.session.planId),
    routes: ctx.routes,
    locale: context.locale,
  });
  // The receipt on any device: signed links the buyer can keep (the email has the same).
  if ('receipt' in view && record.order) {
    view.receipt.receiptUrl = receiptPath(ctx, record.order.id);
    if (record.subscription) view.receipt.manageUrl = subscriptionPath(ctx, record.subscription.id);
  }
  return view;
}
