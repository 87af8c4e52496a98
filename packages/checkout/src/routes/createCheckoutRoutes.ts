// Imports the catalog constants, not the zod schema: the route helper runs in client
// components too, and must not pull zod into the browser.
import {
  BILLING_INTERVALS,
  type BillingInterval,
  PLAN_ID_PATTERN,
  RESERVED_PLAN_IDS,
} from '../catalog/constants.js';
import { ConfigurationError, InvalidArgumentError } from '../errors/errors.js';
import { isSessionId } from '../ids/sessionId.js';

/** Options of {@link createCheckoutRoutes}. */
export interface CheckoutRoutesOptions {
  /**
   * The first path segment of every checkout page, without slashes. Lowercase letters,
   * digits and `-`, 1-64 characters, and not a segment the host uses for something else
   * (`fallback`, `finish`, `api`, `_next`). Default `checkout`.
   */
  checkoutPath?: string;
}

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

/** Which checkout page a pathname belongs to. */
export type CheckoutRouteMatch =
  /** `/`: the host's plan list. */
  | { step: 'home' }
  /** `/{checkoutPath}/{planId}`: the plan step. The plan may still be unknown or retired. */
  | { step: 'plan'; planId: string }
  /** `/{checkoutPath}/finish`: the finish step (the session id is in the query). */
  | { step: 'finish' }
  /** `/{checkoutPath}/finish/authenticate`: the test bank's challenge page. */
  | { step: 'authenticate' }
  /** `/fallback`: the static fallback page. */
  | { step: 'fallback' };

/** Builds and parses every checkout path; see {@link createCheckoutRoutes}. */
export interface CheckoutRoutes {
  /** The configured first path segment (`checkout`). */
  readonly checkoutPath: string;
  /** Path of the host's plan list: `/`. */
  readonly home: string;
  /** Path of the static fallback page: `/fallback`. */
  readonly fallback: string;
  /**
   * Path of a plan step, with preselected options in the query:
   * `/checkout/pro`, `/checkout/team?interval=yearly&seats=5`.
   * @throws Error when the plan id or an option is invalid.
   */
  plan(planId: string, options?: PlanLinkOptions): string;
  /**
   * Path of the finish step of a session: `/checkout/finish?session=cs_…`.
   * @throws Error when `sessionId` is not a session id.
   */
  finish(sessionId: string): string;
  /**
   * Path of the test bank's challenge page for a session:
   * `/checkout/finish/authenticate?session=cs_…`.
   * @throws Error when `sessionId` is not a session id.
   */
  authenticate(sessionId: string): string;
  /**
   * Which checkout page a pathname is, or `null` for anything unknown or malformed.
   * Ignores `?query` and `#hash` and tolerates one trailing slash. Never decodes
   * percent-escapes and never throws.
   */
  match(pathname: string): CheckoutRouteMatch | null;
  /**
   * Reads plan-link options from a query string (`?seats=5&interval=yearly`) or
   * `URLSearchParams`. Lenient: anything missing or invalid is left out, never thrown.
   */
  parsePlanLinkOptions(search: string | URLSearchParams): PlanLinkOptions;
}

/** Path segments the host uses itself, so the checkout cannot live under them. */
const RESERVED_CHECKOUT_PATHS: readonly string[] = ['fallback', 'finish', 'api', '_next'];
/** The catalog schema's own upper bound on seats; a larger count can never be valid. */
const MAX_SEATS = 10_000;
/**
 * Longer than any path this helper builds (two 64-character segments plus
 * `/finish/authenticate`); checked first so that a huge input costs nothing.
 */
const MAX_PATHNAME_LENGTH = 256;

const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const PROMO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const SEATS_PATTERN = /^[1-9]\d{0,4}$/;

/** Quotes a bad value for an error message: truncated and escaped, so it cannot flood a log. */
function quoteValue(value: unknown): string {
  if (typeof value !== 'string') return `(${value === null ? 'null' : typeof value})`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** Whether a value is a URL slug: lowercase letters, digits and `-`, 1-64 characters. */
function isSlug(value: unknown): value is string {
  return typeof value === 'string' && PLAN_ID_PATTERN.test(value);
}

/**
 * Whether a value can be a plan id: a slug (lowercase letters, digits and `-`, at most 64
 * characters) that the routes do not reserve (`finish`). The same rule as the catalog
 * schema, so every catalog plan has a path and no path is mistaken for a plan.
 */
export function isValidPlanId(value: unknown): value is string {
  return isSlug(value) && !(RESERVED_PLAN_IDS as readonly string[]).includes(value);
}

/**
 * Whether a value can be the checkout path: one slug segment, not one the host uses for
 * something else (`fallback`, `finish`, `api`, `_next`).
 */
export function isValidCheckoutPath(value: unknown): value is string {
  return isSlug(value) && !RESERVED_CHECKOUT_PATHS.includes(value);
}

function isBillingInterval(value: unknown): value is BillingInterval {
  return (BILLING_INTERVALS as readonly unknown[]).includes(value);
}

function isValidSeats(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SEATS;
}

/** Checks plan-link options strictly (for building links) and returns them as a query. */
function planLinkQuery(options: PlanLinkOptions): URLSearchParams {
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
  const seats = params.get('seats');
  if (seats !== null && SEATS_PATTERN.test(seats) && isValidSeats(Number(seats))) {
    options.seats = Number(seats);
  }
  const currency = params.get('currency');
  if (currency !== null && CURRENCY_PATTERN.test(currency)) options.currency = currency;
  const promo = params.get('promo');
  if (promo !== null && PROMO_PATTERN.test(promo)) options.promo = promo;
  const country = params.get('country');
  if (country !== null && COUNTRY_PATTERN.test(country)) options.country = country;
  return options;
}

function matchPath(checkoutPath: string, pathname: string): CheckoutRouteMatch | null {
  if (typeof pathname !== 'string' || pathname.length > MAX_PATHNAME_LENGTH) return null;
  let path = pathname;
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  // `//` anywhere is refused, including `//host/...`, which a browser would read as
  // another origin.
  if (!path.startsWith('/') || path.includes('//')) return null;
  if (path === '/') return { step: 'home' };
  if (path.endsWith('/')) path = path.slice(0, -1);
  // Every segment must be a slug. This one check refuses `..`, percent-escapes (never
  // decoded, so `pr%6F` cannot become `pro`), markup, backslashes, whitespace, uppercase
  // and Unicode look-alikes of ASCII letters.
  const segments = path.slice(1).split('/');
  if (!segments.every(isSlug)) return null;
  const [first, second, third, ...rest] = segments;
  if (rest.length > 0) return null;
  if (first === 'fallback') return second === undefined ? { step: 'fallback' } : null;
  if (first !== checkoutPath || second === undefined) return null;
  if (second === 'finish') {
    if (third === undefined) return { step: 'finish' };
    return third === 'authenticate' ? { step: 'authenticate' } : null;
  }
  if (third !== undefined || !isValidPlanId(second)) return null;
  return { step: 'plan', planId: second };
}

/**
 * Creates the route helper: the one place that builds and parses checkout paths, so
 * components and the host never concatenate URLs by hand.
 *
 * @example
 * const routes = createCheckoutRoutes({ checkoutPath: 'buy' });
 * routes.plan('team', { seats: 5 }); // '/buy/team?seats=5'
 * routes.match('/buy/team');         // { step: 'plan', planId: 'team' }
 *
 * @throws Error when `checkoutPath` is not a valid checkout path (see
 * {@link isValidCheckoutPath}).
 */
export function createCheckoutRoutes(options: CheckoutRoutesOptions = {}): CheckoutRoutes {
  const checkoutPath = options.checkoutPath ?? 'checkout';
  if (!isValidCheckoutPath(checkoutPath)) {
    throw new ConfigurationError('createCheckoutRoutes', [
      {
        path: 'checkoutPath',
        message:
          `Invalid checkoutPath ${quoteValue(checkoutPath)}: use one path segment without slashes, ` +
          'of lowercase letters, digits and "-" (1-64 characters), other than ' +
          `${RESERVED_CHECKOUT_PATHS.join(', ')}.`,
      },
    ]);
  }
  const sessionPath = (suffix: string, sessionId: string): string => {
    if (!isSessionId(sessionId)) {
      throw new InvalidArgumentError(
        `Invalid session id ${quoteValue(sessionId)}: expected "cs_" and 32 characters.`,
      );
    }
    return `/${checkoutPath}/${suffix}?${new URLSearchParams({ session: sessionId })}`;
  };
  return Object.freeze({
    checkoutPath,
    home: '/',
    fallback: '/fallback',
    plan(planId: string, linkOptions: PlanLinkOptions = {}): string {
      if (!isValidPlanId(planId)) {
        throw new InvalidArgumentError(
          `Invalid plan id ${quoteValue(planId)}: use lowercase letters, digits and "-" ` +
            `(at most 64 characters), other than ${RESERVED_PLAN_IDS.join(', ')}.`,
        );
      }
      const query = planLinkQuery(linkOptions).toString();
      return `/${checkoutPath}/${planId}${query === '' ? '' : `?${query}`}`;
    },
    finish: (sessionId: string) => sessionPath('finish', sessionId),
    authenticate: (sessionId: string) => sessionPath('finish/authenticate', sessionId),
    match(pathname: string): CheckoutRouteMatch | null {
      try {
        return matchPath(checkoutPath, pathname);
      } catch {
        // Unreachable by construction; the guard keeps the "never throws" promise even
        // if a later change slips.
        return null;
      }
    },
    parsePlanLinkOptions,
  });
}
