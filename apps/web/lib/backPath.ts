import type { NextRequest } from 'next/server';

/**
 * A same-origin path to send the visitor back to after a menu's choice (the `back`
 * parameter, else the page that sent them), or null: never another site (no open
 * redirect), never the menu's own endpoint. The host is the request's own `Host`: behind
 * Next.js, `nextUrl` may name another.
 */
export function backPath(request: NextRequest, endpoint: string): string | null {
  const host = request.headers.get('host');
  if (!host) return null;
  const base = `http://${host}`;
  const candidates = [request.nextUrl.searchParams.get('back'), request.headers.get('referer')];
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
