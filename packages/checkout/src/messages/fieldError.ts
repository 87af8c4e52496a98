import type { ComponentMessageKey } from './CheckoutMessages.js';

/** A message for one field (or the whole form): a message key and its placeholders' values. */
export interface FieldError {
  message: ComponentMessageKey;
  values?: Record<string, string | number>;
}
