// Stripe's rules for amounts, from "Supported currencies", https://docs.stripe.com/currencies
// (sections "Zero-decimal currencies", "Three-decimal currencies", "Special cases" and
// "Minimum charge amount by currency"), read on 2026-11-26. ISK's rule is also stated in
// https://support.stripe.com/questions/deprecation-of-fractional-isk-charges-and-refunds.
//
// These are the processor's units, not ISO 4217's or Intl's: ISK and UGX are whole-unit
// currencies that Stripe still takes with two decimals (5 ISK is `500`), HUF and COP have
// no minor digits in Intl but two in Stripe's API. The catalog, `quote()`, `formatMoney()`
// and the fake Stripe API all read this one module, so an amount means the same everywhere.
//
// The module lives in `catalog/` (not `pricing/`) because the catalog's schema refuses
// prices by these rules, and the catalog sits below pricing in docs/ARCHITECTURE.md.

/** How Stripe takes amounts in one currency. */
export interface StripeCurrencyRule {
  /** Decimal digits of the API's `amount`: 0 (JPY), 2 (EUR, and ISK), 3 (KWD). */
  readonly exponent: 0 | 2 | 3;
  /**
   * What every amount must be a multiple of: 10 for three-decimal currencies (their last
   * digit must be 0), 100 for ISK and UGX (no fractions of the unit), else 1.
   */
  readonly increment: 1 | 10 | 100;
}

// "For the following zero-decimal currencies, the charge and the amount are the same."
// Stripe's list also names UGX, but its "Special cases" make UGX two-decimal for backward
// compatibility (5 UGX is `500`), as they do ISK; that later, more specific rule wins.
const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF VND VUV XAF XOF XPF'.split(' '),
);

// "These API calls require the least-significant (last) digit to be 0. Your integration
// must round amounts to the nearest ten. For example, 5.124 KWD must be rounded to 5120
// or 5130."
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

// "Special cases": ISK and UGX are two-decimal in the API with the decimals always `00`
// (Stripe refuses others with `invalid_charge_amount_no_decimal_compatible`). HUF and TWD
// are special only for payouts ("you can charge two-decimal amounts"), so charges in them
// follow the general rule.
const WHOLE_UNITS_IN_CENTS = new Set(['ISK', 'UGX']);

// "Minimum charge amount by currency", in minor units. Stripe's table is per settlement
// currency: the minimum applies as listed to a charge in the account's own settlement
// currency, and a charge converted into another settlement currency must meet that
// currency's minimum after conversion, which depends on the account and the day's rate.
// We apply the listed minimum of the charge's own currency (what a merchant settling in it
// meets) and none for currencies the table leaves out; Stripe still refuses, with
// `amount_too_small`, a converted charge that falls short.
const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  USD: 50,
  AED: 200,
  ARS: 50,
  AUD: 50,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  COP: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  IDR: 50,
  ILS: 50,
  INR: 50,
  JPY: 50,
  KRW: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PHP: 50,
  PLN: 200,
  RON: 200,
  RUB: 50,
  SEK: 300,
  SGD: 50,
  THB: 1000,
  ZAR: 50,
};

/**
 * Stripe's rule for amounts in a currency (ISO 4217 code, any case). Currencies Stripe does
 * not single out are two-decimal ("Currencies are two-decimal currencies unless otherwise
 * specified").
 */
export function stripeCurrency(currency: string): StripeCurrencyRule {
  const code = currency.toUpperCase();
  const exponent = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  const increment = THREE_DECIMAL.has(code) ? 10 : WHOLE_UNITS_IN_CENTS.has(code) ? 100 : 1;
  return { exponent, increment };
}

/**
 * Rounds an amount in minor units to a multiple of the currency's increment (a KWD amount
 * to the nearest ten), half away from zero: the usual commercial rounding for money.
 */
export function roundToIncrement(value: number, currency: string): number {
  const { increment } = stripeCurrency(currency);
  return Math.sign(value) * Math.round(Math.abs(value) / increment) * increment;
}

/**
 * Stripe's minimum charge in a currency, in its minor units, or `null` when Stripe's table
 * does not list the currency (see `MINIMUM_CHARGE` for what the table means). A separate
 * function so that the browser's formatting and quoting leave the table out of the bundle.
 */
export function stripeMinimumCharge(currency: string): number | null {
  const code = currency.toUpperCase();
  return Object.hasOwn(MINIMUM_CHARGE, code) ? (MINIMUM_CHARGE[code] ?? null) : null;
}
