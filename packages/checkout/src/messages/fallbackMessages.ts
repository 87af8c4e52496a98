/** The keys {@link CheckoutFallback} shows. */
export type FallbackMessageKey =
  | 'fallbackTitle'
  | 'fallbackLead'
  | 'fallbackNoJs'
  | 'fallbackAction';

/**
 * The fallback page's English text, in a module of its own: the fallback must stay within
 * its 2 kB budget (issue 4), and the whole English dictionary alone is about 2 kB gzipped.
 * locales.test.ts holds it equal to `locales/en.ts`.
 */
export const defaultFallbackMessages: Record<FallbackMessageKey, string> = {
  fallbackTitle: 'Checkout is unavailable right now',
  fallbackLead:
    'The checkout could not be shown. Please try again in a few minutes; if you were paying, check your email for a receipt first.',
  fallbackNoJs:
    'If your browser blocks JavaScript, the checkout still works: reload the plan page.',
  fallbackAction: 'See the plans',
};
