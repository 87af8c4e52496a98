import { type Dispatch, useEffect } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import { type PlanLinkOptions, parsePlanLinkOptions } from '../routes/createCheckoutRoutes.js';
import type { PlanStepFormAction } from './planStepFormReducer.js';

/**
 * Preselects the choices a link into the plan step carries (`?seats=5&interval=yearly`,
 * e.g. the finish step's "Try again"), keeping only those the plan offers. Read after
 * hydration, so the prerendered page stays the same for every link; not when the page
 * shows a submission's result, which has the visitor's own choices.
 */
export function usePlanLinkOptions(
  plan: Plan,
  intervals: readonly BillingInterval[],
  currencies: readonly string[],
  countries: readonly Country[],
  hasResult: boolean,
  dispatch: Dispatch<PlanStepFormAction>,
): void {
  useEffect(() => {
    if (typeof window === 'undefined' || hasResult) return;
    const link = parsePlanLinkOptions(window.location.search);
    const options: PlanLinkOptions = {};
    if (link.interval && intervals.includes(link.interval)) options.interval = link.interval;
    if (link.currency && currencies.includes(link.currency)) options.currency = link.currency;
    if (link.seats && plan.seats) options.seats = link.seats;
    if (link.country && countries.some((c) => c.code === link.country)) {
      options.country = link.country;
    }
    if (link.promo) options.promo = link.promo;
    dispatch({ type: 'link', options });
  }, [plan.seats, intervals, currencies, countries, hasResult, dispatch]);
}
