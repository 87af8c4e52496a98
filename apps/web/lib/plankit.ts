import { createPlankit } from '@plankit/checkout/next';
import { catalog } from './catalog';
import { engineLog } from './log';
import { StripeFields } from './StripeFields';

/**
 * The checkout of this host, on the package's Next.js adapter (`@plankit/checkout/next`,
 * issue 23): the route files under app/ re-export its parts. The demo's own choices are
 * here; everything that differs per deployment (`PLANKIT_*`, `STRIPE_*`, `DATABASE_URL`,
 * `CHECKOUT_PATH`) is read from the environment when the server starts (README,
 * "Configuration"). One tree of pages per language (`app/[lang]`), each page that is the
 * same for every visitor rendered once per process and served from the cache.
 */
export const plankit = createPlankit({
  catalog,
  languageTree: true,
  // The demo sells from Ireland, with a well-formed Irish VAT number, unless
  // PLANKIT_MERCHANT_NAME, PLANKIT_MERCHANT_COUNTRY and PLANKIT_MERCHANT_VAT_ID say otherwise.
  merchantName: 'Plankit Demo',
  merchantTax: { country: 'IE', vatId: 'IE6388047V' },
  stripeFields: StripeFields,
  // JSON lines with the request's id (lib/log.ts).
  logger: engineLog,
});

export const {
  PlanPage,
  generatePlanMetadata,
  generateStaticParams,
  FinishPage,
  generateFinishMetadata,
  ReceiptPage,
  generateReceiptMetadata,
  ManagePage,
  generateManageMetadata,
  FindSubscriptionPage,
  generateFindSubscriptionMetadata,
  NotFoundPage,
  generateNotFoundMetadata,
  GET,
  POST,
  HEAD,
  proxy,
} = plankit;
