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

/** The test provider's bank page (card 4000 0027 6000 3184): Approve or Decline. */
export async function answerAuthentication(form: FormData): Promise<void> {
  const engine = await getEngine();
  const { location } = await engine.completeAuthentication(
    String(form.get('session')),
    form.get('decision') === 'approve' ? 'approve' : 'decline',
    await requestContext(),
  );
  redirect(location);
}
