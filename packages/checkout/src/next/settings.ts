import { join } from 'node:path';
import { ConfigurationError } from '../errors/errors.js';
import { type StripeHostConfig, stripeConfigFromEnv } from '../providers/stripe/stripeConfig.js';
import type { PlankitOptions } from './options.js';

// What the adapter reads from the environment, under the names the Plankit host has always
// used (README, "Configuration"). Read when the server first needs it, never when the app
// builds: one build serves test keys in staging and live keys in production (issue 21).

type Env = Record<string, string | undefined>;

/** A whole number ≥ `min`, or undefined when unset; anything else is a configuration error. */
function readCount(env: Env, name: string, min = 0): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) {
    throw new ConfigurationError('createPlankit', [
      {
        path: name,
        message: `must be a whole number of ${min} or more, not ${JSON.stringify(raw)}`,
      },
    ]);
  }
  return Number(raw);
}

/** PLANKIT_DB_POOLER: `transaction` behind a pooler in transaction mode; unset: direct. */
function readPooler(env: Env): 'transaction' | undefined {
  const raw = env.PLANKIT_DB_POOLER?.trim();
  if (!raw) return undefined;
  if (raw !== 'transaction') {
    throw new ConfigurationError('createPlankit', [
      {
        path: 'PLANKIT_DB_POOLER',
        message: `must be "transaction" or unset (a direct connection, or a pooler in session mode), not ${JSON.stringify(raw)}`,
      },
    ]);
  }
  return raw;
}

/** PLANKIT_WEBHOOK_URL and PLANKIT_WEBHOOK_SECRET together, or neither. */
function readWebhook(env: Env): { url: string; secret: string } | undefined {
  const url = env.PLANKIT_WEBHOOK_URL?.trim();
  const secret = env.PLANKIT_WEBHOOK_SECRET?.trim();
  if (!url && !secret) return undefined;
  if (!url || !secret) {
    throw new ConfigurationError('createPlankit', [
      {
        path: 'PLANKIT_WEBHOOK_URL',
        message: 'set it and PLANKIT_WEBHOOK_SECRET together (or neither)',
      },
    ]);
  }
  return { url, secret };
}

/**
 * The merchant's country and VAT ID: PLANKIT_MERCHANT_COUNTRY and PLANKIT_MERCHANT_VAT_ID, each
 * else the option's; both or neither (no reverse charge).
 */
function readMerchantTax(
  options: PlankitOptions,
  env: Env,
): { country: string; vatId: string } | undefined {
  const country = env.PLANKIT_MERCHANT_COUNTRY?.trim() || options.merchantTax?.country;
  const vatId = env.PLANKIT_MERCHANT_VAT_ID?.trim() || options.merchantTax?.vatId;
  if (country && vatId) return { country, vatId };
  if (country || vatId) {
    throw new ConfigurationError('createPlankit', [
      {
        path: country ? 'PLANKIT_MERCHANT_VAT_ID' : 'PLANKIT_MERCHANT_COUNTRY',
        message: 'the merchant needs a country and a VAT ID together (or neither)',
      },
    ]);
  }
  return undefined;
}

/** The payment processor's origins, for the Content Security Policy. */
export interface ProcessorOrigins {
  /** Where the processor's hosted payment page lets a form post (`form-action`). */
  formAction: string[];
  /** Its card fields' frames (`frame-src`). */
  frame: string[];
  /** Its API (`connect-src`). */
  connect: string[];
  /** Its scripts (`script-src`). */
  script: string[];
}

/**
 * Stripe's origins, as its integration security guide lists them for Stripe.js and the
 * Payment Element (https://docs.stripe.com/security/guide#content-security-policy), and
 * those of STRIPE_API_BASE (the fake's hosted pages) and STRIPE_JS_URL.
 */
function stripeOrigins(stripe: StripeHostConfig | null): ProcessorOrigins {
  if (!stripe) return { formAction: [], frame: [], connect: [], script: [] };
  const pages = stripe.apiBase ? new URL(stripe.apiBase).origin : 'https://checkout.stripe.com';
  const js = stripe.stripeJsUrl ? [new URL(stripe.stripeJsUrl).origin] : [];
  return {
    formAction: [pages],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com', ...js],
    script: ['https://js.stripe.com', 'https://*.js.stripe.com', ...js],
  };
}

/** Every setting of the adapter, resolved from the options and the environment. */
export interface PlankitSettings {
  /** The checkout's first path segment (`checkoutPath`, `CHECKOUT_PATH`). */
  checkoutPath: string;
  /** A PostgreSQL URL (`DATABASE_URL`); null: PGlite. */
  databaseUrl: string | null;
  /** PGlite's folder (`PLANKIT_DATA_DIR`). */
  dataDir: string;
  /** `PLANKIT_DB_CONNECT_TIMEOUT_MS`. */
  dbConnectTimeoutMs: number | undefined;
  /** `PLANKIT_DB_STATEMENT_TIMEOUT_MS`. */
  dbStatementTimeoutMs: number | undefined;
  /** `PLANKIT_DB_POOL_MAX`. */
  dbPoolMax: number | undefined;
  /** `PLANKIT_DB_POOLER`. */
  dbPooler: 'transaction' | undefined;
  /** `PLANKIT_EVENT_RETENTION_DAYS`. */
  eventRetentionDays: number | undefined;
  /** `PLANKIT_SESSION_RETENTION_DAYS`. */
  sessionRetentionDays: number | undefined;
  /** `PLANKIT_INVOICE_PREFIX`. */
  invoicePrefix: string | undefined;
  /** `PLANKIT_TRUSTED_PROXY_HOPS` (0: the TCP peer is the client). */
  trustedProxyHops: number;
  /** `secret`, `PLANKIT_SECRET`. */
  secret: string | undefined;
  /** `PLANKIT_MERCHANT_NAME`, else `merchantName`. */
  merchantName: string;
  /** `PLANKIT_MERCHANT_ADDRESS`. */
  merchantAddress: string | null;
  /** `PLANKIT_TERMS_URL`. */
  termsUrl: string | undefined;
  /** `PLANKIT_PRIVACY_URL`. */
  privacyUrl: string | undefined;
  /** The merchant's country and VAT ID (the EU reverse charge), when known. */
  merchantTax: { country: string; vatId: string } | undefined;
  /** `PLANKIT_VAT_CHECK_URL`. */
  vatCheckUrl: string | null;
  /** `PLANKIT_VAT_CHECK_TIMEOUT_MS`. */
  vatCheckTimeoutMs: number | undefined;
  /** `PLANKIT_WEBHOOK_URL` and `PLANKIT_WEBHOOK_SECRET`. */
  webhook: { url: string; secret: string } | undefined;
  /** `PLANKIT_SMTP_URL`. */
  smtpUrl: string | null;
  /** `PLANKIT_MAIL_FROM`. */
  mailFrom: string | null;
  /** `PLANKIT_PUBLIC_URL`, else `http://localhost:{PORT}`. */
  publicUrl: string;
  /** Stripe's settings when Stripe is the provider; null otherwise. */
  stripe: StripeHostConfig | null;
  /** Which provider the engine gets. */
  provider: 'test' | 'stripe' | 'custom';
  /** The processor's origins, for the Content Security Policy. */
  paymentProcessor: ProcessorOrigins;
}

/**
 * The settings, from the options and then the environment. A value that is not valid
 * throws a {@link ConfigurationError} naming it.
 */
export function readSettings(options: PlankitOptions, env: Env): PlankitSettings {
  const fromEnv = stripeConfigFromEnv(env);
  const provider =
    typeof options.provider === 'function'
      ? 'custom'
      : (options.provider ?? (fromEnv ? 'stripe' : 'test'));
  if (provider === 'stripe' && !fromEnv) {
    throw new ConfigurationError('createPlankit', [
      {
        path: 'provider',
        message:
          "'stripe' needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
      },
    ]);
  }
  const stripe = provider === 'stripe' ? fromEnv : null;
  return {
    checkoutPath: options.checkoutPath ?? (env.CHECKOUT_PATH || 'checkout'),
    databaseUrl:
      options.store?.databaseUrl !== undefined
        ? options.store.databaseUrl || null
        : env.DATABASE_URL || null,
    dataDir:
      options.store?.dataDir ?? (env.PLANKIT_DATA_DIR || join(process.cwd(), '.data', 'plankit')),
    dbConnectTimeoutMs: readCount(env, 'PLANKIT_DB_CONNECT_TIMEOUT_MS', 1),
    dbStatementTimeoutMs: readCount(env, 'PLANKIT_DB_STATEMENT_TIMEOUT_MS', 1),
    dbPoolMax: readCount(env, 'PLANKIT_DB_POOL_MAX', 1),
    dbPooler: readPooler(env),
    eventRetentionDays: readCount(env, 'PLANKIT_EVENT_RETENTION_DAYS', 1),
    sessionRetentionDays: readCount(env, 'PLANKIT_SESSION_RETENTION_DAYS', 1),
    invoicePrefix: env.PLANKIT_INVOICE_PREFIX?.trim() || undefined,
    trustedProxyHops: readCount(env, 'PLANKIT_TRUSTED_PROXY_HOPS') ?? 0,
    secret: options.secret ?? (env.PLANKIT_SECRET || undefined),
    merchantName: env.PLANKIT_MERCHANT_NAME || options.merchantName || 'Plankit',
    merchantAddress: env.PLANKIT_MERCHANT_ADDRESS || null,
    termsUrl: env.PLANKIT_TERMS_URL?.trim() || undefined,
    privacyUrl: env.PLANKIT_PRIVACY_URL?.trim() || undefined,
    merchantTax: readMerchantTax(options, env),
    vatCheckUrl: env.PLANKIT_VAT_CHECK_URL?.trim() || null,
    vatCheckTimeoutMs: readCount(env, 'PLANKIT_VAT_CHECK_TIMEOUT_MS', 100),
    webhook: readWebhook(env),
    smtpUrl: env.PLANKIT_SMTP_URL || null,
    mailFrom: env.PLANKIT_MAIL_FROM || null,
    publicUrl: env.PLANKIT_PUBLIC_URL || `http://localhost:${env.PORT || 3000}`,
    stripe,
    provider,
    paymentProcessor: stripeOrigins(stripe),
  };
}
