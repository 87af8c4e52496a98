import type { FieldError } from './fieldError.js';
import { formatMessage } from './messages.js';

/**
 * The text of a field error in the given messages. A key outside the set (a newer server
 * speaking to an older form) falls back to the form's generic summary.
 */
export function formatFieldError(
  messages: { formErrorSummary: string },
  error: FieldError | undefined | null,
): string | null {
  if (!error) return null;
  const template = (messages as Partial<Record<string, string>>)[error.message];
  return formatMessage(template ?? messages.formErrorSummary, error.values);
}
