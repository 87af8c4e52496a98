import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { en } from './locales/en.js';
import type { PageMessageKey } from './pageMessageKeys.js';

/** The key of a message: the keys of the English messages (`locales/en.ts`). */
export type MessageKey = keyof typeof en;

/**
 * Every piece of text the components show, as ICU MessageFormat source text
 * (`'{days, plural, one {# day} other {# days}}'`). English (`locales/en.ts`) defines the
 * keys; a host compiles a partial set with `compileMessages` to override any of them.
 */
export type CheckoutMessages = { [K in MessageKey]: string };

/** The keys of the components' text: all but the host pages' own (`PAGE_MESSAGE_KEYS`). */
export type ComponentMessageKey = Exclude<MessageKey, PageMessageKey>;

/** The keys whose English text has a placeholder: they compile to a syntax tree. */
export type FormattedMessageKey = {
  [K in ComponentMessageKey]: (typeof en)[K] extends `${string}{${string}` ? K : never;
}[ComponentMessageKey];

/** The keys whose text is plain: they compile to the string itself. */
export type PlainMessageKey = Exclude<ComponentMessageKey, FormattedMessageKey>;

/** A message with placeholders, parsed ahead of time (so the browser ships no parser). */
export type CompiledMessage = MessageFormatElement[];

/**
 * The messages the components take: plain text as strings, the rest as parsed ICU
 * syntax trees. Made by `pnpm messages:compile` for the shipped locales
 * (`messagesFor(locale)`), or at run time by `compileMessages()` for a host's own text.
 */
export type CompiledMessages = { [K in PlainMessageKey]: string } & {
  [K in FormattedMessageKey]: CompiledMessage;
};
