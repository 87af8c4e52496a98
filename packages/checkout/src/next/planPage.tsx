import { notFound } from 'next/navigation.js';
import { findPlan, messagesFor, type Plan, PlanStep, planTexts } from '../index.js';
import { submitPlanStep } from './actions.js';
import { type LocaleParams, pageLocale } from './pageLocale.js';
import { paymentFields } from './paymentFields.js';
import type { PlankitRuntime } from './runtime.js';

/** The route parameters of the plan step: `[planId]`, and `[checkoutPath]` when the path is one. */
export interface PlanPageParams extends LocaleParams {
  /** The plan's id. */
  planId: string;
  /** A `[checkoutPath]` segment (the path read at run time); else the folder's own name. */
  checkoutPath?: string;
}

/** The props Next.js gives a page: its route parameters. */
export interface PlankitPageProps<Params> {
  /** The route's parameters. */
  params: Promise<Params>;
}

/** The plan of a plan step's route, or null: another checkout path, an unknown or retired plan. */
function planOf(runtime: PlankitRuntime, params: PlanPageParams): Plan | null {
  const { checkoutPath, planId } = params;
  if (checkoutPath !== undefined && checkoutPath !== runtime.routes().checkoutPath) return null;
  const plan = findPlan(runtime.catalog, planId);
  return plan && !plan.retired ? plan : null;
}

/**
 * The plan step's page (`app/{checkoutPath}/[planId]/page.tsx`). It shows the settings the
 * server started with (Stripe's publishable key, the merchant's tax details, the terms
 * links), so it is never prerendered at build time: in a language tree it is rendered once
 * per process and language and served from the cache (with `generateStaticParams`, which
 * lists no page); without one it reads the visitor's language per request.
 */
export async function renderPlanPage(
  runtime: PlankitRuntime,
  { params }: PlankitPageProps<PlanPageParams>,
) {
  const resolved = await params;
  const plan = planOf(runtime, resolved);
  if (!plan) notFound();
  const locale = await pageLocale(resolved);
  const settings = runtime.settings();
  return (
    <PlanStep
      catalog={runtime.catalog}
      plan={plan}
      action={submitPlanStep}
      plansHref={runtime.routes().home}
      messages={messagesFor(locale)}
      locale={locale}
      testMode={settings.stripe ? settings.stripe.testMode : true}
      payment={paymentFields(runtime, plan)}
      merchantTax={settings.merchantTax}
      termsUrl={settings.termsUrl}
      privacyUrl={settings.privacyUrl}
    />
  );
}

/** The plan step's title: the plan's name in the page's language. */
export async function planMetadata(
  runtime: PlankitRuntime,
  { params }: PlankitPageProps<PlanPageParams>,
) {
  const resolved = await params;
  const plan = planOf(runtime, resolved);
  const locale = await pageLocale(resolved);
  return { title: plan ? planTexts(plan, locale).name : messagesFor(locale).notFoundTitle };
}
