import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../messages/locales.js';

/** The cookie that remembers the language a visitor picked from a language menu. */
export const LOCALE_COOKIE = 'plankit_locale';

/**
 * The request header through which the proxy tells pages and route handlers the locale it
 * chose (a visitor's own value is replaced).
 */
export const LOCALE_HEADER = 'x-plankit-locale';

/** A year, in seconds: how long a menu's choice is remembered. */
export const CHOICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The page's locale for a request: the language the visitor picked (the cookie), else the
 * best match of their `Accept-Language` among the shipped locales, else English.
 * `negotiator` reads the header (quality values, order); `@formatjs/intl-localematcher`
 * matches by BCP 47 (`de-AT` → de, `pt` → pt-BR, `zh-Hans-CN` → zh-CN).
 */
export function negotiateLocale(headers: Headers, cookie: string | undefined | null): Locale {
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

/** A cookie's value from a `Cookie` header, as `cookies()` reads it; null when absent. */
export function cookieOf(headers: Headers, name: string): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The locale of a request: the proxy's choice (its header), else negotiated here from the
 * request's cookie and `Accept-Language` (an app without the proxy).
 */
export function localeOfRequest(headers: Headers): Locale {
  const chosen = headers.get(LOCALE_HEADER);
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(headers, cookieOf(headers, LOCALE_COOKIE));
}

/** A `[lang]` route parameter as a shipped locale (the proxy only rewrites to those). */
export function localeOfParam(lang: string | undefined): Locale {
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Each locale's own name for itself, for a language menu ("Deutsch", "日本語"). */
export function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
