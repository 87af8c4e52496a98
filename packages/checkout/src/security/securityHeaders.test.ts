import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, buildSecurityHeaders } from './securityHeaders.js';

/** The policy as a map of directive → values. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the Content Security Policy of a page rendered per request', () => {
  const policy = directives(buildContentSecurityPolicy({ nonce: 'bm9uY2U=' }));

  it('allows the site, the nonce and nothing that evaluates strings', () => {
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
  });

  it('cannot be framed, has no base URI, no plugins, and posts forms only to the site', () => {
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });
});

describe('a prerendered page with a payment processor', () => {
  it('allows its inline scripts by hash and the processor as a form target', () => {
    const policy = directives(
      buildContentSecurityPolicy({
        scriptHashes: ['sha256-AbC+/1=='],
        formActionOrigins: ['https://checkout.stripe.com'],
      }),
    );
    expect(policy['script-src']).toEqual(["'self'", "'sha256-AbC+/1=='"]);
    expect(policy['form-action']).toEqual(["'self'", 'https://checkout.stripe.com']);
  });

  it('refuses an origin that would smuggle in another directive', () => {
    expect(() =>
      buildContentSecurityPolicy({
        formActionOrigins: ["https://a.example; script-src 'unsafe-inline'"],
      }),
    ).toThrow(/not an origin/);
    expect(() => buildContentSecurityPolicy({ nonce: "x' 'unsafe-inline" })).toThrow(/nonce/);
    expect(() => buildContentSecurityPolicy({ scriptHashes: ["sha256-x' *"] })).toThrow(/hash/);
  });
});

describe('the other security headers', () => {
  it('deny framing and sniffing, and keep a checkout id in the URL out of the referrer', () => {
    const headers = buildSecurityHeaders({ secretInUrl: true });
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('let the payment processor’s frames use the Payment Request API (wallets), and nobody else', () => {
    expect(buildSecurityHeaders()['permissions-policy']).toContain('payment=(self)');
    const stripe = buildSecurityHeaders({
      frameOrigins: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    });
    expect(stripe['permissions-policy']).toContain(
      'payment=(self "https://js.stripe.com" "https://*.js.stripe.com")',
    );
    expect(() => buildSecurityHeaders({ frameOrigins: ['https://x.example) camera=(*'] })).toThrow(
      /not an origin/,
    );
    expect(() => buildSecurityHeaders({ frameOrigins: ['https://*'] })).toThrow(/not an origin/);
  });

  it('add HSTS over HTTPS only', () => {
    const headers = buildSecurityHeaders({ https: true });
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it("allow 'unsafe-eval' and inline styles in development only", () => {
    const development = directives(buildContentSecurityPolicy({ development: true }));
    expect(development['script-src']).toContain("'unsafe-eval'");
    expect(development['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives(buildContentSecurityPolicy())['style-src']).toBeUndefined();
  });
});
