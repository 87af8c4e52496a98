// Checkout.tsx: the browser side. Render <PlanPage> on /checkout/:planId and <FinishPage>
// on /checkout/finish with your router; import '@plankit/checkout/styles.css' once.
import {
  FinishStep,
  type FinishView,
  findPlan,
  PlanStep,
  type PlanStepState,
  type SubmitResult,
  TestCardFields,
} from '@plankit/checkout';
import { useEffect, useState } from 'react';
import { catalog } from '../catalog';

/** Posts the form to the server; follows its redirect to the finish step. */
async function submit(state: PlanStepState, form: FormData): Promise<PlanStepState> {
  const response = await fetch('/api/checkout', { method: 'POST', body: form });
  const result = (await response.json()) as SubmitResult;
  if (result.kind === 'state') return result.state;
  window.location.assign(result.location);
  return state;
}

export function PlanPage({ planId }: { planId: string }) {
  const plan = findPlan(catalog, planId);
  if (!plan || plan.retired) return <p>This plan does not exist.</p>;
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={submit}
      plansHref="/"
      payment={<TestCardFields />}
    />
  );
}

export function FinishPage({ sessionId }: { sessionId: string }) {
  const [view, setView] = useState<FinishView | null>(null);
  useEffect(() => {
    fetch(`/api/checkout?session=${encodeURIComponent(sessionId)}`)
      .then((response) => response.json() as Promise<FinishView>)
      .then(setView);
  }, [sessionId]);
  return view ? <FinishStep view={view} plansHref="/" /> : <p aria-busy="true">Loading…</p>;
}
