import { useMemo, useRef } from 'react';
import type { BillingInterval } from '../catalog/constants.js';
import type { Plan } from '../catalog/schema.js';
import { type Quote, quote, type ReverseCharge } from '../pricing/quote.js';

/**
 * The quote the order summary and the Pay button show as the visitor changes options:
 * the same `quote()` the engine charges with. Seats outside the plan's bounds (or not a
 * number) keep pricing the last valid count until they are corrected, so the summary
 * never shows a total the server would refuse (issue 13, item 10).
 */
export function useLiveQuote(
  plan: Plan,
  choice: { interval: string; currency: string; seats: string },
  promo: { code: string; percentOff: number } | null,
  taxRateBasisPoints: number | undefined,
  reverseCharge: ReverseCharge | null = null,
): Quote {
  const typed = Number.parseInt(choice.seats, 10);
  const lastValid = useRef<number | undefined>(undefined);
  const inBounds = plan.seats && typed >= plan.seats.min && typed <= plan.seats.max;
  if (inBounds) lastValid.current = typed;
  const seatCount = inBounds ? typed : lastValid.current;
  const seatsValid = seatCount !== undefined;
  // Compared by value: the form builds a new object on every render.
  const buyerVatId = reverseCharge?.buyerVatId;
  const merchantVatId = reverseCharge?.merchantVatId;
  return useMemo(
    () =>
      quote({
        plan,
        interval: choice.interval as BillingInterval,
        currency: choice.currency,
        seats: plan.seats && seatsValid ? seatCount : undefined,
        promo: promo ? { code: promo.code, percentOff: promo.percentOff } : null,
        taxRateBasisPoints: taxRateBasisPoints ?? 0,
        reverseCharge: buyerVatId && merchantVatId ? { buyerVatId, merchantVatId } : null,
      }),
    [
      plan,
      choice.interval,
      choice.currency,
      seatCount,
      seatsValid,
      promo,
      taxRateBasisPoints,
      buyerVatId,
      merchantVatId,
    ],
  );
}
