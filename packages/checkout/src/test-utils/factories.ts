import type { z } from 'zod';
import {
  type Catalog,
  type CatalogInput,
  catalogSchema,
  type Plan,
  type PromoCode,
  planSchema,
  promoCodeSchema,
} from '../catalog/schema.js';

/** A plan as a catalog author writes it (defaults may be left out). */
export type PlanInput = z.input<typeof planSchema>;
/** A promo code as a catalog author writes it. */
export type PromoCodeInput = z.input<typeof promoCodeSchema>;

/**
 * Builds a validated plan. Without overrides it is a plain monthly/yearly EUR plan with
 * no seats, no trial and exclusive tax; overrides replace top-level fields whole
 * (`makePlan({ seats: { min: 1, max: 50 } })`). Runs through `planSchema` so a test can
 * never hold a plan the real catalog would reject.
 */
export function makePlan(overrides: Partial<PlanInput> = {}): Plan {
  return planSchema.parse({
    id: 'starter',
    name: 'Starter',
    prices: { monthly: { EUR: 900 }, yearly: { EUR: 9000 } },
    ...overrides,
  });
}

/** Builds a validated promo code: `LAUNCH20` (20% off, no expiry, every plan) by default. */
export function makePromoCode(overrides: Partial<PromoCodeInput> = {}): PromoCode {
  return promoCodeSchema.parse({ code: 'LAUNCH20', percentOff: 20, ...overrides });
}

/**
 * Builds a validated catalog shaped like the demo one, small enough to reason about in a
 * test. Default currency EUR; every paid plan is also sold in USD, `starter` in JPY too.
 *
 * - `starter`: 9 €/month, 90 €/year (JPY 1 500 / 15 000)
 * - `pro`: 29 €/month, 290 €/year, 14-day trial
 * - `team`: 12 €/seat/month, 120 €/seat/year, 2-50 seats (default 5)
 * - `free`: 0 €/month, monthly only
 *
 * Countries: DE 19%, FR 20%, GB 20%, US 0%, JP 10%, NL 21%.
 * Promo codes: `LAUNCH20` (20% off, no expiry), `EXPIRED10` (10% off, expired in 2020).
 * Overrides replace top-level fields whole (`makeCatalog({ plans: [makePlan()] })`).
 */
export function makeCatalog(overrides: Partial<CatalogInput> = {}): Catalog {
  return catalogSchema.parse({
    defaultCurrency: 'EUR',
    plans: [
      makePlan({
        id: 'starter',
        name: 'Starter',
        prices: {
          monthly: { EUR: 900, USD: 1000, JPY: 1500 },
          yearly: { EUR: 9000, USD: 10000, JPY: 15000 },
        },
      }),
      makePlan({
        id: 'pro',
        name: 'Pro',
        prices: { monthly: { EUR: 2900, USD: 3200 }, yearly: { EUR: 29000, USD: 32000 } },
        trialDays: 14,
      }),
      makePlan({
        id: 'team',
        name: 'Team',
        prices: { monthly: { EUR: 1200, USD: 1300 }, yearly: { EUR: 12000, USD: 13000 } },
        seats: { min: 2, max: 50, default: 5 },
      }),
      makePlan({ id: 'free', name: 'Free', prices: { monthly: { EUR: 0, USD: 0 } } }),
    ],
    countries: [
      { code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 },
      { code: 'FR', name: 'France', taxRateBasisPoints: 2000 },
      { code: 'GB', name: 'United Kingdom', taxRateBasisPoints: 2000 },
      { code: 'US', name: 'United States', taxRateBasisPoints: 0 },
      { code: 'JP', name: 'Japan', taxRateBasisPoints: 1000 },
      { code: 'NL', name: 'Netherlands', taxRateBasisPoints: 2100 },
    ],
    promoCodes: [
      makePromoCode(),
      makePromoCode({ code: 'EXPIRED10', percentOff: 10, expiresAt: '2020-12-31T23:59:59Z' }),
    ],
    ...overrides,
  });
}
