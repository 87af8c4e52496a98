import type { CheckoutMessages, CompiledMessages } from './CheckoutMessages.js';
import { en } from './compiled/en.js';
import { compileMessage } from './compileMessage.js';

/**
 * Compiles a host's own text (ICU MessageFormat, any subset of the keys) over a compiled
 * set, English by default: `compileMessages({ submitFree: 'Los geht’s' }, messagesFor('de'))`.
 * Runs the ICU parser, so call it on the server (or once, at start-up): the components
 * then take the result. Throws a `SyntaxError` naming the message that does not parse.
 */
export function compileMessages(
  overrides: Partial<CheckoutMessages>,
  base: CompiledMessages = en,
): CompiledMessages {
  const compiled: Record<string, unknown> = { ...base };
  for (const [key, source] of Object.entries(overrides)) {
    if (typeof source !== 'string' || !(key in base)) continue;
    compiled[key] = compileMessage(source, typeof base[key as keyof CompiledMessages] !== 'string');
  }
  return compiled as CompiledMessages;
}
