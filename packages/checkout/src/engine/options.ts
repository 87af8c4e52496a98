// The engine's options: what `createCheckoutEngine` takes (public) and what it runs with
// once every default is filled in. The rules they are checked by are in optionsSchema.ts,
// and resolveEngineOptions.ts applies them.

import type { Catalog } from '../catalog/schema.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import type { PaymentProvider } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { CheckoutStore } from '../store/types.js';
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
  /**
   * The longest `engine.start()`'s background work sleeps before asking the store what is
   * due (default 1 minute): each sweep runs when due; this bounds how late a host sees work
   * another host scheduled, and how soon a sweep that made no progress is tried again.
   */
  sweepIntervalMs?: number;
  /**
   * Days an event is kept once nothing is left to deliver (each delivery done, or given up
   * after its retries), with its deliveries and attempts; the provider's webhook ids too
   * (default 30, as `PLANKIT_EVENT_RETENTION_DAYS`). The sweeps delete older ones in batches.
   */
  eventRetentionDays?: number;
  /**
   * Days a checkout that ended without an order (expired, canceled) is kept, and the
   * card-testing throttles' records (default 30, as `PLANKIT_SESSION_RETENTION_DAYS`).
   * Orders, subscriptions and completed checkouts are never deleted.
   */
  sessionRetentionDays?: number;
  /**
   * What every invoice number starts with (default `INV-`, as `PLANKIT_INVOICE_PREFIX`); the
   * year and a six-digit counter that starts again each year follow: `INV-2026-000042`.
   * Each paid order, renewal and credit note takes the next number of the store's
   * sequence in the transaction that records it, so numbers are never skipped or reused.
   */
  invoicePrefix?: string;
  /**
   * Plan changes from the manage page (issue 22.1). An upgrade (something is due now)
   * always applies at once and charges the prorated difference. A downgrade applies at the
   * end of the period (`downgrade: 'period_end'`, the default) or at once with the unused
   * part credited toward the next charges (`'now'`).
   */
  planChanges?: { downgrade?: 'period_end' | 'now' };
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
   * How often `engine.start()` looks for due events (handlers, webhooks, emails) when the
   * store cannot announce them (default 2 seconds); stores that do (PostgreSQL, PGlite)
   * deliver on each announcement and on the store's schedule instead.
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
  eventRetentionDays: number;
  sessionRetentionDays: number;
  invoicePrefix: string;
  planChanges: { downgrade: 'period_end' | 'now' };
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
