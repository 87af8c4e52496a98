// app/checkout/[planId]/page.tsx: the plan step.
import { findPlan, PlanStep, TestCardFields } from '@plankit/checkout';
import { notFound } from 'next/navigation';
import { submitPlanStep } from '@/app/actions';
import { catalog, routes } from '@/lib/checkout';

export default async function PlanPage({ params }: { params: Promise<{ planId: string }> }) {
  const plan = findPlan(catalog, (await params).planId);
  if (!plan || plan.retired) notFound();
  // The payment slot holds the provider's fields: the test provider's card fields here,
  // <StripePaymentFields> once you go live (see "Going live with Stripe").
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={submitPlanStep}
      plansHref={routes.home}
      payment={<TestCardFields />}
    />
  );
}
