/** The keys {@link CheckoutError} shows. */
export type ErrorMessageKey =
  | 'errorTitle'
  | 'errorLead'
  | 'errorDigest'
  | 'errorRetry'
  | 'errorHome';

/**
 * The error component's English text, in a module of its own: the error component must
 * stay within its 2 kB budget (issue 4), and the whole English dictionary alone is about
 * 2 kB gzipped. locales.test.ts holds it equal to `locales/en.ts`.
 */
export const defaultErrorMessages: Record<ErrorMessageKey, string> = {
  errorTitle: 'Something went wrong',
  // Not "Nothing was charged": this page also catches errors after a payment went through
  // (issue 12, item 6). Only the engine knows, and the finish step says it.
  errorLead:
    'An exception occurred while loading the site. If you were paying, check your email for a receipt before you try again.',
  errorDigest: 'Error reference',
  errorRetry: 'Try again',
  errorHome: 'Back to plans',
};
