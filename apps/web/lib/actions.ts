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

/**
 * The manage page's plan change confirmation: the engine charges exactly what the preview
 * showed (its signed `confirmToken`); the page then says what happened. A declined card or
 * an out-of-date preview shows the preview of the same change again.
 */
export async function confirmPlanChange(token: string, formData: FormData): Promise<void> {
  const locale = localeOfRequest(await headers());
  const result = await (await getEngine()).confirmPlanChange(token, formData.get('confirmToken'), {
    locale,
  });
  const page = routes.subscription(token);
  const change = new URLSearchParams();
  for (const name of ['plan', 'interval', 'seats']) {
    const value = formData.get(name);
    if (typeof value === 'string') change.set(name, value);
  }
  if (result.status === 'applied' || result.status === 'scheduled') {
    redirect(`${page}?changed=${result.status}`);
  }
  if (result.status === 'declined' || result.status === 'stale') {
    change.set('change', result.status);
    redirect(`${page}?${change}`);
  }
  redirect(page);
}

/** The manage page's "undo" of a downgrade waiting for the period's end. */
export async function undoPlanChange(token: string, formData: FormData): Promise<void> {
  await (await getEngine()).undoPlanChange(token, formData.get('changeId'));
  redirect(`${routes.subscription(token)}?changed=undone`);
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
