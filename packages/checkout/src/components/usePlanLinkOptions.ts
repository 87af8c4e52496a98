import { type Dispatch, useEffect } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import { isLinkedPromo, linkedSeats } from '../routes/planLinkOptions.js';
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
    // The plan's own intervals, currencies and countries are stricter than a link's
    // patterns (parsePlanLinkOptions), so only seats and promo need the link's rules.
    const link = new URLSearchParams(window.location.search);
    const values: Partial<Record<FormField, string>> = {};
    const interval = link.get('interval');
    if ((intervals as readonly (string | null)[]).includes(interval))
      values.interval = interval as string;
    const currency = link.get('currency');
    if (currencies.includes(currency as string)) values.currency = currency as string;
    const seats = linkedSeats(link.get('seats'));
    if (seats !== null && plan.seats) values.seats = String(seats);
    const country = link.get('country');
    if (countries.some((c) => c.code === country)) values.country = country as string;
    const promo = link.get('promo');
    if (isLinkedPromo(promo)) values.promo = promo;
    dispatch({ type: 'link', values });
  }, [plan.seats, intervals, currencies, countries, hasResult, dispatch]);
}
