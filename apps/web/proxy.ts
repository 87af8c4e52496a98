/**
 * In front of every page and Server Action: the adapter's proxy (lib/plankit.ts), which
 * refuses bad requests with a page of their own, answers 503 while the store does not,
 * moves the client's `x-forwarded-for` aside, sets the security headers with a fresh nonce
 * (or the cached page's script hashes), picks the visitor's language and rewrites each
 * public URL to that language's tree (`/checkout/pro` → `/de/checkout/pro`).
 */
export { proxy } from './lib/plankit';

export const config = {
  // Everything but the build's static files: pages, Server Actions, the icon.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
