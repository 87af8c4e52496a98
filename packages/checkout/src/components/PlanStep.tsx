import type { ReactNode } from 'react';
import { countriesIn } from '../catalog/countryNames.js';
import type { Catalog, Plan } from '../catalog/schema.js';
import { enPlanStep } from '../messages/compiled/enPlanStep.js';
import { formatMessage } from '../messages/formatMessage.js';
import type { CompiledMessages } from '../messages/messages.js';
import {
  type PlanStepMessages,
  pickPlanStepFormMessages,
} from '../messages/planStepFormMessages.js';
import type { MerchantTax } from '../pricing/euVat.js';
import { planCurrencies, planIntervals } from '../validation/checkoutForm.js';
import type { PlanStepAction, PlanStepState } from '../views/types.js';
import { PlanStepForm } from './PlanStepForm.js';
import { TestCardFields } from './TestCardFields.js';

/** Props of {@link PlanStep}. */
export interface PlanStepProps {
  /** The validated catalog (countries and currencies come from it). */
  catalog: Catalog;
  /** The plan being bought. */
  plan: Plan;
  /** The server's submit action (a Next.js Server Action, or any async function). */
  action: PlanStepAction;
  /** Where "back to plans" leads, usually `routes.home`. */
  plansHref: string;
  /** The page's messages (`messagesFor(locale)`, or `compileMessages()` of a host's own); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /**
   * The page's locale, e.g. `de`: plurals, numbers, money and country names follow it.
   * The runtime's default for money when absent (and the catalog's country names).
   */
  locale?: string | undefined;
  /** Shows the test provider's card hint and promo hint. */
  testMode?: boolean | undefined;
  /** State to start from (a submission's result when rendered without JavaScript). */
  initialState?: PlanStepState | undefined;
  /**
   * The payment provider's fields, shown in the payment slot when the plan charges today:
   * the test provider's card fields by default (`<TestCardFields />`).
   */
  payment?: ReactNode;
  /** The merchant's country and VAT ID, for the EU reverse charge (see `PlanStepForm`). */
  merchantTax?: MerchantTax | undefined;
}

/**
 * The plan step: the chosen plan, its features and the checkout form. Renders on the
 * server; only the form below it hydrates.
 */
export function PlanStep({
  catalog,
  plan,
  action,
  plansHref,
  messages: overrides,
  locale,
  testMode,
  initialState,
  payment = <TestCardFields />,
  merchantTax,
}: PlanStepProps) {
  // English by default: only the plan step's own text, to keep it within its budget.
  const messages: PlanStepMessages = overrides ? { ...enPlanStep, ...overrides } : enPlanStep;
  // Only what the form needs crosses to the browser: never the promo code list. Country
  // names are decided here, on the server, so the browser renders the same list.
  const countries = countriesIn(catalog.countries, locale);
  return (
    <div className="pk-checkout pk-plan-step">
      <a className="pk-back" href={plansHref}>
        <span className="pk-back-arrow" aria-hidden="true">
          ←
        </span>{' '}
        {messages.finishBackToPlans}
      </a>
      <div className="pk-plan-layout">
        <section className="pk-plan-card" aria-labelledby="pk-plan-name">
          <h1 className="pk-title" id="pk-plan-name">
            <bdi>{plan.name}</bdi>
          </h1>
          {plan.trialDays ? (
            <p className="pk-badge">
              {formatMessage(messages.planTrialBadge, { days: plan.trialDays }, locale)}
            </p>
          ) : null}
          {plan.description ? (
            // The catalog's own text, in the catalog's language: isolated, so an English
            // sentence keeps its full stop at its end on a right-to-left page.
            <p className="pk-lead">
              <bdi>{plan.description}</bdi>
            </p>
          ) : null}
          {plan.features.length > 0 ? (
            <>
              <h2 className="pk-section-title">{messages.planFeaturesHeading}</h2>
              <ul className="pk-features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <bdi>{feature}</bdi>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <PlanStepForm
          plan={plan}
          countries={countries}
          currencies={planCurrencies(catalog, plan)}
          intervals={planIntervals(plan)}
          action={action}
          initialState={initialState}
          messages={pickPlanStepFormMessages(messages)}
          locale={locale}
          testMode={testMode}
          payment={payment}
          merchantTax={merchantTax}
        />
      </div>
    </div>
  );
}
