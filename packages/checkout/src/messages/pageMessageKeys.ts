/**
 * The keys of the host's own pages' text: page titles, the language menu and the small
 * pages the host answers with before the checkout renders (a form too large, a store
 * that does not answer). Plain text, translated with the rest, but kept out of the
 * components' compiled messages: the plan step carries its messages into the browser,
 * and these would only weigh on it. `pageMessagesFor(locale)` gives them.
 */
export const PAGE_MESSAGE_KEYS = [
  'languageLabel',
  'languageSubmit',
  'themeLabel',
  'themeSystem',
  'themeLight',
  'themeDark',
  'themeSubmit',
  'pageTitlePlans',
  'pageTitleOrder',
  'pageTitleFallback',
  'siteDescription',
  'requestTooLargeTitle',
  'requestTooLargeLead',
  'requestMalformedTitle',
  'requestMalformedLead',
  'requestForeignTitle',
  'requestForeignLead',
  'requestStaleTitle',
  'requestStaleLead',
  'storeUnavailableLead',
] as const;

/** A key of {@link PAGE_MESSAGE_KEYS}. */
export type PageMessageKey = (typeof PAGE_MESSAGE_KEYS)[number];

/** The keys the not-found page shows (`notFoundMessagesFor`). */
export type NotFoundMessageKey = 'notFoundTitle' | 'notFoundLead' | 'finishBackToPlans';

/**
 * The not-found page's English text, in a module without the whole English dictionary:
 * `CheckoutNotFound` sits in every page's client bundle of a host whose `not-found.tsx` is
 * a client component (issue 8, item 10). locales.test.ts holds it equal to `locales/en.ts`.
 */
export const defaultNotFoundMessages: Record<NotFoundMessageKey, string> = {
  notFoundTitle: 'Page not found',
  notFoundLead: 'This plan or page does not exist or is no longer available.',
  finishBackToPlans: 'Back to plans',
};
