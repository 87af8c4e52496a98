import { type Dispatch, useEffect } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import { parsePlanLinkOptions } from '../routes/createCheckoutRoutes.js';
import type { FormField, PlanStepFormAction } from './planStepFormReducer.js';

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
    const values: Partial<Record<FormField, string>> = {};
    if (link.interval && intervals.includes(link.interval)) values.interval = link.interval;
    if (link.currency && currencies.includes(link.currency)) values.currency = link.currency;
    if (link.seats && plan.seats) values.seats = String(link.seats);
    if (link.country && countries.some((c) => c.code === link.country)) {
      values.country = link.country;
    }
    if (link.promo) values.promo = link.promo;
    dispatch({ type: 'link', values });
  }, [plan.seats, intervals, currencies, countries, hasResult, dispatch]);
}
