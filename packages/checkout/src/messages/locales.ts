/** The locales Plankit ships messages for (`src/messages/locales/`). */
export const LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt-BR',
  'pl',
  'sv',
  'da',
  'ja',
  'ko',
  'zh-CN',
  'tr',
  'ar',
  'he',
] as const;

/** A locale Plankit ships messages for. */
export type Locale = (typeof LOCALES)[number];

/** The locale used when a visitor prefers none of the others. */
export const DEFAULT_LOCALE: Locale = 'en';

const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'dv', 'ckb', 'sd', 'ug']);

/** Whether a language is written right to left, for `<html dir>`. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
}

/** Whether `value` is one of {@link LOCALES}. */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The shipped locale for a language tag: itself, else the one of its language
 * (`de-AT` → de, `pt` → pt-BR, `zh-Hans` → zh-CN), else English. For a locale recorded
 * with a purchase (an email's language) or given by a host.
 */
export function shippedLocaleOf(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split(/[-_]/)[0]?.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0] === language) ?? DEFAULT_LOCALE;
}
