import type { CompiledMessage } from './CheckoutMessages.js';
import type { FieldError } from './fieldError.js';
import { formatMessage } from './formatMessage.js';

/**
 * The text of a field error in the given messages. A key outside the set (a newer server
 * speaking to an older form) falls back to the form's generic summary.
 */
export function formatFieldError(
  messages: { formErrorSummary: string },
  error: FieldError | undefined | null,
  locale?: string,
): string | null {
  if (!error) return null;
  const message = (messages as Partial<Record<string, CompiledMessage | string>>)[error.message];
  return formatMessage(message ?? messages.formErrorSummary, error.values, locale);
}
