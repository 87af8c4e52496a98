import { z } from 'zod';

import { BILLING_INTERVALS, PLAN_ID_PATTERN, RESERVED_PLAN_IDS } from './constants.js';
import { DEFAULT_CATALOG_LOCALE } from './localizedText.js';
import { localeKey, localizedText } from './localizedTextSchema.js';
import { roundToIncrement, stripeCurrency, stripeMinimumCharge } from './stripeCurrencies.js';

export type { BillingInterval } from './constants.js';
export { BILLING_INTERVALS, PLAN_ID_PATTERN, RESERVED_PLAN_IDS };

const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in capitals, such as EUR');
const minorAmount = z
  .number()
  .int('must be a whole number of minor units (cents)')
  .min(0, 'must not be negative');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 code such as DE');

const planIdSchema = z
  .string()
  .regex(
    PLAN_ID_PATTERN,
    'must be a slug: lowercase letters, digits and "-", at most 64 characters',
  )
  .refine((id) => !(RESERVED_PLAN_IDS as readonly string[]).includes(id), {
    message: 'is reserved by the checkout routes',
  });

const pricesPerCurrency = z
  .record(currencyCode, minorAmount)
  .refine((prices) => Object.keys(prices).length > 0, {
    message: 'needs at least one currency',
  })
  .superRefine((prices, ctx) => {
    for (const [currency, amount] of Object.entries(prices)) {
      const problem = stripeAmountProblem(currency, amount);
      if (problem) ctx.addIssue({ code: 'custom', path: [currency], message: problem });
    }
  });

/**
 * Why Stripe would refuse to charge a price, or `null`. A price of 0 is a free plan (Stripe
 * lets subscriptions charge 0); any other must be at or above Stripe's minimum charge and a
 * multiple of the currency's increment (see `stripeCurrencies.ts`), so that a catalog that
 * loads is one every checkout can charge.
 */
function stripeAmountProblem(currency: string, amount: number): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return null;
  const { exponent, increment } = stripeCurrency(currency);
  if (amount % increment !== 0) {
    const why =
      increment === 10
        ? `three-decimal ${currency} amounts must end in 0`
        : `${currency} is charged in whole units written with two decimals (5 ${currency} is 500)`;
    return `is ${amount}, not a multiple of ${increment}: Stripe's increment for ${currency} (${why})`;
  }
  const minimum = stripeMinimumCharge(currency);
  if (minimum !== null && amount < minimum) {
    const major = (minimum / 10 ** exponent).toFixed(exponent);
    return `is ${amount}, below Stripe's minimum charge in ${currency} of ${minimum} (${major} ${currency})`;
  }
  return null;
}

/** Schema of one plan in the catalog. */
export const planSchema = z
  .object({
    id: planIdSchema,
    /**
     * The plan's name, description, features and highlight: each a plain string for every
     * language, or per language (`{ en: 'Team', ja: 'チーム' }`, BCP 47 keys). Read them with
     * `planTexts(plan, locale)`, which falls back to `defaultLocale`.
     */
    name: localizedText(1),
    description: localizedText(0).default(''),
    features: z
      .union([z.array(z.string().min(1)), z.record(localeKey, z.array(z.string().min(1)))])
      .default([]),
    /** The language of the plan's texts when they name none; the catalog's `defaultLocale`. */
    defaultLocale: localeKey.default(DEFAULT_CATALOG_LOCALE),
    /**
     * Price per interval and currency, in the currency's minor unit as Stripe counts it
     * (ISK 100 kr is 10000), per seat for per-seat plans: 0, or at or above Stripe's
     * minimum charge and a multiple of its increment (KWD amounts end in 0).
     */
    prices: z
      .object({ monthly: pricesPerCurrency.optional(), yearly: pricesPerCurrency.optional() })
      .refine((p) => p.monthly !== undefined || p.yearly !== undefined, {
        message: 'needs a monthly or a yearly price',
      }),
    trialDays: z.number().int().min(1).max(365).optional(),
    seats: z
      .object({
        min: z.number().int().min(1),
        max: z.number().int().min(1).max(10_000),
        default: z.number().int().min(1).optional(),
      })
      .refine((s) => s.min <= s.max, { message: 'min must not exceed max' })
      .refine((s) => s.default === undefined || (s.default >= s.min && s.default <= s.max), {
        message: 'default must lie between min and max',
      })
      .optional(),
    /** Whether prices already include tax (`inclusive`) or tax is added on top (`exclusive`). */
    tax: z.enum(['inclusive', 'exclusive']).default('exclusive'),
    /** A retired plan stays in the catalog for old sessions but cannot be bought. */
    retired: z.boolean().default(false),
    highlight: localizedText(1).optional(),
  })
  .superRefine((plan, ctx) => {
    const currencies = (p?: Record<string, number>) =>
      Object.keys(p ?? {})
        .sort()
        .join(',');
    if (plan.prices.monthly && plan.prices.yearly) {
      if (currencies(plan.prices.monthly) !== currencies(plan.prices.yearly)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prices'],
          message: 'monthly and yearly must list the same currencies',
        });
      }
    }
  });

/** Schema of a promo code. */
export const promoCodeSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_-]{2,32}$/, 'must be 2-32 capital letters, digits, "-" or "_"'),
  percentOff: z.number().int().min(1).max(100),
  /** ISO date-time after which the code no longer applies. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** Plans it applies to, by id (each a plan of the catalog); all when absent. */
  planIds: z.array(planIdSchema).optional(),
});

/** Schema of a whole catalog. */
export const catalogSchema = z
  .object({
    plans: z.array(planSchema).min(1, 'needs at least one plan'),
    /**
     * The language of texts given for all languages, and the one a text falls back to when
     * it has none for the page's (default `en`). Every text given per language must have it.
     */
    defaultLocale: localeKey.default(DEFAULT_CATALOG_LOCALE),
    /** Currency shown first when a plan has several. */
    defaultCurrency: currencyCode,
    promoCodes: z.array(promoCodeSchema).default([]),
    /** Countries a visitor may choose, with their tax rate in basis points (1900 = 19%). */
    countries: z
      .array(
        z.object({
          code: countryCode,
          name: z.string().min(1),
          taxRateBasisPoints: z.number().int().min(0).max(10_000),
        }),
      )
      .min(1, 'needs at least one country'),
  })
  .superRefine((catalog, ctx) => {
    const seen = new Set<string>();
    catalog.plans.forEach((plan, index) => {
      for (const field of ['name', 'description', 'features', 'highlight'] as const) {
        const value = plan[field];
        const perLanguage =
          value !== undefined && typeof value === 'object' && !Array.isArray(value);
        if (perLanguage && !(catalog.defaultLocale in value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['plans', index, field],
            message: `has no text in the catalog's default locale ${catalog.defaultLocale}`,
          });
        }
      }
      if (seen.has(plan.id)) {
        ctx.addIssue({ code: 'custom', path: ['plans', index, 'id'], message: 'is used twice' });
      }
      seen.add(plan.id);
      for (const interval of BILLING_INTERVALS) {
        const prices = plan.prices[interval];
        if (prices && !(catalog.defaultCurrency in prices)) {
          ctx.addIssue({
            code: 'custom',
            path: ['plans', index, 'prices', interval],
            message: `has no price in the default currency ${catalog.defaultCurrency}`,
          });
        }
      }
    });
    const codes = new Set<string>();
    catalog.promoCodes.forEach((promo, index) => {
      if (codes.has(promo.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['promoCodes', index, 'code'],
          message: 'is used twice',
        });
      }
      codes.add(promo.code);
      // A misspelt plan id would make the code apply to no plan at all, silently.
      promo.planIds?.forEach((planId, j) => {
        if (!seen.has(planId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['promoCodes', index, 'planIds', j],
            message: `names no plan of the catalog (${JSON.stringify(planId)})`,
          });
        }
      });
      const takenUnder = promoUnderMinimum(promo, catalog.plans);
      if (takenUnder) {
        ctx.addIssue({
          code: 'custom',
          path: ['promoCodes', index, 'percentOff'],
          message: takenUnder,
        });
      }
    });
  })
  // A plan's texts given for all languages are in the catalog's default locale.
  .transform((catalog) => ({
    ...catalog,
    plans: catalog.plans.map((plan) => ({ ...plan, defaultLocale: catalog.defaultLocale })),
  }));

/**
 * Why a promo code would make a price Stripe cannot charge, or null: the discounted price
 * (fewest seats, before tax, which some countries add none of) must be 0 or at least
 * Stripe's minimum charge, as `quote()` rounds it.
 */
function promoUnderMinimum(
  promo: z.output<typeof promoCodeSchema>,
  plans: ReadonlyArray<z.output<typeof planSchema>>,
): string | null {
  for (const plan of plans) {
    if (promo.planIds && !promo.planIds.includes(plan.id)) continue;
    for (const interval of BILLING_INTERVALS) {
      for (const [currency, price] of Object.entries(plan.prices[interval] ?? {})) {
        const subtotal = price * (plan.seats?.min ?? 1);
        const left = subtotal - roundToIncrement((subtotal * promo.percentOff) / 100, currency);
        const minimum = stripeMinimumCharge(currency);
        if (minimum !== null && left > 0 && left < minimum) {
          return `takes plan ${JSON.stringify(plan.id)}'s ${interval} ${currency} price to ${left}, below Stripe's minimum charge in ${currency} of ${minimum}`;
        }
      }
    }
  }
  return null;
}

/** A catalog as a host writes it (defaults may be left out). */
export type CatalogInput = z.input<typeof catalogSchema>;
/** A validated catalog with every default filled in. */
export type Catalog = z.output<typeof catalogSchema>;
/** One validated plan. */
export type Plan = z.output<typeof planSchema>;
/** One validated promo code. */
export type PromoCode = z.output<typeof promoCodeSchema>;
/** A country a visitor can choose, with its tax rate. */
export type Country = Catalog['countries'][number];
