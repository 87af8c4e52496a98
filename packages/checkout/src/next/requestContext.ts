import { cookies, headers } from 'next/headers.js';
import type { ColorTheme, RequestContext } from '../index.js';
import { clientAddressOf, FORWARDED_CHAIN_HEADER } from './clientAddress.js';
import { VISITOR_COOKIE } from './engineHolder.js';
import { localeOfRequest } from './locale.js';
import { REQUEST_ID_HEADER } from './requestScope.js';
import type { PlankitRuntime } from './runtime.js';
import { THEME_HEADER, themeOf } from './theme.js';

/** The visitor's chosen color theme, as the proxy passed it on; null: the system's. */
export async function currentTheme(): Promise<ColorTheme | null> {
  return themeOf((await headers()).get(THEME_HEADER));
}

/** The proxy's id of the request being handled (for its log entries), or null. */
export async function currentRequestIdHeader(): Promise<string | null> {
  return (await headers()).get(REQUEST_ID_HEADER);
}

/**
 * The request's client address, visitor token and language. In a Server Action it also
 * mints the visitor cookie on first use; pages only read it (they cannot set cookies).
 */
export async function requestContext(
  runtime: PlankitRuntime,
  options: { mintVisitor: boolean },
): Promise<RequestContext> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  // Behind the proxy, `x-forwarded-for` holds the TCP peer's address, never the client's
  // claim: the proxy moved the header the request came with aside (clientAddress.ts).
  const clientAddress = clientAddressOf(
    headerList.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null,
    headerList.get(FORWARDED_CHAIN_HEADER),
    runtime.settings().trustedProxyHops,
  );
  let visitorToken = cookieStore.get(VISITOR_COOKIE)?.value ?? null;
  if (!visitorToken && options.mintVisitor) {
    visitorToken = globalThis.crypto.randomUUID();
    cookieStore.set(VISITOR_COOKIE, visitorToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: headerList.get('x-forwarded-proto') === 'https',
      path: '/',
      maxAge: 60 * 60 * 24 * 30,
    });
  }
  // The page's language: kept with the checkout for its emails.
  return { clientAddress, visitorToken, locale: localeOfRequest(headerList) };
}
