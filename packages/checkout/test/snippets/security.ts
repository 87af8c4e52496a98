// security.ts: the security headers of a checkout page, for any server (here a fetch handler).
import { randomBytes } from 'node:crypto';
import { buildSecurityHeaders } from '@plankit/checkout/server';

export function withSecurityHeaders(request: Request, response: Response): Response {
  const url = new URL(request.url);
  const headers = buildSecurityHeaders({
    // A fresh nonce per response; put the same value on your inline <script nonce="…">.
    nonce: randomBytes(16).toString('base64'),
    // Prerendered HTML carries no nonce: list its inline scripts' hashes instead.
    scriptHashes: [],
    // Where your payment processor's hosted page lets a form post, e.g. Stripe Checkout.
    formActionOrigins: ['https://checkout.stripe.com'],
    https: url.protocol === 'https:',
    // The finish page's URL carries the checkout id: send no Referer with it.
    secretInUrl: url.searchParams.has('session'),
  });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
