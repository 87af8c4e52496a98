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
