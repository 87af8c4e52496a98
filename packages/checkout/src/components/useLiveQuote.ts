import { useMemo } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Plan } from '../catalog/schema.js';
import { type Quote, quote } from '../pricing/quote.js';

/**
 * The quote the order summary and the Pay button show as the visitor changes options:
 * the same `quote()` the engine charges with. Seats outside the plan's bounds price the
 * plan's default until they are corrected.
 */
export function useLiveQuote(
  plan: Plan,
  choice: { interval: string; currency: string; seats: string },
  promo: { code: string; percentOff: number } | null,
  taxRateBasisPoints: number | undefined,
): Quote {
  const seatCount = Number.parseInt(choice.seats, 10);
  const seatsValid = !plan.seats || (seatCount >= plan.seats.min && seatCount <= plan.seats.max);
  return useMemo(
    () =>
      quote({
        plan,
        interval: choice.interval as BillingInterval,
        currency: choice.currency,
        seats: plan.seats && seatsValid ? seatCount : undefined,
        promo: promo ? { code: promo.code, percentOff: promo.percentOff } : null,
        taxRateBasisPoints: taxRateBasisPoints ?? 0,
      }),
    [plan, choice.interval, choice.currency, seatCount, seatsValid, promo, taxRateBasisPoints],
  );
}
