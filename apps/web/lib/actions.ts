'use server';

import type { PlanStepState } from '@plankit/checkout';
import { redirect } from 'next/navigation';
import { getEngine } from './engine';
import { requestContext } from './requestContext';
import { routes } from './routes';

/** The plan step's Server Action: the engine does the work, the host redirects. */
export async function submitPlanStep(
  _state: PlanStepState,
  formData: FormData,
): Promise<PlanStepState> {
  const engine = await getEngine();
  const result = await engine.submitPlanStep(formData, await requestContext({ mintVisitor: true }));
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}

/** The test bank's Approve/Decline buttons. */
export async function answerAuthentication(formData: FormData): Promise<void> {
  // A crafted call can send anything; only a real form is read.
  if (!(formData instanceof FormData)) redirect(routes.home);
  const engine = await getEngine();
  const decision = formData.get('decision') === 'approve' ? 'approve' : 'decline';
  const { location } = await engine.completeAuthentication(
    String(formData.get('session') ?? ''),
    decision,
    await requestContext({ mintVisitor: false }),
  );
  redirect(location);
}
