// app/actions.ts: the Server Actions. The engine validates, prices and pays.
'use server';

import type { PlanStepState } from '@plankit/checkout';
import { redirect } from 'next/navigation';
import { getEngine, requestContext } from '@/lib/checkout';

export async function submitPlanStep(
  _state: PlanStepState,
  form: FormData,
): Promise<PlanStepState> {
  const engine = await getEngine();
  const result = await engine.submitPlanStep(form, await requestContext({ mintVisitor: true }));
  if (result.kind === 'redirect') redirect(result.location);
  return result.state;
}
