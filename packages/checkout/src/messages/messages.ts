import type { CompiledMessages } from './CheckoutMessages.js';
import { en } from './compiled/en.js';

export type {
  CheckoutMessages,
  CompiledMessage,
  CompiledMessages,
  MessageKey,
} from './CheckoutMessages.js';
export { formatMessage, type MessageValues } from './formatMessage.js';

/** The compiled English messages: what the components show when given none. */
export const defaultCompiledMessages: CompiledMessages = en;

/** Merges a host's compiled messages (a whole locale, or a few keys) over English. */
export function resolveMessages(overrides?: Partial<CompiledMessages>): CompiledMessages {
  return overrides ? { ...en, ...overrides } : en;
}
