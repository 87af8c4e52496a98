import type { BillingInterval } from '../catalog/constants.js';
import type { Plan, PromoCode } from '../catalog/schema.js';
import { roundToIncrement } from '../catalog/stripeCurrencies.js';
import { InvalidArgumentError } from '../errors/errors.js';

/** What a quote is computed from. Everything comes from the catalog, never the browser. */
export interface QuoteInput {
  plan: Plan;
  interval: BillingInterval;
  currency: string;
  /** Seat count; ignored (treated as 1) for plans that are not per seat. */
  seats?: number;
  /** A promo code that was already checked to apply (see `resolvePromoCode`). */
  promo?: PromoCode | null;
  /** Tax rate of the visitor's country in basis points (1900 = 19%). */
  taxRateBasisPoints: number;
  /**
   * The EU reverse charge (see `reverseChargeApplies`): no VAT, the buyer accounts for it.
   * Prices stay as the catalog says: an exclusive price gets no tax added, an inclusive
   * price is charged as it is with no tax in it (as Stripe Tax does).
   */
  reverseCharge?: ReverseCharge | null;
}

/** The two VAT IDs a reverse-charged invoice must show. */
export interface ReverseCharge {
  /** The buyer's VAT ID with its country prefix ("FR40303265045"). */
  buyerVatId: string;
  /** The merchant's VAT ID with its country prefix ("IE6388047V"). */
  merchantVatId: string;
}

/**
 * Amounts of one checkout, all integers in the currency's minor unit as Stripe counts it
 * (see `stripeCurrency`), each a multiple of the currency's increment.
 */
export interface Quote {
  planId: string;
  interval: BillingInterval;
  currency: string;
  seats: number;
  /** Catalog price of one unit (one seat, or the plan). */
  unitAmount: number;
  /** unitAmount × seats. */
  subtotal: number;
  /** Promo discount taken off the subtotal. */
  discount: number;
  /** Tax contained in (inclusive) or added to (exclusive) the discounted subtotal. */
  tax: number;
  /** What the visitor pays per interval once any trial ends. */
  total: number;
  /** What the visitor pays today: 0 during a trial or on a free plan. */
  dueToday: number;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
  /** Set when the sale is reverse charged (tax is 0); absent in quotes stored before it existed. */
  reverseCharge?: ReverseCharge | null;
  promoCode: string | null;
  percentOff: number;
  trialDays: number | null;
}

/**
 * Computes the price of a plan: the single source of amounts for the UI and the engine.
 * Pure: no I/O, no clock. Throws when the plan has no price for the interval or currency;
 * callers validate those first and show a message.
 */
export function quote(input: QuoteInput): Quote {
  const { plan, interval, currency, promo, taxRateBasisPoints } = input;
  const prices = plan.prices[interval];
  if (!prices) throw new InvalidArgumentError(`Plan "${plan.id}" has no ${interval} price.`);
  // Own keys only: a currency such as "toString" must not find Object.prototype's method.
  const unitAmount = Object.hasOwn(prices, currency) ? prices[currency] : undefined;
  if (unitAmount === undefined) {
    throw new InvalidArgumentError(`Plan "${plan.id}" has no ${interval} price in ${currency}.`);
  }
  const seats = plan.seats ? Math.trunc(input.seats ?? plan.seats.default ?? plan.seats.min) : 1;
  // Written as "not within" so that NaN seats are refused too (NaN fails every comparison).
  if (plan.seats && !(seats >= plan.seats.min && seats <= plan.seats.max)) {
    throw new InvalidArgumentError(
      `Plan "${plan.id}" takes ${plan.seats.min} to ${plan.seats.max} seats, not ${seats}.`,
    );
  }
  const subtotal = unitAmount * seats;
  // Discount and tax are rounded to what Stripe can charge (a KWD amount ends in 0, an ISK
  // amount in 00), so every amount derived from a valid catalog price is one too.
  const round = (value: number) => roundToIncrement(value, currency);
  const percentOff = promo?.percentOff ?? 0;
  const discount = round((subtotal * percentOff) / 100);
  const discounted = subtotal - discount;
  const taxInclusive = plan.tax === 'inclusive';
  // Inclusive: the discounted price already contains the tax, so extract it.
  // Exclusive: the tax is added on top of the discounted price.
  const reverseCharge = input.reverseCharge ?? null;
  const tax = reverseCharge
    ? 0
    : taxInclusive
      ? discounted - round((discounted * 10_000) / (10_000 + taxRateBasisPoints))
      : round((discounted * taxRateBasisPoints) / 10_000);
  const total = taxInclusive ? discounted : discounted + tax;
  const trialDays = plan.trialDays ?? null;
  return {
    planId: plan.id,
    interval,
    currency,
    seats,
    unitAmount,
    subtotal,
    discount,
    tax,
    total,
    dueToday: trialDays ? 0 : total,
    taxRateBasisPoints: reverseCharge ? 0 : taxRateBasisPoints,
    taxInclusive,
    reverseCharge,
    promoCode: promo?.code ?? null,
    percentOff,
    trialDays,
  };
}

/** Whether a plan costs nothing on every interval and currency (no payment step). */
export function isFreePlan(plan: Plan): boolean {
  return [plan.prices.monthly, plan.prices.yearly].every(
    (prices) => prices === undefined || Object.values(prices).every((amount) => amount === 0),
  );
}
