/** Options of {@link buildContentSecurityPolicy} and {@link buildSecurityHeaders}. */
export interface SecurityHeadersOptions {
  /**
   * A fresh random value for this response, for pages rendered per request: the framework
   * puts it on its inline scripts (`'nonce-…'`). Omit it for a static file.
   */
  nonce?: string | undefined;
  /**
   * `sha256-…` (or sha384/sha512) hashes of the inline scripts of a page prerendered at
   * build time, which carries no nonce.
   */
  scriptHashes?: readonly string[] | undefined;
  /**
   * Origins a form may post to besides the site itself: the payment processor's hosted
   * pages (e.g. `https://checkout.stripe.com`). Default none.
   */
  formActionOrigins?: readonly string[] | undefined;
  /** Origins the page may fetch from besides itself (a processor's API). Default none. */
  connectOrigins?: readonly string[] | undefined;
  /** Origins the page may frame (a processor's card fields). Default none. */
  frameOrigins?: readonly string[] | undefined;
  /** Origins of scripts besides the site (a processor's script). Default none. */
  scriptOrigins?: readonly string[] | undefined;
  /**
   * The response is served over HTTPS: adds `Strict-Transport-Security` (two years,
   * subdomains included) and `upgrade-insecure-requests`.
   */
  https?: boolean | undefined;
  /**
   * The URL carries a secret (a checkout session id): `Referrer-Policy: no-referrer`, so
   * no link or resource request leaks it. Otherwise `strict-origin-when-cross-origin`.
   */
  secretInUrl?: boolean | undefined;
  /**
   * A development server: allows `'unsafe-eval'`, which React uses in development only to
   * rebuild server error stacks, and inline styles, which the development overlay injects.
   * Never set it in production.
   */
  development?: boolean | undefined;
}

// An origin, or every subdomain of one (`https://*.js.stripe.com`, as processors list them).
const ORIGIN = /^https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?$/i;
const HASH = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Checks each origin, so a typo or an injected `;` cannot widen or break the policy. */
function origins(list: readonly string[] | undefined, what: string): string[] {
  for (const origin of list ?? []) {
    if (!ORIGIN.test(origin))
      throw new Error(`${what}: ${JSON.stringify(origin)} is not an origin`);
  }
  return [...(list ?? [])];
}

/**
 * Builds a strict Content Security Policy for checkout pages: everything from the site
 * itself (`default-src 'self'`), scripts also by nonce (pages rendered per request) or by
 * hash (prerendered pages), never `'unsafe-eval'` outside development, no plugins, no
 * `<base>`, no framing by anyone (click-jacking), and forms posting only to the site and
 * the payment processor's origins. Pure: call it per response with a fresh nonce.
 */
export function buildContentSecurityPolicy(options: SecurityHeadersOptions = {}): string {
  const { nonce, scriptHashes = [], development = false, https = false } = options;
  if (nonce !== undefined && !NONCE.test(nonce)) throw new Error('nonce: not base64');
  for (const hash of scriptHashes) {
    if (!HASH.test(hash)) throw new Error(`scriptHashes: ${JSON.stringify(hash)} is not a hash`);
  }
  const script = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...scriptHashes.map((hash) => `'${hash}'`),
    ...origins(options.scriptOrigins, 'scriptOrigins'),
    ...(development ? ["'unsafe-eval'"] : []),
  ];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['connect-src', ["'self'", ...origins(options.connectOrigins, 'connectOrigins')]],
    ['frame-src', ["'self'", ...origins(options.frameOrigins, 'frameOrigins')]],
    ['form-action', ["'self'", ...origins(options.formActionOrigins, 'formActionOrigins')]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
  // The development server's overlay and hot reloading inject inline styles; production
  // pages have none, so there styles fall under default-src.
  if (development) directives.push(['style-src', ["'self'", "'unsafe-inline'"]]);
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Every security header of a checkout page: the Content Security Policy (see
 * {@link buildContentSecurityPolicy}), `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`, `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, a
 * `Permissions-Policy` that turns off the devices a checkout never uses and lets the payment
 * processor's frames use the Payment Request API (wallets), and HSTS over
 * HTTPS. Header names are lower case, ready for `Headers#set`.
 */
export function buildSecurityHeaders(options: SecurityHeadersOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': buildContentSecurityPolicy(options),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': options.secretInUrl ? 'no-referrer' : 'strict-origin-when-cross-origin',
    // The Payment Request API stays available to the site and to the processor's card-field
    // frames (`frameOrigins`): its wallets (Apple Pay, Google Pay) run in those frames, which
    // ask for `allow="payment"`, and a frame gets a permission only if the page's policy
    // names its origin (https://www.w3.org/TR/payment-request/#permissions-policy). Only
    // features every current browser knows: an unknown one logs a console warning.
    'permissions-policy': `camera=(), microphone=(), geolocation=(), usb=(), payment=(${[
      'self',
      ...origins(options.frameOrigins, 'frameOrigins').map((origin) => `"${origin}"`),
    ].join(' ')})`,
  };
  if (options.https) {
    headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  }
  return headers;
}
