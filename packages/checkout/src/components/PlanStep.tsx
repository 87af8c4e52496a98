import type { ReactNode } from 'react';
import { countriesIn } from '../catalog/countryNames.js';
import { planTexts } from '../catalog/planTexts.js';
import type { Catalog, Plan } from '../catalog/schema.js';
import { enPlanStep } from '../messages/compiled/enPlanStep.js';
import { formatMessage } from '../messages/formatMessage.js';
import type { CompiledMessages } from '../messages/messages.js';
import { pickPlanStepFormMessages } from '../messages/pickPlanStepFormMessages.js';
import type { PlanStepMessages } from '../messages/planStepFormMessages.js';
import type { MerchantTax } from '../pricing/euVat.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { ColorTheme } from '../theme/theme.js';
import { planCurrencies, planIntervals } from '../validation/checkoutForm.js';
import type { PlanStepAction, PlanStepState } from '../views/types.js';
import { PlanStepForm } from './PlanStepForm.js';

/**
 * What fills the plan step's payment slot: the provider's fields. Anything React renders but
 * nothing (`undefined`, `null`, a boolean), so a plan step can never be left without them.
 */
export type PaymentSlotContent = Exclude<ReactNode, null | undefined | boolean>;

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
   * `<TestCardFields />` with the test provider, `<StripePaymentFields … />` with Stripe.
   * Required, with no default: a live page's bundle then carries its own provider's
   * fields only, never the test provider's (about 1.3 kB gzipped). An element, never
   * `undefined`, `null` or a boolean: `payment={undefined}` does not compile.
   */
  payment: PaymentSlotContent;
  /** The merchant's country and VAT ID, for the EU reverse charge (see `PlanStepForm`). */
  merchantTax?: MerchantTax | undefined;
  /** The merchant's terms of service, linked beside the Pay button. */
  termsUrl?: string | undefined;
  /** The merchant's privacy policy, linked beside the Pay button. */
  privacyUrl?: string | undefined;
  /** Card brands the payment provider accepts (default Visa, Mastercard, American Express). */
  acceptedCards?: readonly string[] | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
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
  payment,
  merchantTax,
  termsUrl,
  privacyUrl,
  acceptedCards,
  theme,
}: PlanStepProps) {
  // English by default: only the plan step's own text, to keep it within its budget.
  const messages: PlanStepMessages = overrides ? { ...enPlanStep, ...overrides } : enPlanStep;
  // Only what the form needs crosses to the browser: never the promo code list. Country
  // names are decided here, on the server, so the browser renders the same list.
  const countries = countriesIn(catalog.countries, locale);
  const currencies = planCurrencies(catalog, plan);
  // The catalog's texts in the page's language (falling back to the catalog's default).
  const texts = planTexts(plan, locale);
  return (
    <div className="pk-checkout pk-plan-step" data-theme={theme}>
      <a className="pk-back" href={plansHref}>
        <span className="pk-back-arrow" aria-hidden="true">
          ←
        </span>{' '}
        {messages.finishBackToPlans}
      </a>
      <div className="pk-plan-layout">
        <section className="pk-plan-card" aria-labelledby="pk-plan-name">
          <h1 className="pk-title" id="pk-plan-name">
            <bdi>{texts.name}</bdi>
          </h1>
          {plan.trialDays ? (
            <p className="pk-badge">
              {formatMessage(messages.planTrialBadge, { days: plan.trialDays }, locale)}
            </p>
          ) : null}
          {texts.description ? (
            // The catalog's own text, in the catalog's language: isolated, so an English
            // sentence keeps its full stop at its end on a right-to-left page.
            <p className="pk-lead">
              <bdi>{texts.description}</bdi>
            </p>
          ) : null}
          <PlanPrices plan={plan} currency={currencies[0]} locale={locale} messages={messages} />
          {texts.features.length > 0 ? (
            <>
              <h2 className="pk-section-title">{messages.planFeaturesHeading}</h2>
              <ul className="pk-features">
                {texts.features.map((feature) => (
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
          planName={texts.name}
          countries={countries}
          currencies={currencies}
          intervals={planIntervals(plan)}
          action={action}
          initialState={initialState}
          messages={pickPlanStepFormMessages(messages)}
          locale={locale}
          testMode={testMode}
          payment={payment}
          merchantTax={merchantTax}
          termsUrl={termsUrl}
          privacyUrl={privacyUrl}
          acceptedCards={acceptedCards}
        />
      </div>
    </div>
  );
}

/**
 * The price before the form, in the plan's first currency: per month and per year where
 * the plan has them (per seat for a seat plan), and what yearly billing saves against
 * twelve months. Tax follows on the summary, once the buyer's country is known.
 */
function PlanPrices({
  plan,
  currency,
  locale,
  messages,
}: {
  plan: Plan;
  currency: string | undefined;
  locale: string | undefined;
  messages: PlanStepMessages;
}) {
  if (!currency) return null;
  const monthly = plan.prices.monthly?.[currency];
  const yearly = plan.prices.yearly?.[currency];
  if (!monthly && !yearly) return null;
  const perSeat = plan.seats ? ` ${messages.planPerSeat}` : '';
  const saving = monthly && yearly ? Math.floor((1 - yearly / (12 * monthly)) * 100) : 0;
  return (
    <div className="pk-plan-prices">
      {monthly ? (
        <p className="pk-plan-price">
          <strong>{formatMoney(monthly, currency, locale)}</strong> {messages.perMonth}
          {perSeat}
        </p>
      ) : null}
      {yearly ? (
        <p className="pk-plan-price">
          <strong>{formatMoney(yearly, currency, locale)}</strong> {messages.perYear}
          {perSeat}
        </p>
      ) : null}
      {saving > 0 ? (
        <p className="pk-badge pk-badge--saving">
          {formatMessage(messages.planYearlySaving, { percent: saving }, locale)}
        </p>
      ) : null}
    </div>
  );
}
