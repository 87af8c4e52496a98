// The language menu's endpoint: remembers the chosen language in a cookie and sends the
// visitor back where they were (the `back` parameter, else the page that sent them, else
// the plan list). Outside `[lang]`: the proxy does not rewrite it.
import { isLocale } from '@plankit/checkout';
import { type NextRequest, NextResponse } from 'next/server';
import { backPath } from '../../lib/backPath';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../lib/locale';
import { LANGUAGE_PATH } from '../../lib/routes';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest): NextResponse {
  const to = request.nextUrl.searchParams.get('to');
  // A relative Location: the browser stays on the origin it is on.
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: backPath(request, LANGUAGE_PATH) ?? '/', 'cache-control': 'no-store' },
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
