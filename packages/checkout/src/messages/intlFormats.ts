/**
 * Intl formatters, made once per locale and options and then reused. Making one is the
 * expensive part (a DateTimeFormat about 160 µs, a NumberFormat or PluralRules about
 * 25 µs here; formatting with a made one well under 1 µs), and a receipt formats a dozen
 * amounts and dates per request. A Map of a few lines rather than a memoizing package:
 * these functions are in the plan step's browser bundle, which has a size budget.
 */
const made = new Map<string, unknown>();
// Locales come from hosts and requests: a bound keeps a stream of odd tags from growing it.
const MOST = 500;

function reuse<T>(kind: string, locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = made.get(key) as T | undefined;
  if (format === undefined) {
    if (made.size >= MOST) made.clear();
    format = make();
    made.set(key, format);
  }
  return format;
}

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return reuse('n', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return reuse('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(
  locale: string | undefined,
  options: Intl.PluralRulesOptions,
): Intl.PluralRules {
  return reuse('p', locale, options, () => new Intl.PluralRules(locale, options));
}

const LONG_UTC = { dateStyle: 'long', timeZone: 'UTC' } as const;

/**
 * A date as the checkout writes it everywhere: the receipt, the finish step, the manage
 * page, the emails and a trial's first charge on the plan step. Long style, in UTC, as the
 * store keeps dates. A locale the runtime refuses (one stored with an old purchase) falls
 * back to English.
 */
export function formatDate(date: string | number, locale: string | undefined): string {
  let format: Intl.DateTimeFormat;
  try {
    format = dateTimeFormat(locale, LONG_UTC);
  } catch {
    format = dateTimeFormat('en', LONG_UTC);
  }
  return format.format(new Date(date));
}
