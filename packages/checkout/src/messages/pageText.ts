import { ERROR_TEXT, FALLBACK_TEXT, NOT_FOUND_TEXT } from './compiled/pageText.js';

export type { NotFoundMessageKey };

import type { ErrorMessageKey } from './errorMessages.js';
import type { FallbackMessageKey } from './fallbackMessages.js';
import { shippedLocaleOf } from './locales.js';
import type { NotFoundMessageKey } from './pageMessageKeys.js';

/**
 * The error component's text in a shipped locale (English for any other). A small table
 * of plain text, safe to import in a client component such as Next.js `error.tsx`.
 */
export function errorMessagesFor(locale: string): Record<ErrorMessageKey, string> {
  return ERROR_TEXT[shippedLocaleOf(locale)];
}

/** The fallback page's text in a shipped locale (English for any other). */
export function fallbackMessagesFor(locale: string): Record<FallbackMessageKey, string> {
  return FALLBACK_TEXT[shippedLocaleOf(locale)];
}

/**
 * The not-found page's text in a shipped locale (English for any other): a small table,
 * for a client `not-found.tsx` that reads the language from the route (`useParams`).
 */
export function notFoundMessagesFor(locale: string): Record<NotFoundMessageKey, string> {
  return NOT_FOUND_TEXT[shippedLocaleOf(locale)];
}
