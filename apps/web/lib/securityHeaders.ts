import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSecurityHeaders } from '@plankit/checkout/server';
import type { NextRequest } from 'next/server';
import { config } from './config';

let pageHashes: Readonly<Record<string, readonly string[]>> | undefined;

/**
 * Hashes of the inline scripts of each prerendered page, written by
 * `scripts/csp-hashes.mjs` after `next build`. Empty under `next dev`, where every page is
 * rendered per request and carries the nonce.
 */
function prerenderedScriptHashes(): Readonly<Record<string, readonly string[]>> {
  if (pageHashes) return pageHashes;
  try {
    pageHashes = JSON.parse(
      readFileSync(join(process.cwd(), '.next/plankit-csp-hashes.json'), 'utf8'),
    ) as Record<string, string[]>;
  } catch {
    pageHashes = {};
    if (process.env.NODE_ENV === 'production') {
      // Without the hashes the browser blocks the prerendered pages' inline scripts: they
      // still work as plain forms, but never hydrate.
      console.error(
        '[plankit] .next/plankit-csp-hashes.json is missing: build with `pnpm build` ' +
          '(next build && node scripts/csp-hashes.mjs) so prerendered pages can run their scripts',
      );
    }
  }
  return pageHashes;
}

/**
 * The security headers of one response (see `buildSecurityHeaders` in the package): a
 * nonce for what Next.js renders now, the hashes of the page it serves prerendered at this
 * path (any other path may be answered by the prerendered 404), the payment processor's
 * origins from `config.paymentProcessor`, `no-referrer` when the URL carries a checkout id.
 */
export function securityHeadersFor(
  request: NextRequest,
  nonce: string,
  /** The path of the page that answers: the language's (`/de/checkout/pro`) after the rewrite. */
  servedPath: string = request.nextUrl.pathname,
): Record<string, string> {
  const hashes = prerenderedScriptHashes();
  const { searchParams, protocol } = request.nextUrl;
  const pathname = servedPath;
  return buildSecurityHeaders({
    nonce,
    scriptHashes: hashes[pathname] ?? hashes['/_not-found'] ?? [],
    formActionOrigins: config.paymentProcessor.formAction,
    frameOrigins: config.paymentProcessor.frame,
    connectOrigins: config.paymentProcessor.connect,
    scriptOrigins: config.paymentProcessor.script,
    https: protocol === 'https:',
    // Not on the test processor's pages: their forms post to themselves, and under
    // `no-referrer` a browser sends such a post with `Origin: null`.
    secretInUrl: searchParams.has('session'),
    development: process.env.NODE_ENV === 'development',
  });
}
