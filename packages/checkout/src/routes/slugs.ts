import { PLAN_ID_PATTERN, RESERVED_PLAN_IDS } from '../catalog/constants.js';

/** Where the host serves the test processor, apart from the checkout's paths. */
export const TEST_PROCESSOR_PATH = '/test-processor';

/** Path segments the host uses itself, so the checkout cannot live under them. */
export const RESERVED_CHECKOUT_PATHS: readonly string[] = [
  'fallback',
  'finish',
  'api',
  '_next',
  'test-processor',
  'receipts',
  'subscriptions',
];

/** A signed link's token: the object's id, a dot, its signature (base64url). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{20,86}$/;

/** Whether a value is a URL slug: lowercase letters, digits and `-`, 1-64 characters. */
export function isSlug(value: unknown): value is string {
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
