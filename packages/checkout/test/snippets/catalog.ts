// catalog.ts: what you sell. parseCatalog validates it and fills in the defaults; a
// mistake throws a CatalogError that names the plan and the field.
import { parseCatalog } from '@plankit/checkout';

export const catalog = parseCatalog({
  // Shown first when a plan is sold in several currencies; every price needs it.
  defaultCurrency: 'EUR',
  plans: [
    {
      id: 'starter', // URL slug: /checkout/starter. "finish" is reserved.
      name: 'Starter',
      description: 'For individuals.', // optional
      features: ['1 project', 'Email support'], // optional
      // Integers in the currency's minor unit (cents); monthly, yearly or both.
      prices: { monthly: { EUR: 900, USD: 1000 }, yearly: { EUR: 9000, USD: 10000 } },
      tax: 'inclusive', // prices include tax; default 'exclusive' (tax added on top)
    },
    {
      id: 'pro',
      name: 'Pro',
      prices: { monthly: { EUR: 2400, USD: 2600 } },
      trialDays: 14, // no payment today; the finish step shows when the trial ends
      highlight: 'Most popular', // a badge in the plan list
    },
    {
      id: 'team',
      name: 'Team',
      prices: { monthly: { EUR: 1500, USD: 1600 } }, // per seat
      seats: { min: 2, max: 50, default: 5 },
    },
    { id: 'free', name: 'Free', prices: { monthly: { EUR: 0, USD: 0 } } },
    // Old sessions still find a retired plan; nobody can buy it any more.
    { id: 'legacy', name: 'Legacy', prices: { monthly: { EUR: 500, USD: 500 } }, retired: true },
  ],
  promoCodes: [
    { code: 'LAUNCH20', percentOff: 20 },
    { code: 'TEAM10', percentOff: 10, planIds: ['team'], expiresAt: '2030-01-01T00:00:00Z' },
  ],
  // Countries a visitor can choose, with the tax rate in basis points (1900 = 19%).
  countries: [
    { code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 },
    { code: 'US', name: 'United States', taxRateBasisPoints: 0 },
  ],
});
