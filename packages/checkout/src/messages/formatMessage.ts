import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessage } from './CheckoutMessages.js';
import { numberFormat, pluralRules } from './intlFormats.js';

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

// The element types of `@formatjs/icu-messageformat-parser` this formatter renders; the
// compile step refuses a message with any other (dates, times, tags), so none reaches here.
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

// The named number styles of ICU (`{n, number, percent}`), as intl-messageformat has them.
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
};

function render(
  elements: readonly MessageFormatElement[],
  values: MessageValues,
  locale: string | undefined,
  count: number | null,
): string {
  let out = '';
  for (const element of elements) {
    switch (element.type) {
      case LITERAL:
        out += element.value;
        break;
      case POUND:
        out += count === null ? '#' : numberFormat(locale).format(count);
        break;
      case ARGUMENT: {
        const value = values[element.value];
        out += value === undefined ? `{${element.value}}` : String(value);
        break;
      }
      case NUMBER: {
        const value = values[element.value];
        const style = element.style;
        const options =
          typeof style === 'string'
            ? NUMBER_STYLES[style]
            : style && 'parsedOptions' in style
              ? (style.parsedOptions as Intl.NumberFormatOptions)
              : undefined;
        out +=
          value === undefined
            ? `{${element.value}}`
            : numberFormat(locale, options).format(Number(value));
        break;
      }
      case SELECT: {
        const chosen = element.options[String(values[element.value])] ?? element.options.other;
        if (chosen) out += render(chosen.value, values, locale, count);
        break;
      }
      case PLURAL: {
        const n = Number(values[element.value]) - element.offset;
        const rule = pluralRules(locale, { type: element.pluralType }).select(n);
        const chosen =
          element.options[`=${n + element.offset}`] ??
          element.options[rule] ??
          element.options.other;
        if (chosen) out += render(chosen.value, values, locale, n);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * The text of a compiled message with its placeholders filled in, plurals chosen by the
 * locale's rules (`Intl.PluralRules`) and numbers formatted by `Intl.NumberFormat`. A
 * small interpreter of the syntax tree `@formatjs/icu-messageformat-parser` builds, so the
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
