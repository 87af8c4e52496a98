'use server';

import type { FindSubscriptionState, PlanStepState } from '@plankit/checkout';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getEngine } from './engine';
import { localeOfRequest } from './locale';
import { withRequestId } from './log';
import { currentRequestId, requestContext } from './requestContext';
import { routes } from './routes';

/** The plan step's Server Action: the engine does the work, the host redirects. */
export async function submitPlanStep(
  _state: PlanStepState,
  formData: FormData,
): Promise<PlanStepState> {
  const engine = await getEngine();
  const context = await requestContext({ mintVisitor: true });
  const result = await withRequestId(await currentRequestId(), () =>
    engine.submitPlanStep(formData, context),
  );
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}

/** The manage page's "cancel at the end of the period" (after its confirmation). */
export async function cancelSubscription(token: string, _formData: FormData): Promise<void> {
  await (await getEngine()).cancelSubscription(token, { locale: localeOfRequest(await headers()) });
  redirect(routes.subscription(token));
}

/** The manage page's "resume". */
export async function resumeSubscription(token: string, _formData: FormData): Promise<void> {
  await (await getEngine()).resumeSubscription(token, { locale: localeOfRequest(await headers()) });
  redirect(routes.subscription(token));
}

/** "Find my subscription": the engine answers the same for a known and an unknown address. */
export async function findSubscriptions(
  _state: FindSubscriptionState,
  formData: FormData,
): Promise<FindSubscriptionState> {
  const engine = await getEngine();
  const context = await requestContext({ mintVisitor: false });
  return withRequestId(await currentRequestId(), () => engine.findSubscriptions(formData, context));
}

/**
 * The manage page's "Update payment method" (issue 22.2): the card fields posted only the
 * provider's payment-method id (none without JavaScript: the provider's hosted page takes the
 * card). The engine saves it, pays an overdue renewal with it and says where to go.
 */
export async function updatePaymentMethod(
  token: string,
  _state: PlanStepState,
  formData: FormData,
): Promise<PlanStepState> {
  const engine = await getEngine();
  // The visitor token binds the provider's pages (3-D Secure, hosted page) to this browser.
  const context = await requestContext({ mintVisitor: true });
  const result = await withRequestId(await currentRequestId(), () =>
    engine.updatePaymentMethod(token, formData, context),
  );
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}
