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
