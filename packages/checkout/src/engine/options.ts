import { z } from 'zod';
import type { Catalog } from '../catalog/schema.js';
import { ConfigurationError } from '../errors/errors.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { CheckoutStore } from '../store/types.js';
import { checkVatId } from '../validation/vatId.js';
import { DEV_SECRET } from './clientKeys.js';
import type { ThrottleLimits } from './throttle.js';
import type { VatIdChecker } from './vatIdChecker.js';

/** Where the engine reports failures; never given card numbers, CVCs or emails. */
export type EngineLogger = Pick<Console, 'error' | 'warn' | 'info'>;

/** Options of `createCheckoutEngine`. */
export interface CheckoutEngineOptions {
  /** The validated plan catalog (`parseCatalog`): the only source of plans and prices. */
  catalog: Catalog;
  /** Where sessions, orders and subscriptions live (`openCheckoutStore`, `createSqlStore`). */
  store: CheckoutStore;
  /** Who takes the payment: the test provider or a real processor. */
  provider: PaymentProvider;
  /** The route helper; every redirect and link the engine returns is built with it. */
  routes: CheckoutRoutes;
  /** Shown on the payment's description and the test bank page (default `Plankit`). */
  merchantName?: string;
  /** How long a session can be paid, in milliseconds (default 24 hours). */
  sessionTtlMs?: number;
  /**
   * How long the request that starts a payment attempt holds it, in milliseconds (default 2
   * minutes). After that (the request died, or the provider never answered) a retry or the
   * reconcile sweep resumes the attempt under the same provider key, which cannot charge
   * twice.
   */
  attemptLeaseMs?: number;
  /** How long a payment provider call may take before it counts as failed (default 30 s). */
  providerTimeoutMs?: number;
  /** Limits on failed payments and promo code guesses (card-testing defence). */
  throttle?: {
    /** Failed payments per session within the window (default 5). */
    maxFailuresPerSession?: number;
    /** Failed payments per client address within the window (default 10). */
    maxFailuresPerClient?: number;
    /** Failed payments per buyer email within the window, across sessions (default 10). */
    maxFailuresPerEmail?: number;
    /**
     * Failed payments of all visitors within the window (default 100) beyond which every
     * payment waits `overallDelayMs` first: friction against an attack from many addresses,
     * never a refusal (one attacker must not be able to shut the shop).
     */
    maxFailuresOverall?: number;
    /** The wait past `maxFailuresOverall`, in milliseconds (default 3000). */
    overallDelayMs?: number;
    /** Unknown or expired promo codes per client address within the window (default 20). */
    maxPromoFailuresPerClient?: number;
    /** Unknown or expired promo codes per checkout within the window (default 10). */
    maxPromoFailuresPerCheckout?: number;
    /** Sliding window in milliseconds (default 15 minutes). */
    windowMs?: number;
  };
  /** How often `engine.start()` runs the sweeps, in milliseconds (default 1 minute). */
  sweepIntervalMs?: number;
  /**
   * HMAC key for hashing client addresses, visitor tokens and no-JS idempotency keys, at
   * least 16 characters. Defaults to a fixed development value: set a long random secret in
   * production (the engine warns when `NODE_ENV` is `production` and none is set).
   */
  secret?: string;
  /** Where failures are reported (default `console`). Never receives card numbers or CVCs. */
  logger?: EngineLogger;
  /**
   * Outgoing webhooks (Standard Webhooks): every event is posted to `url`, signed with
   * `secret` (a `whsec_…` key, as `PLANKIT_WEBHOOK_SECRET`); a 2xx answer within
   * `timeoutMs` (default 10 s) is a delivery, anything else is retried with backoff for about
   * three days.
   */
  webhook?: { url: string; secret: string; timeoutMs?: number };
  /**
   * How often `engine.start()` delivers due events (handlers, webhooks, emails), in
   * milliseconds (default 2 seconds).
   */
  deliveryIntervalMs?: number;
  /**
   * The buyer's emails (receipts, renewal receipts, past-due and ended notices), sent from
   * the outbox through the SMTP server at `smtpUrl` (`smtp://user:pass@host:587`, as
   * `PLANKIT_SMTP_URL`) from `from` (`PLANKIT_MAIL_FROM`). Needs `publicUrl` for the links.
   * Without it, no email is sent.
   */
  email?: { smtpUrl: string; from: string };
  /** The site's origin (`https://shop.example`, as `PLANKIT_PUBLIC_URL`): links in emails. */
  publicUrl?: string;
  /** The merchant's postal address, on receipts and emails (lines separated by `;` or newlines). */
  merchantAddress?: string;
  /**
   * The merchant's country (ISO 3166, as `PLANKIT_MERCHANT_COUNTRY`). With `merchantVatId`, a
   * business buyer with a valid VAT ID in another EU member state pays no VAT (reverse charge).
   */
  merchantCountry?: string;
  /** The merchant's VAT ID with its prefix (as `PLANKIT_MERCHANT_VAT_ID`), on reverse-charged receipts. */
  merchantVatId?: string;
  /**
   * An online check of business buyers' VAT IDs (`createViesVatIdChecker()` asks the EU's
   * VIES). Without it, IDs are checked offline only (format and check digits).
   */
  vatIdChecker?: VatIdChecker;
  /** How long the online check may take before the ID is recorded as unverified (default 3 s). */
  vatIdCheckTimeoutMs?: number;
  /**
   * The text of the buyer's emails in the checkout's language (the session's `locale`):
   * overrides of the English catalog, or undefined to keep English.
   */
  messagesFor?: (locale: string) => Partial<CheckoutMessages> | undefined;
}

/** The options with every default filled in. */
export interface ResolvedEngineOptions {
  catalog: Catalog;
  store: CheckoutStore;
  provider: PaymentProvider;
  routes: CheckoutRoutes;
  merchantName: string;
  sessionTtlMs: number;
  attemptLeaseMs: number;
  providerTimeoutMs: number;
  throttle: ThrottleLimits;
  sweepIntervalMs: number;
  secret: string;
  secretIsDefault: boolean;
  logger: EngineLogger;
  webhook: { url: string; secret: string; timeoutMs: number } | null;
  deliveryIntervalMs: number;
  email: { smtpUrl: string; from: string } | null;
  publicUrl: string | null;
  merchantAddress: string | null;
  merchantCountry: string | null;
  merchantVatId: string | null;
  vatIdChecker: VatIdChecker | null;
  vatIdCheckTimeoutMs: number;
  messagesFor: ((locale: string) => Partial<CheckoutMessages> | undefined) | null;
}

const MINUTE = 60_000;

/** An object that has every one of these methods. */
function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    methods.every((name) => typeof (value as Record<string, unknown>)[name] === 'function')
  );
}

const positiveMs = (fallback: number) => z.number().int().positive().default(fallback);
const positiveCount = (fallback: number) => z.number().int().min(1).default(fallback);

const optionsSchema = z.object({
  catalog: z.custom<Catalog>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      Array.isArray((value as Catalog).plans) &&
      Array.isArray((value as Catalog).countries),
    'must be a catalog parsed with parseCatalog()',
  ),
  store: z.custom<CheckoutStore>(
    (value) =>
      hasMethods(value, ['migrate', 'startAttempt', 'applyEvent', 'getSessionRecord']) &&
      hasMethods((value as CheckoutStore).clock, ['now', 'onChange']),
    'must be a CheckoutStore (openCheckoutStore() or createSqlStore())',
  ),
  provider: z.custom<PaymentProvider>(
    (value) =>
      hasMethods(value, [
        'createIntent',
        'confirmIntent',
        'retrieveIntent',
        'cancelIntent',
        'chargeSavedMethod',
        'parseWebhook',
      ]) &&
      typeof (value as PaymentProvider).id === 'string' &&
      ['engine', 'provider'].includes((value as PaymentProvider).renews) &&
      // A provider that renews subscriptions itself must be able to stop them.
      ((value as PaymentProvider).renews === 'engine' ||
        typeof (value as PaymentProvider).setCancelAtPeriodEnd === 'function'),
    "must be a PaymentProvider (createTestPaymentProvider() or your own; with renews: 'provider', also setCancelAtPeriodEnd)",
  ),
  routes: z.custom<CheckoutRoutes>(
    (value) => hasMethods(value, ['plan', 'finish', 'webhook', 'match']),
    'must be the route helper (createCheckoutRoutes())',
  ),
  merchantName: z.string().trim().min(1, 'must not be empty').default('Plankit'),
  sessionTtlMs: positiveMs(24 * 60 * MINUTE),
  attemptLeaseMs: z
    .number()
    .int()
    .min(1000, 'must be at least 1000 ms')
    .default(2 * MINUTE),
  providerTimeoutMs: z.number().int().min(100, 'must be at least 100 ms').default(30_000),
  throttle: z
    .object({
      maxFailuresPerSession: positiveCount(5),
      maxFailuresPerClient: positiveCount(10),
      maxFailuresPerEmail: positiveCount(10),
      maxFailuresOverall: positiveCount(100),
      overallDelayMs: z.number().int().min(0).max(30_000, 'must be at most 30000 ms').default(3000),
      maxPromoFailuresPerClient: positiveCount(20),
      maxPromoFailuresPerCheckout: positiveCount(10),
      windowMs: positiveMs(15 * MINUTE),
    })
    .strict()
    .default({
      maxFailuresPerSession: 5,
      maxFailuresPerClient: 10,
      maxFailuresPerEmail: 10,
      maxFailuresOverall: 100,
      overallDelayMs: 3000,
      maxPromoFailuresPerClient: 20,
      maxPromoFailuresPerCheckout: 10,
      windowMs: 15 * MINUTE,
    }),
  sweepIntervalMs: z.number().int().min(1000, 'must be at least 1000 ms').default(MINUTE),
  secret: z.string().min(16, 'must be at least 16 characters').optional(),
  logger: z
    .custom<EngineLogger>(
      (value) => hasMethods(value, ['error', 'warn', 'info']),
      'must have error, warn and info methods',
    )
    .default(console),
  webhook: z
    .object({
      url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
      secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{24,}$/, 'must be a whsec_… secret (base64)'),
      timeoutMs: z.number().int().min(100).default(10_000),
    })
    .strict()
    .optional(),
  deliveryIntervalMs: z.number().int().min(50, 'must be at least 50 ms').default(2000),
  email: z
    .object({
      smtpUrl: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
      from: z.string().trim().min(3, 'must be a sender address'),
    })
    .strict()
    .optional(),
  publicUrl: z.url({ protocol: /^https?$/, error: 'must be the site’s http(s) origin' }).optional(),
  merchantAddress: z.string().trim().min(1).optional(),
  merchantCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 code such as IE')
    .optional(),
  merchantVatId: z.string().trim().min(1).optional(),
  vatIdChecker: z
    .custom<VatIdChecker>((value) => hasMethods(value, ['check']), 'must have a check() method')
    .optional(),
  vatIdCheckTimeoutMs: z.number().int().min(100, 'must be at least 100 ms').default(3000),
  messagesFor: z
    .custom<(locale: string) => Partial<CheckoutMessages> | undefined>(
      (value) => typeof value === 'function',
      'must be a function of the locale',
    )
    .optional(),
});

/**
 * Checks the engine's options and fills in the defaults.
 * @throws ConfigurationError naming every problem (`throttle.windowMs: …`).
 */
export function resolveEngineOptions(options: CheckoutEngineOptions): ResolvedEngineOptions {
  // `secret: ''` or undefined from an unset environment variable means "not set".
  const input =
    typeof options === 'object' && options !== null && options.secret === ''
      ? { ...options, secret: undefined }
      : options;
  const result = optionsSchema.strict().safeParse(input);
  if (!result.success) {
    throw new ConfigurationError(
      'createCheckoutEngine',
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message:
          issue.code === 'unrecognized_keys'
            ? `unknown option(s) ${issue.keys.join(', ')}`
            : issue.message,
      })),
    );
  }
  const {
    secret,
    webhook,
    email,
    publicUrl,
    merchantAddress,
    merchantCountry,
    merchantVatId,
    vatIdChecker,
    messagesFor,
    ...rest
  } = result.data;
  // A reverse-charged invoice must name the merchant's VAT ID: one that fails its own
  // country's check digits would print a wrong invoice on every business sale.
  const merchantVat =
    merchantCountry && merchantVatId ? checkVatId(merchantCountry, merchantVatId) : null;
  if (merchantVatId && !merchantVat) {
    throw new ConfigurationError('createCheckoutEngine', [
      {
        path: 'merchantVatId',
        message: merchantCountry
          ? `is not a valid VAT ID of ${merchantCountry}`
          : 'needs `merchantCountry`',
      },
    ]);
  }
  if (email && !publicUrl) {
    throw new ConfigurationError('createCheckoutEngine', [
      { path: 'publicUrl', message: 'is needed with `email`: the emails link to the receipt' },
    ]);
  }
  return {
    ...rest,
    webhook: webhook ?? null,
    email: email ?? null,
    publicUrl: publicUrl ?? null,
    merchantAddress: merchantAddress ?? null,
    merchantCountry: merchantCountry ?? null,
    merchantVatId: merchantVat?.vatId ?? null,
    vatIdChecker: vatIdChecker ?? null,
    messagesFor: messagesFor ?? null,
    secret: secret ?? DEV_SECRET,
    secretIsDefault: secret === undefined,
  };
}
