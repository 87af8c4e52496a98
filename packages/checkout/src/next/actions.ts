'use server';

import { headers } from 'next/headers.js';
import { redirect } from 'next/navigation.js';
import type { FindSubscriptionState, PlanStepState } from '../index.js';
import { getEngine } from './engineHolder.js';
import { localeOfRequest } from './locale.js';
import { registeredRuntime } from './registry.js';
import { currentRequestIdHeader, requestContext } from './requestContext.js';
import { withRequestId } from './requestScope.js';

// The adapter's Server Actions: the engine does the work, the action redirects. A manage
// page's action takes the subscription's signed token first (bound by the page) and comes
// back to that page; adding one is a function here and a line in managePage.tsx's table.

/** The plan step's form. */
export async function submitPlanStep(
  _state: PlanStepState,
  formData: FormData,
): Promise<PlanStepState> {
  const runtime = registeredRuntime();
  const engine = await getEngine(runtime);
  const context = await requestContext(runtime, { mintVisitor: true });
  const result = await withRequestId(await currentRequestIdHeader(), () =>
    engine.submitPlanStep(formData, context),
  );
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}

/** "Find my subscription": the engine answers the same for a known and an unknown address. */
export async function findSubscriptions(
  _state: FindSubscriptionState,
  formData: FormData,
): Promise<FindSubscriptionState> {
  const runtime = registeredRuntime();
  const engine = await getEngine(runtime);
  const context = await requestContext(runtime, { mintVisitor: false });
  return withRequestId(await currentRequestIdHeader(), () =>
    engine.findSubscriptions(formData, context),
  );
}

/** The manage page's "cancel at the end of the period" (after its confirmation). */
export async function cancelSubscription(token: string, _formData: FormData): Promise<void> {
  const runtime = registeredRuntime();
  const locale = localeOfRequest(await headers());
  await (await getEngine(runtime)).cancelSubscription(token, { locale });
  redirect(runtime.routes().subscription(token));
}

/** The manage page's "resume". */
export async function resumeSubscription(token: string, _formData: FormData): Promise<void> {
  const runtime = registeredRuntime();
  const locale = localeOfRequest(await headers());
  await (await getEngine(runtime)).resumeSubscription(token, { locale });
  redirect(runtime.routes().subscription(token));
}

/**
 * The manage page's plan change confirmation: the engine charges exactly what the preview
 * showed (its signed `confirmToken`); the page then says what happened. A declined card or
 * an out-of-date preview shows the preview of the same change again.
 */
export async function confirmPlanChange(token: string, formData: FormData): Promise<void> {
  const runtime = registeredRuntime();
  const locale = localeOfRequest(await headers());
  const result = await (await getEngine(runtime)).confirmPlanChange(
    token,
    formData.get('confirmToken'),
    { locale },
  );
  const page = runtime.routes().subscription(token);
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
  const runtime = registeredRuntime();
  await (await getEngine(runtime)).undoPlanChange(token, formData.get('changeId'));
  redirect(`${runtime.routes().subscription(token)}?changed=undone`);
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
  const runtime = registeredRuntime();
  const engine = await getEngine(runtime);
  // The visitor token binds the provider's pages (3-D Secure, hosted page) to this browser.
  const context = await requestContext(runtime, { mintVisitor: true });
  const result = await withRequestId(await currentRequestIdHeader(), () =>
    engine.updatePaymentMethod(token, formData, context),
  );
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}
