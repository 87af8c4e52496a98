import 'server-only';
import type { ColorTheme, RequestContext } from '@plankit/checkout';
import { cookies, headers } from 'next/headers';
import { clientAddressOf, FORWARDED_CHAIN_HEADER } from './clientAddress';
import { config } from './config';
import { localeOfRequest } from './locale';
import { REQUEST_ID_HEADER } from './log';
import { THEME_HEADER, themeOf } from './theme';

/** The visitor's chosen color theme, as the proxy passed it on; null: the system's. */
export async function currentTheme(): Promise<ColorTheme | null> {
  return themeOf((await headers()).get(THEME_HEADER));
}

/** The proxy's id of the request being handled (for its log entries), or null outside one. */
export async function currentRequestId(): Promise<string | null> {
  return (await headers()).get(REQUEST_ID_HEADER);
}

const VISITOR_COOKIE = 'plankit_visitor';

/**
 * The visitor token a request's cookies carry, for handlers that get a plain `Request` (the
 * test processor's pages), read as `cookies()` reads it.
 */
export function visitorTokenOf(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The request's client address, visitor token and language. In a Server Action it also mints the
 * visitor cookie on first use; pages only read it (they cannot set cookies).
 */
export async function requestContext(options: { mintVisitor: boolean }): Promise<RequestContext> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  // `x-forwarded-for` holds the TCP peer's address here, never the client's claim: the
  // proxy moved the header the request came with aside (see clientAddress.ts).
  const clientAddress = clientAddressOf(
    headerList.get('x-forwarded-for'),
    headerList.get(FORWARDED_CHAIN_HEADER),
    config.trustedProxyHops,
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
  // The page's language, as the proxy chose it: kept with the checkout for its emails.
  return { clientAddress, visitorToken, locale: localeOfRequest(headerList) };
}
