// The language menu's endpoint: remembers the chosen language in a cookie and sends the
// visitor back where they were (the `back` parameter, else the page that sent them, else
// the plan list). Outside `[lang]`: the proxy does not rewrite it.
import { isLocale } from '@plankit/checkout';
import { type NextRequest, NextResponse } from 'next/server';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../lib/locale';
import { LANGUAGE_PATH } from '../../lib/routes';

export const dynamic = 'force-dynamic';

/**
 * A same-origin path to return to, or null: never another site (no open redirect). The
 * host is the request's own `Host`: behind Next.js, `nextUrl` may name another.
 */
function backPath(request: NextRequest): string | null {
  const host = request.headers.get('host');
  if (!host) return null;
  const base = `http://${host}`;
  const candidates = [request.nextUrl.searchParams.get('back'), request.headers.get('referer')];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, base);
      if (url.host === host && !url.pathname.startsWith(LANGUAGE_PATH)) {
        return `${url.pathname}${url.search}`;
      }
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null;
}

export function GET(request: NextRequest): NextResponse {
  const to = request.nextUrl.searchParams.get('to');
  // A relative Location: the browser stays on the origin it is on.
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: backPath(request) ?? '/', 'cache-control': 'no-store' },
  });
  if (isLocale(to)) {
    response.cookies.set(LOCALE_COOKIE, to, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
      httpOnly: true,
      secure: request.nextUrl.protocol === 'https:',
    });
  }
  return response;
}
