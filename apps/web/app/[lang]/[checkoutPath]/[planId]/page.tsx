import { findPlan, messagesFor, PlanStep, planTexts } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { submitPlanStep } from '../../../../lib/actions';
import { catalog } from '../../../../lib/catalog';
import { config } from '../../../../lib/config';
import { localeOfParam } from '../../../../lib/locale';
import { paymentFieldsFor } from '../../../../lib/paymentFields';
import { routes } from '../../../../lib/routes';

type Params = { lang: string; checkoutPath: string; planId: string };

// Every plan step is the same for every visitor, but shows the configuration the server
// started with (Stripe's publishable key, the merchant's tax details, the terms links): it
// is rendered once per process and language, then served from the cache, never prerendered
// when the app builds (lib/staticPages.ts): `generateStaticParams` lists no page, so each is
// rendered on its first request and cached. Not `dynamic = 'force-static'`: a form posted
// without JavaScript must come back rendered with its answer (field errors, the review),
// which that setting would replace with the cached page. Any other plan or path is a 404.
export function generateStaticParams(): Params[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { lang, planId } = await params;
  const plan = findPlan(catalog, planId);
  const locale = localeOfParam(lang);
  return { title: plan ? planTexts(plan, locale).name : messagesFor(locale).notFoundTitle };
}

export default async function PlanStepPage({ params }: { params: Promise<Params> }) {
  const { lang, checkoutPath, planId } = await params;
  const plan = checkoutPath === routes.checkoutPath ? findPlan(catalog, planId) : null;
  if (!plan || plan.retired) notFound();
  const locale = localeOfParam(lang);
  return (
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={submitPlanStep}
      plansHref={routes.home}
      messages={messagesFor(locale)}
      locale={locale}
      testMode={config.stripe ? config.stripe.testMode : true}
      payment={paymentFieldsFor(catalog, plan)}
      merchantTax={config.merchantTax}
      termsUrl={config.termsUrl}
      privacyUrl={config.privacyUrl}
    />
  );
}
