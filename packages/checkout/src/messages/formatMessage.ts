import type { CompiledMessage, CompiledPart } from './CheckoutMessages.js';
import { numberFormat, pluralRules } from './intlFormats.js';

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

// The named number styles of ICU (`{n, number, percent}`), as intl-messageformat has them.
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
};

type Options = Record<string, CompiledMessage>;

function render(
  parts: CompiledMessage,
  values: MessageValues,
  locale: string | undefined,
  count: number | null,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part === 0) out += count === null ? '#' : numberFormat(locale).format(count);
    else out += renderPlaceholder(part, values, locale, count);
  }
  return out;
}

function renderPlaceholder(
  [name, kind, style, offset = 0]: Exclude<CompiledPart, string | 0>,
  values: MessageValues,
  locale: string | undefined,
  count: number | null,
): string {
  const value = values[name];
  if (kind === 'select') {
    const chosen = (style as Options)[String(value)] ?? (style as Options).other;
    return chosen ? render(chosen, values, locale, count) : '';
  }
  if (kind === 'plural' || kind === 'selectordinal') {
    const n = Number(value) - offset;
    const type = kind === 'plural' ? 'cardinal' : 'ordinal';
    const rule = pluralRules(locale, { type }).select(n);
    const options = style as Options;
    const chosen = options[`=${n + offset}`] ?? options[rule] ?? options.other;
    return chosen ? render(chosen, values, locale, n) : '';
  }
  if (value === undefined) return `{${name}}`;
  if (kind !== 'number') return String(value);
  const options =
    typeof style === 'string' ? NUMBER_STYLES[style] : (style as Intl.NumberFormatOptions);
  return numberFormat(locale, options).format(Number(value));
}

/**
 * The text of a compiled message with its placeholders filled in, plurals chosen by the
 * locale's rules (`Intl.PluralRules`) and numbers formatted by `Intl.NumberFormat`. A
 * small interpreter of the parts `compileMessage` makes of the parser's syntax tree, so the
 * browser ships neither the parser nor `intl-messageformat` (the plan step's budget is
 * 12 kB); locales.test.ts holds its output equal to `intl-messageformat`'s for every
 * message of every locale. A placeholder without a value stays as `{name}`.
 */
export function formatMessage(
  message: CompiledMessage | string,
  values: MessageValues = {},
  locale?: string,
): string {
  return typeof message === 'string' ? message : render(message, values, locale, null);
}
