import { z } from 'zod';
import type { Catalog } from '../catalog/schema.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { CheckoutStore } from '../store/types.js';
import type { EngineLogger } from './options.js';
import { DEFAULT_RETENTION_DAYS } from './retention.js';
import type { VatIdChecker } from './vatIdChecker.js';

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
const retentionDays = z
  .number()
  .int('must be a whole number of days')
  .min(1, 'must be at least 1 day')
  .default(DEFAULT_RETENTION_DAYS);

/** An invoice number's prefix: printed on invoices and in file names, so kept plain. */
export const invoicePrefixSchema = z
  .string()
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N}/._-]{0,19}$/u,
    'must be 1 to 20 letters, digits, or / . _ - (starting with a letter or digit), such as INV-',
  );

/**
 * The rules every option is checked by, with its default: a problem is reported with the
 * option's path (`throttle.windowMs`) and this message.
 */
export const optionsSchema = z.object({
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
  eventRetentionDays: retentionDays,
  sessionRetentionDays: retentionDays,
  invoicePrefix: invoicePrefixSchema.default('INV-'),
  planChanges: z
    .object({ downgrade: z.enum(['period_end', 'now']).default('period_end') })
    .strict()
    .default({ downgrade: 'period_end' }),
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
