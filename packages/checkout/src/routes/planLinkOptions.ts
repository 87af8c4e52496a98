// Links into the plan step with choices preselected (`/checkout/team?seats=5`): strict
// checks when the host builds one, lenient reading when a visitor follows one.

import { BILLING_INTERVALS, type BillingInterval } from '../catalog/constants.js';
import { InvalidArgumentError } from '../errors/errors.js';
import { quoteValue } from './quoteValue.js';

/** Choices a link into the plan step can preselect (`/checkout/team?seats=5`). */
export interface PlanLinkOptions {
  /** Billing interval to preselect. */
  interval?: BillingInterval;
  /** Seat count to preselect, 1 to 10 000; the plan step still checks the plan's own bounds. */
  seats?: number;
  /** ISO 4217 currency code in capitals (`EUR`). */
  currency?: string;
  /** Promo code to prefill: 1-32 letters, digits, `-` or `_`. */
  promo?: string;
  /** ISO 3166 country code in capitals (`DE`). */
  country?: string;
}

/** The catalog schema's own upper bound on seats; a larger count can never be valid. */
const MAX_SEATS = 10_000;

const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const PROMO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const SEATS_PATTERN = /^[1-9]\d{0,4}$/;

function isBillingInterval(value: unknown): value is BillingInterval {
  return (BILLING_INTERVALS as readonly unknown[]).includes(value);
}

function isValidSeats(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SEATS;
}

/** A link's seat count, or `null` when it has none that could ever be valid. */
export function linkedSeats(value: string | null): number | null {
  return value !== null && SEATS_PATTERN.test(value) && isValidSeats(Number(value))
    ? Number(value)
    : null;
}

/** Whether a link's promo code is one a plan link may carry. */
export function isLinkedPromo(value: string | null): value is string {
  return value !== null && PROMO_PATTERN.test(value);
}

/** Checks plan-link options strictly (for building links) and returns them as a query. */
export function planLinkQuery(options: PlanLinkOptions): URLSearchParams {
  const query = new URLSearchParams();
  const { interval, seats, currency, promo, country } = options;
  // A fixed order keeps links stable, so they compare and cache well.
  if (interval !== undefined) {
    if (!isBillingInterval(interval)) {
      throw new InvalidArgumentError(
        `Invalid interval ${quoteValue(interval)}: use "monthly" or "yearly".`,
      );
    }
    query.set('interval', interval);
  }
  if (seats !== undefined) {
    if (!isValidSeats(seats)) {
      throw new InvalidArgumentError(
        `Invalid seats ${typeof seats === 'number' ? String(seats) : quoteValue(seats)}: use a whole number from 1 to ${MAX_SEATS}.`,
      );
    }
    query.set('seats', String(seats));
  }
  if (currency !== undefined) {
    if (typeof currency !== 'string' || !CURRENCY_PATTERN.test(currency)) {
      throw new InvalidArgumentError(
        `Invalid currency ${quoteValue(currency)}: use a three-letter code such as EUR.`,
      );
    }
    query.set('currency', currency);
  }
  if (promo !== undefined) {
    if (typeof promo !== 'string' || !PROMO_PATTERN.test(promo)) {
      throw new InvalidArgumentError(
        `Invalid promo code ${quoteValue(promo)}: use 1-32 letters, digits, "-" or "_".`,
      );
    }
    query.set('promo', promo);
  }
  if (country !== undefined) {
    if (typeof country !== 'string' || !COUNTRY_PATTERN.test(country)) {
      throw new InvalidArgumentError(
        `Invalid country ${quoteValue(country)}: use a two-letter code such as DE.`,
      );
    }
    query.set('country', country);
  }
  return query;
}

/**
 * Reads plan-link options from a query string (`?seats=5&interval=yearly`) or
 * `URLSearchParams`. Lenient: anything missing or invalid is left out, never thrown.
 * Standalone as well as on {@link CheckoutRoutes} because it does not depend on the
 * checkout path (a client component can read `location.search` with it).
 */
export function parsePlanLinkOptions(search: string | URLSearchParams): PlanLinkOptions {
  let params: URLSearchParams;
  try {
    params = typeof search === 'string' ? new URLSearchParams(search) : search;
  } catch {
    return {};
  }
  if (!(params instanceof URLSearchParams)) return {};
  const options: PlanLinkOptions = {};
  // `get` takes the first of repeated keys; values are compared exactly (no trimming,
  // no case folding) so a link means one thing only.
  const interval = params.get('interval');
  if (isBillingInterval(interval)) options.interval = interval;
  const seats = linkedSeats(params.get('seats'));
  if (seats !== null) options.seats = seats;
  const currency = params.get('currency');
  if (currency !== null && CURRENCY_PATTERN.test(currency)) options.currency = currency;
  const promo = params.get('promo');
  if (isLinkedPromo(promo)) options.promo = promo;
  const country = params.get('country');
  if (country !== null && COUNTRY_PATTERN.test(country)) options.country = country;
  return options;
}
