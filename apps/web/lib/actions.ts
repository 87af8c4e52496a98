'use server';

import type { PlanStepState } from '@plankit/checkout';
import { redirect } from 'next/navigation';
import { getEngine } from './engine';
import { requestContext } from './requestContext';

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
