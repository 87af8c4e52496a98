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

/**
 * A message with placeholders, parsed ahead of time (so the browser ships no parser): its
 * parts in order. Text is a string, `0` is a plural's `#`, and a placeholder is a list that
 * starts with its name: `[name]` (the value as it is), `[name, 'number', style?]` (a
 * number: `'integer'`, `'percent'`, or a skeleton's `Intl.NumberFormat` options),
 * `[name, 'select', options]` and `[name, 'plural' | 'selectordinal', options, offset?]`.
 * Compact on purpose: the plan step carries its English text in a 12 kB budget.
 */
export type CompiledMessage = readonly CompiledPart[];

/** One part of a {@link CompiledMessage}. */
export type CompiledPart =
  | string
  | 0
  | readonly [name: string]
  | readonly [name: string, kind: 'number', style?: string | Intl.NumberFormatOptions]
  | readonly [name: string, kind: 'select', options: Record<string, CompiledMessage>]
  | readonly [
      name: string,
      kind: 'plural' | 'selectordinal',
      options: Record<string, CompiledMessage>,
      offset?: number,
    ];

/**
 * The messages the components take: plain text as strings, the rest as parsed ICU
 * syntax trees. Made by `pnpm messages:compile` for the shipped locales
 * (`messagesFor(locale)`), or at run time by `compileMessages()` for a host's own text.
 */
export type CompiledMessages = { [K in PlainMessageKey]: string } & {
  [K in FormattedMessageKey]: CompiledMessage;
};
