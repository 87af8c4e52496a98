import { isSessionId } from '../ids/sessionId.js';
import type { SessionRecord } from '../store/types.js';
import type { FinishView, RequestContext } from '../views/types.js';
import { receiptPath, subscriptionPath } from './afterPurchaseViews.js';
import { buildFinishView } from './buildFinishView.js';
import type { EngineContext } from './engineContext.js';
import { awaitsProvider, refreshFromProvider } from './refresh.js';

/**
 * The visitor's session with its order and subscription (one store query), or null for
 * anything malformed, unknown or not theirs. A session made without JavaScript belongs to
 * no browser yet: the first one that opens it (the buyer, following the redirect with the
 * cookie the post set) takes it, and from then on a shared or leaked link shows "not found"
 * elsewhere.
 */
export async function ownedRecord(
  ctx: EngineContext,
  sessionId: string | null | undefined,
  context: RequestContext,
): Promise<SessionRecord | null> {
  // Checked before any lookup, so hostile input from a URL never reaches the database.
  if (!isSessionId(sessionId)) return null;
  const record = await ctx.fromStore('getSessionRecord', { sessionId }, () =>
    ctx.store.getSessionRecord(sessionId, {
      bindVisitorHash: ctx.keys.visitorHash(context.visitorToken),
    }),
  );
  if (!record || !ctx.keys.isOwner(record.session.visitorHash, context.visitorToken)) return null;
  return record;
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
  });
  // The receipt on any device: signed links the buyer can keep (the email has the same).
  if ('receipt' in view && record.order) {
    view.receipt.receiptUrl = receiptPath(ctx, record.order.id);
    if (record.subscription) view.receipt.manageUrl = subscriptionPath(ctx, record.subscription.id);
  }
  return view;
}
