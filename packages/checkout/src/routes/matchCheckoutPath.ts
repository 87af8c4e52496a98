import { isSlug, isValidPlanId } from './slugs.js';

/** Which checkout page a pathname belongs to. */
export type CheckoutRouteMatch =
  /** `/`: the host's plan list. */
  | { step: 'home' }
  /** `/{checkoutPath}/{planId}`: the plan step. The plan may still be unknown or retired. */
  | { step: 'plan'; planId: string }
  /** `/{checkoutPath}/finish`: the finish step (the session id is in the query). */
  | { step: 'finish' }
  /** `/fallback`: the static fallback page. */
  | { step: 'fallback' };

/**
 * Longer than any path this helper builds (two 64-character segments); checked first so
 * that a huge input costs nothing.
 */
const MAX_PATHNAME_LENGTH = 256;

/** Which checkout page `pathname` is under `checkoutPath`, or null; never decodes, never throws. */
export function matchCheckoutPath(
  checkoutPath: string,
  pathname: string,
): CheckoutRouteMatch | null {
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
  if (second === 'finish') return third === undefined ? { step: 'finish' } : null;
  if (third !== undefined || !isValidPlanId(second)) return null;
  return { step: 'plan', planId: second };
}
