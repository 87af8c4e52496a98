import { buildSecurityHeaders } from '@plankit/checkout/server';
import type { NextRequest } from 'next/server';
import { config } from './config';

/**
 * The security headers of one response (see `buildSecurityHeaders` in the package): a
 * nonce for what Next.js renders now, the hashes of the inline scripts of a page it serves
 * from its cache (lib/staticPages.ts), the payment processor's origins from
 * `config.paymentProcessor`, `no-referrer` when the URL carries a checkout id.
 */
export function securityHeadersFor(
  request: NextRequest,
  nonce: string,
  scriptHashes: readonly string[],
): Record<string, string> {
  const { searchParams, protocol } = request.nextUrl;
  return buildSecurityHeaders({
    nonce,
    scriptHashes,
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
