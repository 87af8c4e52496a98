import type { BillingInterval } from '../catalog/constants.js';
import { planTexts } from '../catalog/planTexts.js';
import type { Catalog, Plan } from '../catalog/schema.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { isFreePlan } from '../pricing/quote.js';
import type { ColorTheme } from '../theme/theme.js';
import { planIntervals } from '../validation/checkoutForm.js';

/** Props of {@link PlanList}. */
export interface PlanListProps {
  /** The validated catalog (`parseCatalog`): its purchasable plans are listed, in order. */
  catalog: Catalog;
  /** Builds the link into a plan's plan step, usually `(id) => routes.plan(id)`. */
  planHref: (planId: string) => string;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /** The page's locale (BCP 47): prices are formatted in it. */
  locale?: string | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
}

function headlinePrice(
  catalog: Catalog,
  plan: Plan,
): { amount: number; interval: BillingInterval } | null {
  const interval = planIntervals(plan)[0];
  if (!interval) return null;
  const amount = plan.prices[interval]?.[catalog.defaultCurrency];
  return amount === undefined ? null : { amount, interval };
}

/**
 * The host's plan list: each purchasable plan with its headline price and a link into
 * its plan step. Plain links and no client JavaScript.
 */
export function PlanList({ catalog, planHref, messages: overrides, locale, theme }: PlanListProps) {
  const messages = resolveMessages(overrides);
  const plans = catalog.plans.filter((plan) => !plan.retired);
  return (
    <div className="pk-checkout pk-plan-list" data-theme={theme}>
      <h1 className="pk-title">{messages.plansHeading}</h1>
      <ul className="pk-plans">
        {plans.map((plan) => {
          const price = headlinePrice(catalog, plan);
          // The catalog's texts in the page's language (falling back to its default).
          const texts = planTexts(plan, locale);
          return (
            <li
              key={plan.id}
              className={`pk-card pk-plan${texts.highlight ? ' pk-plan--highlight' : ''}`}
            >
              {texts.highlight ? <p className="pk-badge">{texts.highlight}</p> : null}
              <h2 className="pk-plan-name">
                <bdi>{texts.name}</bdi>
              </h2>
              <p className="pk-plan-price">
                {isFreePlan(plan) || !price ? (
                  messages.planFree
                ) : (
                  <>
                    <strong>{formatMoney(price.amount, catalog.defaultCurrency, locale)}</strong>{' '}
                    <span className="pk-muted">
                      {plan.seats ? `${messages.planPerSeat} ` : ''}
                      {price.interval === 'yearly' ? messages.perYear : messages.perMonth}
                    </span>
                  </>
                )}
              </p>
              {plan.trialDays ? (
                <p className="pk-hint">
                  {formatMessage(messages.planTrialBadge, { days: plan.trialDays }, locale)}
                </p>
              ) : null}
              <p className="pk-plan-description">
                <bdi>{texts.description}</bdi>
              </p>
              <ul className="pk-features">
                {texts.features.map((feature) => (
                  <li key={feature}>
                    <bdi>{feature}</bdi>
                  </li>
                ))}
              </ul>
              <a className="pk-button pk-button--primary" href={planHref(plan.id)}>
                {formatMessage(messages.planChoose, { plan: texts.name }, locale)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
