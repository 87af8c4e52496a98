import type { ComponentType } from 'react';
import type { CatalogInput } from '../catalog/schema.js';
import type { EngineLogger } from '../engine/options.js';
import type { PaymentProvider } from '../providers/types.js';
import type { SqlClient } from '../store/sqlClient.js';

/**
 * What the adapter hands Stripe's card fields (a subset of `StripePaymentFieldsProps` of
 * `@plankit/checkout/stripe/client`, so `StripePaymentFields` fits as it is).
 */
export interface PlankitStripeFieldsProps {
  /** `STRIPE_PUBLISHABLE_KEY`, as the server read it when it started. */
  publishableKey: string;
  /** `STRIPE_JS_URL`: Stripe.js from a local stand-in (test keys only). */
  stripeJsUrl?: string;
  /** The catalog's default currency. */
  currency: string;
  /** What the element shows before the form's live charge replaces it (minor units). */
  amount: number;
  /** `setup` for a plan with a trial, else `subscription`. */
  mode: 'setup' | 'subscription';
}

/**
 * A payment provider of the host's own, made once per process when the store opens (it may
 * keep its records in the store's database through `client`).
 */
export type PlankitProviderFactory = (context: {
  /** The store's SQL client. */
  client: SqlClient;
}) => PaymentProvider;

/**
 * Where the checkout keeps its state. Unset fields come from the environment
 * (`DATABASE_URL`, `PLANKIT_DATA_DIR`, `PLANKIT_DB_*`); with no database URL, PGlite in
 * `.data/plankit` of the app's folder.
 */
export interface PlankitStoreOptions {
  /** A `postgres://` URL; empty: PGlite. Default: `DATABASE_URL`. */
  databaseUrl?: string | null;
  /** PGlite's folder. Default: `PLANKIT_DATA_DIR`, else `.data/plankit` in the app's folder. */
  dataDir?: string;
}

/**
 * The options of {@link createPlankit}. Only `catalog` is needed: everything else has a
 * default, and the settings that differ between deployments (keys, URLs, the merchant) are
 * read from the environment when the server runs, never when the app builds, under the same
 * names as the Plankit host (`PLANKIT_*`, `STRIPE_*`, `DATABASE_URL`; see the README's
 * "Configuration"). `provider`, `store`, `secret` and `checkoutPath` given here win over
 * their variables; `merchantName` and `merchantTax` apply where their variables are unset.
 */
export interface PlankitOptions {
  /** What is sold: a catalog, parsed once (an invalid one stops the build, naming the field). */
  catalog: CatalogInput;
  /**
   * The payment provider: `'test'` (the built-in test processor, served by the app itself),
   * `'stripe'` (needs `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`
   * and the `stripe` package), or a factory of the host's own. Default: Stripe when its keys
   * are set, else the test provider.
   */
  provider?: 'test' | 'stripe' | PlankitProviderFactory;
  /** Where the checkout keeps its state. Default: `DATABASE_URL`, else PGlite in `.data/`. */
  store?: PlankitStoreOptions;
  /**
   * The secret that signs receipt and manage links and hashes client addresses. Default:
   * `PLANKIT_SECRET`; unset, a development value with a warning (set it in production).
   */
  secret?: string;
  /** The first path segment of the checkout's pages. Default: `CHECKOUT_PATH`, else `checkout`. */
  checkoutPath?: string;
  /**
   * The merchant's name on the pages and emails when `PLANKIT_MERCHANT_NAME` is not set.
   * Default: `Plankit`.
   */
  merchantName?: string;
  /**
   * The merchant's country and VAT ID, for the EU reverse charge (a business buyer with a
   * valid VAT ID in another member state pays no VAT), when `PLANKIT_MERCHANT_COUNTRY` and
   * `PLANKIT_MERCHANT_VAT_ID` are not set. Default: none, no reverse charge.
   */
  merchantTax?: { country: string; vatId: string };
  /**
   * Whether the pages live in one tree per language, `app/[lang]/…`: the proxy then rewrites
   * each public URL (`/checkout/pro`) to the visitor's language's tree (`/de/checkout/pro`),
   * and the pages that are the same for every visitor are rendered once per process and
   * served from the cache. Default `false`: the pages sit at their public paths and read the
   * visitor's language per request.
   */
  languageTree?: boolean;
  /**
   * Stripe's card fields for the plan step's payment slot, when Stripe is the provider: a
   * client component taking `StripePaymentFieldsProps`, such as `StripePaymentFields` from
   * `@plankit/checkout/stripe/client` (the adapter does not import it, so an app without
   * Stripe bundles none of its code).
   */
  stripeFields?: ComponentType<PlankitStripeFieldsProps>;
  /** Where the engine, the proxy and the handlers log. Default: JSON lines on the console. */
  logger?: EngineLogger;
  /** The environment to read the settings from. Default: `process.env`, read at run time. */
  env?: Record<string, string | undefined>;
}
