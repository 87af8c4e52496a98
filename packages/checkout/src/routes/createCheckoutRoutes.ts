// Imports the catalog constants, not the zod schema: the route helper runs in client
// components too, and must not pull zod into the browser.
import { RESERVED_PLAN_IDS } from '../catalog/constants.js';
import { ConfigurationError, InvalidArgumentError } from '../errors/errors.js';
import { isSessionId } from '../ids/sessionId.js';
import { type CheckoutRouteMatch, matchCheckoutPath } from './matchCheckoutPath.js';

export type { CheckoutRouteMatch } from './matchCheckoutPath.js';

import { type PlanLinkOptions, parsePlanLinkOptions, planLinkQuery } from './planLinkOptions.js';
import { quoteValue } from './quoteValue.js';
import {
  isSlug,
  isValidCheckoutPath,
  isValidPlanId,
  LINK_TOKEN_PATTERN,
  RESERVED_CHECKOUT_PATHS,
  TEST_PROCESSOR_PATH,
} from './slugs.js';

export { type PlanLinkOptions, parsePlanLinkOptions } from './planLinkOptions.js';
export { isValidCheckoutPath, isValidPlanId } from './slugs.js';

function linkToken(token: string): string {
  if (!LINK_TOKEN_PATTERN.test(token)) {
    throw new InvalidArgumentError(`Invalid link token ${quoteValue(token)}.`);
  }
  return token;
}

/** Options of {@link createCheckoutRoutes}. */
export interface CheckoutRoutesOptions {
  /**
   * The first path segment of every checkout page, without slashes. Lowercase letters,
   * digits and `-`, 1-64 characters, and not a segment the host uses for something else
   * (`fallback`, `finish`, `api`, `_next`). Default `checkout`.
   */
  checkoutPath?: string;
}

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
   * Path of the webhook endpoint of a payment provider: `/api/webhooks/test`,
   * `/api/webhooks/stripe`. Register it at the provider.
   * @throws InvalidArgumentError when `providerId` is not a slug.
   */
  webhook(providerId: string): string;
  /**
   * Where the host serves the built-in test processor (its tokenising endpoint, test bank
   * and hosted payment page): `/test-processor`, outside the checkout's own paths, as a
   * processor's origin would be.
   */
  readonly testProcessor: string;
  /**
   * Path of an order's receipt behind a signed token (the engine makes it:
   * `engine.receiptPath(orderId)`): `/receipts/{token}`. Opens in any browser, no cookie.
   * @throws InvalidArgumentError when `token` is not a link token.
   */
  receipt(token: string): string;
  /**
   * Path of an order's invoice as PDF, behind its receipt's signed token:
   * `/receipts/{token}/invoice.pdf`.
   * @throws InvalidArgumentError when `token` is not a link token.
   */
  invoice(token: string): string;
  /**
   * Path of a subscription's manage page behind a signed token
   * (`engine.manageSubscriptionPath(subscriptionId)`): `/subscriptions/{token}`.
   * @throws InvalidArgumentError when `token` is not a link token.
   */
  subscription(token: string): string;
  /**
   * Path of "Find my subscription", where a buyer asks for their links again:
   * `/subscriptions`. Link it from every page (cancelling is never harder than buying).
   */
  readonly findSubscription: string;
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
    webhook(providerId: string): string {
      if (!isSlug(providerId)) {
        throw new InvalidArgumentError(
          `Invalid provider id ${quoteValue(providerId)}: use a slug.`,
        );
      }
      return `/api/webhooks/${providerId}`;
    },
    testProcessor: TEST_PROCESSOR_PATH,
    receipt: (token: string) => `/receipts/${linkToken(token)}`,
    invoice: (token: string) => `/receipts/${linkToken(token)}/invoice.pdf`,
    subscription: (token: string) => `/subscriptions/${linkToken(token)}`,
    findSubscription: '/subscriptions',
    match(pathname: string): CheckoutRouteMatch | null {
      try {
        return matchCheckoutPath(checkoutPath, pathname);
      } catch {
        // Unreachable by construction; the guard keeps the "never throws" promise even
        // if a later change slips.
        return null;
      }
    },
    parsePlanLinkOptions,
  });
}
