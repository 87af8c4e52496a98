import type { CheckoutMessages } from './CheckoutMessages.js';

/** A message for one field (or the whole form): a message key and its placeholders' values. */
export interface FieldError {
  message: keyof CheckoutMessages;
  values?: Record<string, string | number>;
}
