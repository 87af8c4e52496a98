import { buildSecurityHeaders } from '../security/securityHeaders.js';
import type { PlankitRuntime } from './runtime.js';

/**
 * The security headers of one response (`buildSecurityHeaders`): a nonce for what Next.js
 * renders now, the hashes of the inline scripts of a page served from the cache
 * (staticPages.ts), the payment processor's origins, `no-referrer` when the URL carries a
 * checkout id.
 */
export function securityHeadersFor(
  runtime: PlankitRuntime,
  url: URL,
  nonce: string,
  scriptHashes: readonly string[],
): Record<string, string> {
  const processor = runtime.settings().paymentProcessor;
  return buildSecurityHeaders({
    nonce,
    scriptHashes,
    formActionOrigins: processor.formAction,
    frameOrigins: processor.frame,
    connectOrigins: processor.connect,
    scriptOrigins: processor.script,
    https: url.protocol === 'https:',
    // Not on the test processor's pages: their forms post to themselves, and under
    // `no-referrer` a browser sends such a post with `Origin: null`.
    secretInUrl: url.searchParams.has('session'),
    development: process.env.NODE_ENV === 'development',
  });
}
