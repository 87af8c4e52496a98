// The theme menu's endpoint: remembers the chosen color theme (light, dark, or the system's)
// in a cookie and sends the visitor back where they were. Outside `[lang]`: the proxy does
// not rewrite it. Works without JavaScript: the menu is a plain GET form.
import { type NextRequest, NextResponse } from 'next/server';
import { backPath } from '../../lib/backPath';
import { LOCALE_COOKIE_MAX_AGE } from '../../lib/locale';
import { THEME_COOKIE, THEME_PATH, themeOf } from '../../lib/theme';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest): NextResponse {
  const theme = themeOf(request.nextUrl.searchParams.get('to'));
  // A relative Location: the browser stays on the origin it is on.
  const response = new NextResponse(null, {
    status: 303,
    headers: { location: backPath(request, THEME_PATH) ?? '/', 'cache-control': 'no-store' },
  });
  if (theme) {
    response.cookies.set(THEME_COOKIE, theme, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
      httpOnly: true,
      secure: request.nextUrl.protocol === 'https:',
    });
  } else {
    // "As the system": no choice kept.
    response.cookies.delete(THEME_COOKIE);
  }
  return response;
}
