import { join } from 'node:path';
import { stripeConfigFromEnv } from '@plankit/checkout/stripe';

/**
 * A whole number ≥ `min` from the environment, or undefined when unset; anything else stops
 * the server with a message (a timeout of 0 would mean none at all).
 */
function readCount(name: string, min = 0): number | undefined {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) {
    throw new Error(`${name} must be a whole number of ${min} or more, not ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/**
 * PLANKIT_DB_POOLER: `transaction` when DATABASE_URL points at a pooler in transaction mode
 * (PgBouncer `pool_mode = transaction`); unset: a direct connection (or session mode).
 */
function readPooler(): 'transaction' | undefined {
  const raw = process.env.PLANKIT_DB_POOLER?.trim();
  if (!raw) return undefined;
  if (raw !== 'transaction') {
    throw new Error(
      `PLANKIT_DB_POOLER must be "transaction" or unset (a direct connection, or a pooler in session mode), not ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

/** PLANKIT_WEBHOOK_URL and PLANKIT_WEBHOOK_SECRET together, or neither. */
function readWebhook(): { url: string; secret: string } | undefined {
  const url = process.env.PLANKIT_WEBHOOK_URL?.trim();
  const secret = process.env.PLANKIT_WEBHOOK_SECRET?.trim();
  if (!url && !secret) return undefined;
  if (!url || !secret) {
    throw new Error('Set PLANKIT_WEBHOOK_URL and PLANKIT_WEBHOOK_SECRET together (or neither).');
  }
  return { url, secret };
}

/**
 * Stripe, when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set
 * (STRIPE_API_BASE points the SDK at another server, e.g. the fake); null: the test
 * provider. Some but not all of them stops the server with a message naming each.
 */
const stripe = stripeConfigFromEnv(process.env);

/** The origin of Stripe's hosted pages: Stripe's own, or the fake's (STRIPE_API_BASE). */
const stripePages = stripe?.apiBase
  ? new URL(stripe.apiBase).origin
  : 'https://checkout.stripe.com';

/**
 * STRIPE_JS_URL (test keys only, checked by stripeConfigFromEnv): a Stripe.js stand-in, such
 * as the fake's, whose origin serves the script and answers its requests.
 */
const stripeJsOrigin = stripe?.stripeJsUrl ? [new URL(stripe.stripeJsUrl).origin] : [];

/**
 * The host's configuration, from environment variables (documented in the README).
 * CHECKOUT_PATH is read when the app builds too: the plan step is prerendered under it.
 */
export const config = {
  /** First path segment of the checkout routes. */
  checkoutPath: process.env.CHECKOUT_PATH || 'checkout',
  /** A PostgreSQL URL; when unset the embedded PGlite store is used. */
  databaseUrl: process.env.DATABASE_URL || null,
  /** Where PGlite keeps its data. */
  dataDir: process.env.PLANKIT_DATA_DIR || join(process.cwd(), '.data', 'plankit'),
  /** PostgreSQL: how long opening a connection may take (ms); unset: the package's 3 000. */
  dbConnectTimeoutMs: readCount('PLANKIT_DB_CONNECT_TIMEOUT_MS', 1),
  /** PostgreSQL: how long one statement may run (ms); unset: the package's 5 000. */
  dbStatementTimeoutMs: readCount('PLANKIT_DB_STATEMENT_TIMEOUT_MS', 1),
  /** PostgreSQL: most connections this process opens; unset: the package's 10. */
  dbPoolMax: readCount('PLANKIT_DB_POOL_MAX', 1),
  /**
   * PostgreSQL: `transaction` behind PgBouncer in transaction mode: no statement prepared by
   * name, the timeouts set per transaction (README, "Running in production").
   */
  dbPooler: readPooler(),
  /**
   * Days events with nothing left to deliver are kept, and days checkouts that ended
   * without an order are kept; unset: the package's 30. The engine's sweeps delete older
   * ones in batches (`pnpm plankit prune` does it all at once).
   */
  eventRetentionDays: readCount('PLANKIT_EVENT_RETENTION_DAYS', 1),
  sessionRetentionDays: readCount('PLANKIT_SESSION_RETENTION_DAYS', 1),
  /**
   * What invoice and credit-note numbers start with (`INV-2026-000042`); unset: `INV-`. The
   * engine refuses a prefix that is not 1 to 20 letters, digits, `/ . _ -`.
   */
  invoicePrefix: process.env.PLANKIT_INVOICE_PREFIX?.trim() || undefined,
  /**
   * Reverse proxies in front of the host that append the client's address to
   * `x-forwarded-for`. 0 (the default): the address is the TCP peer's and the header is
   * ignored, so a client cannot choose its own.
   */
  trustedProxyHops: readCount('PLANKIT_TRUSTED_PROXY_HOPS') ?? 0,
  /**
   * Secret for hashing client addresses, visitor tokens and no-JavaScript keys. Unset,
   * the engine uses a development value and logs a warning: set it in production.
   */
  secret: process.env.PLANKIT_SECRET || undefined,
  merchantName: process.env.PLANKIT_MERCHANT_NAME || 'Plankit Demo',
  /** Shown on receipts and in emails, one line per line of the address. */
  merchantAddress: process.env.PLANKIT_MERCHANT_ADDRESS || null,
  /**
   * The merchant's country and VAT ID for the EU reverse charge (a business buyer with a
   * valid VAT ID in another member state pays no VAT). The demo sells from Ireland with a
   * well-formed Irish VAT number. Read at build time too: the prerendered plan step shows
   * the reverse charge with them.
   */
  /**
   * The merchant's terms of service and privacy policy, linked beside the Pay button (read
   * at build time too: the plan step is prerendered). Unset: no link.
   */
  termsUrl: process.env.PLANKIT_TERMS_URL?.trim() || undefined,
  privacyUrl: process.env.PLANKIT_PRIVACY_URL?.trim() || undefined,
  merchantTax: {
    country: process.env.PLANKIT_MERCHANT_COUNTRY?.trim() || 'IE',
    vatId: process.env.PLANKIT_MERCHANT_VAT_ID?.trim() || 'IE6388047V',
  },
  /**
   * Business buyers' VAT IDs are checked offline (format and check digits) always; online
   * too when PLANKIT_VAT_CHECK_URL names a VIES REST endpoint
   * (https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number). Unset: offline
   * only. PLANKIT_VAT_CHECK_TIMEOUT_MS (default 3 000): past it, the ID is recorded unverified.
   */
  vatCheckUrl: process.env.PLANKIT_VAT_CHECK_URL?.trim() || null,
  vatCheckTimeoutMs: readCount('PLANKIT_VAT_CHECK_TIMEOUT_MS', 100),
  /**
   * Outgoing webhooks (Standard Webhooks): every event is posted to PLANKIT_WEBHOOK_URL,
   * signed with PLANKIT_WEBHOOK_SECRET (`whsec_…`). Both or neither.
   */
  webhook: readWebhook(),
  /** The SMTP server receipts go through (smtp://user:pass@host:587); unset: no emails. */
  smtpUrl: process.env.PLANKIT_SMTP_URL || null,
  /** The sender of the emails ("Shop <billing@shop.example>"). */
  mailFrom: process.env.PLANKIT_MAIL_FROM || null,
  /**
   * The host's public origin (https://shop.example): the links in emails start with it, and
   * a processor on another origin (Stripe) sends the buyer back to it. `PLANKIT_PUBLIC_URL`,
   * else `http://localhost:{PORT}`.
   */
  publicUrl: process.env.PLANKIT_PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`,
  /** The Stripe provider's settings, or null for the built-in test provider. */
  stripe,
  /**
   * The payment processor's origins, the one place the security headers learn them: where
   * its hosted payment page lets a form post (`form-action`), its scripts, its card fields'
   * frames (which also get the Payment Request API for wallets, through the
   * `Permissions-Policy`) and its API. The built-in test provider is served by the host
   * itself, so none. Stripe's are those its integration security guide lists for Stripe.js
   * and the Payment Element, Apple Pay and Google Pay included
   * (https://docs.stripe.com/security/guide#content-security-policy): Stripe.js and its
   * frames on `js.stripe.com` and its subdomains, 3-D Secure on `hooks.stripe.com`, the API
   * on `api.stripe.com`. (The Address Element's autocomplete would add Google Maps; the
   * checkout does not use it.) With STRIPE_JS_URL, its origin too (scripts and requests).
   */
  paymentProcessor: stripe
    ? {
        formAction: [stripePages],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com', ...stripeJsOrigin],
        script: ['https://js.stripe.com', 'https://*.js.stripe.com', ...stripeJsOrigin],
      }
    : {
        formAction: [] as string[],
        frame: [] as string[],
        connect: [] as string[],
        script: [] as string[],
      },
} as const;
