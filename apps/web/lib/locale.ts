import { match } from '@formatjs/intl-localematcher';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@plankit/checkout';
import Negotiator from 'negotiator';

/** The cookie that remembers the language a visitor picked from the language menu. */
export const LOCALE_COOKIE = 'plankit_locale';

/**
 * The request header through which the proxy tells pages and route handlers the locale it
 * chose (a visitor's own value is dropped first).
 */
export const LOCALE_HEADER = 'x-plankit-locale';

/** A year, in seconds: how long the language choice is remembered. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The page's locale for a request: the language the visitor picked (the cookie), else the
 * best match of their `Accept-Language` among the shipped locales, else English.
 * `negotiator` reads the header (quality values, order); `@formatjs/intl-localematcher`
 * matches by BCP 47 (`de-AT` → de, `pt` → pt-BR, `zh-Hans-CN` → zh-CN).
 */
export function negotiateLocale(headers: Headers, cookie: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const accepted = new Negotiator({
    headers: { 'accept-language': headers.get('accept-language') ?? undefined },
  })
    .languages()
    .filter((tag) => tag !== '*');
  const valid = accepted.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false; // Not a language tag: skip it rather than fail the request.
    }
  });
  if (valid.length === 0) return DEFAULT_LOCALE;
  const found = match(valid, LOCALES, DEFAULT_LOCALE, { algorithm: 'best fit' });
  return isLocale(found) ? found : DEFAULT_LOCALE;
}

/** The locale the proxy chose for this request (English when it chose none). */
export function localeOfRequest(headers: Headers): Locale {
  const value = headers.get(LOCALE_HEADER);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The `[lang]` route parameter as a shipped locale (the proxy only rewrites to those). */
export function localeOfParam(lang: string): Locale {
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Each locale's own name for itself, for the language menu ("Deutsch", "日本語"). */
export function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
