import { findPlan, PlanStep, purchasablePlans } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { submitPlanStep } from '../../../lib/actions';
import { catalog } from '../../../lib/catalog';
import { config } from '../../../lib/config';
import { paymentFieldsFor } from '../../../lib/paymentFields';
import { routes } from '../../../lib/routes';

type Params = { checkoutPath: string; planId: string };

// Every plan step is prerendered at build time; any other path is a 404.
export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return purchasablePlans(catalog).map((plan) => ({
    checkoutPath: routes.checkoutPath,
    planId: plan.id,
  }));
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { planId } = await params;
  return { title: findPlan(catalog, planId)?.name ?? 'Plan not found' };
}

export default async function PlanStepPage({ params }: { params: Promise<Params> }) {
  const { checkoutPath, planId } = await params;
  const plan = checkoutPath === routes.checkoutPath ? findPlan(catalog, planId) : null;
  if (!plan || plan.retired) notFound();
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={submitPlanStep}
      plansHref={routes.home}
      testMode={config.stripe ? config.stripe.testMode : true}
      payment={paymentFieldsFor(catalog, plan)}
      merchantTax={config.merchantTax}
    />
  );
}
