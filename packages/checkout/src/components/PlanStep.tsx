import type { ReactNode } from 'react';
import type { Catalog, Plan } from '../catalog/schema.js';
import { type CheckoutMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { pickPlanStepFormMessages } from '../messages/planStepFormMessages.js';
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
  /** Text overrides; English by default. */
  messages?: Partial<CheckoutMessages> | undefined;
  /** Locale for money formatting, e.g. `de-DE`; the runtime's default when absent. */
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
  const messages = resolveMessages(overrides);
  // Only what the form needs crosses to the browser: never the promo code list.
  const countries = catalog.countries;
  return (
    <div className="pk-checkout pk-plan-step">
      <a className="pk-back" href={plansHref}>
        ← {messages.finishBackToPlans}
      </a>
      <div className="pk-plan-layout">
        <section className="pk-plan-card" aria-labelledby="pk-plan-name">
          <h1 className="pk-title" id="pk-plan-name">
            {plan.name}
          </h1>
          {plan.trialDays ? (
            <p className="pk-badge">
              {formatMessage(messages.planTrialBadge, { days: plan.trialDays })}
            </p>
          ) : null}
          {plan.description ? <p className="pk-lead">{plan.description}</p> : null}
          {plan.features.length > 0 ? (
            <>
              <h2 className="pk-section-title">{messages.planFeaturesHeading}</h2>
              <ul className="pk-features">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
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
