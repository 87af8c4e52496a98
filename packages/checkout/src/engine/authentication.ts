import { isSessionId } from '../ids/sessionId.js';
import type { RequestContext } from '../views/types.js';
import type { EngineContext } from './engineContext.js';
import { outcomeOf, settleAttempt } from './settle.js';
import { ownedRecord } from './views.js';

/**
 * Applies the visitor's decision on the test bank page: asks the provider to finish the
 * payment that waits for authentication, settles its answer, and returns where to go next
 * (the finish step). Repeating it on a settled session changes nothing.
 */
export async function completeAuthentication(
  ctx: EngineContext,
  sessionId: string,
  decision: 'approve' | 'decline',
  context: RequestContext,
): Promise<{ location: string }> {
  if (!isSessionId(sessionId)) return { location: ctx.routes.home };
  const finish = { location: ctx.routes.finish(sessionId) };
  const record = await ownedRecord(ctx, sessionId, context);
  const paymentId = record?.session.providerPaymentId;
  // Unknown, not theirs, or already decided: the finish step shows what there is.
  if (record?.session.status !== 'requires_action' || !paymentId) return finish;
  const { session } = record;
  const details = { sessionId, planId: session.planId, attempt: session.attempt };
  // An approval after the session expired must not charge: end it as the sweep would.
  if (record.expired) {
    await ctx.fromStore('applyEvent', details, () =>
      ctx.store.applyEvent({ sessionId, event: 'expire' }),
    );
    return finish;
  }
  // A provider failure leaves the session waiting, so the visitor can decide again.
  const result = await ctx.fromProvider('confirmPayment', details, () =>
    ctx.provider.confirmPayment(paymentId, { approved: decision === 'approve' }),
  );
  await settleAttempt(ctx, session, outcomeOf(result), {
    clientKey: ctx.keys.clientKey(context.clientAddress),
  });
  return finish;
}
