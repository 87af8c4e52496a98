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
  // The rightmost x-forwarded-for entry is the one our nearest proxy appended: the
  // address it saw. `next start` fills the header from the socket only when a request
  // has none, so without a proxy a client can send its own; the engine's overall failure
  // limit is the card-testing backstop for that case (README, "Configuration").
  const forwarded = headerList.get('x-forwarded-for')?.split(',') ?? [];
  const clientAddress = forwarded[forwarded.length - 1]?.trim() || null;
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
