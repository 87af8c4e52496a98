import type { CheckoutMessages } from './CheckoutMessages.js';

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
 * 2 kB gzipped. `defaultMessages` includes these.
 */
export const defaultErrorMessages: Pick<CheckoutMessages, ErrorMessageKey> = {
  errorTitle: 'Something went wrong',
  errorLead: 'An exception occurred while loading the site. Nothing was charged.',
  errorDigest: 'Error reference',
  errorRetry: 'Try again',
  errorHome: 'Back to plans',
};
