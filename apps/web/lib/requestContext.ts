import 'server-only';
import type { RequestContext } from '@plankit/checkout';
import { cookies, headers } from 'next/headers';

const VISITOR_COOKIE = 'plankit_visitor';

/**
 * The request's client address and visitor token. In a Server Action it also mints the
 * visitor cookie on first use; pages only read it (they cannot set cookies).
 */
export async function requestContext(options: { mintVisitor: boolean }): Promise<RequestContext> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  // next start sets x-forwarded-for from the socket; behind a proxy, the proxy sets it.
  const clientAddress = headerList.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
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
  return { clientAddress, visitorToken };
}
