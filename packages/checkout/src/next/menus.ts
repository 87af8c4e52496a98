import { isLocale } from '../messages/locales.js';
import { CHOICE_COOKIE_MAX_AGE, LOCALE_COOKIE } from './locale.js';
import { LANGUAGE_PATH, THEME_PATH } from './menuPaths.js';
import { THEME_COOKIE, themeOf } from './theme.js';

// The endpoints of a language menu and a theme menu (plain GET forms, so they work without
// JavaScript): each remembers the choice in a cookie and sends the visitor back where they
// were. The proxy never rewrites them.

/**
 * A same-origin path to send the visitor back to (the `back` parameter, else the page that
 * sent them), or null: never another site (no open redirect), never the menu's own
 * endpoint. The host is the request's own `Host`: behind Next.js, `nextUrl` may name another.
 */
export function backPath(request: Request, endpoint: string): string | null {
  const host = request.headers.get('host');
  if (!host) return null;
  const base = `http://${host}`;
  const candidates = [
    new URL(request.url).searchParams.get('back'),
    request.headers.get('referer'),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, base);
      if (url.host === host && !url.pathname.startsWith(endpoint)) {
        return `${url.pathname}${url.search}`;
      }
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null;
}

function cookie(name: string, value: string, request: Request): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${CHOICE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`;
}

/** `GET /language?to=de`: remembers the language (a shipped one), goes back (303). */
export function languageMenuAnswer(request: Request): Response {
  const to = new URL(request.url).searchParams.get('to');
  // A relative Location: the browser stays on the origin it is on.
  const headers = new Headers({
    location: backPath(request, LANGUAGE_PATH) ?? '/',
    'cache-control': 'no-store',
  });
  if (isLocale(to)) headers.append('set-cookie', cookie(LOCALE_COOKIE, to, request));
  return new Response(null, { status: 303, headers });
}

/** `GET /theme?to=dark`: remembers the theme (or forgets it: "as the system"), goes back. */
export function themeMenuAnswer(request: Request): Response {
  const theme = themeOf(new URL(request.url).searchParams.get('to'));
  const headers = new Headers({
    location: backPath(request, THEME_PATH) ?? '/',
    'cache-control': 'no-store',
  });
  headers.append(
    'set-cookie',
    theme
      ? cookie(THEME_COOKIE, theme, request)
      : `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`,
  );
  return new Response(null, { status: 303, headers });
}
