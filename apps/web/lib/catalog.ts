import { parseCatalog } from '@plankit/checkout';
import { withSalesTaxRates } from '@plankit/checkout/server';

/**
 * The demo catalog: what a fresh machine sells. Parsed when the module loads, so an
 * invalid catalog stops the build and the server with a message naming plan and field.
 * The countries' consumer VAT rates come from the maintained `sales-tax` package
 * (`withSalesTaxRates`); a country may still state its own `taxRateBasisPoints`.
 */
export const catalog = parseCatalog(
  await withSalesTaxRates({
    defaultCurrency: 'EUR',
    plans: [
      {
        id: 'starter',
        name: 'Starter',
        description: 'For individuals getting their first project off the ground.',
        features: ['1 project', 'Community support', 'Basic analytics'],
        prices: { monthly: { EUR: 900, USD: 1000 }, yearly: { EUR: 9000, USD: 10000 } },
        tax: 'inclusive',
      },
      {
        id: 'pro',
        name: 'Pro',
        description: 'For professionals who need more room and better insight.',
        features: [
          'Unlimited projects',
          'Priority email support',
          'Advanced analytics',
          'Custom domains',
        ],
        prices: { monthly: { EUR: 2400, USD: 2600 }, yearly: { EUR: 24000, USD: 26000 } },
        trialDays: 14,
        tax: 'inclusive',
        highlight: 'Most popular',
      },
      {
        id: 'team',
        name: 'Team',
        description: 'For teams that build together. Priced per seat.',
        features: ['Everything in Pro', 'Shared workspaces', 'Roles and permissions', 'SSO'],
        prices: { monthly: { EUR: 1500, USD: 1600 }, yearly: { EUR: 15000, USD: 16000 } },
        seats: { min: 2, max: 50, default: 3 },
        tax: 'exclusive',
      },
      {
        id: 'free',
        name: 'Free',
        description: 'Try the basics, no card needed.',
        features: ['1 project', 'Up to 100 visitors a month'],
        prices: { monthly: { EUR: 0, USD: 0 } },
        tax: 'inclusive',
      },
    ],
    promoCodes: [
      { code: 'LAUNCH20', percentOff: 20 },
      { code: 'SUMMER24', percentOff: 15, expiresAt: '2024-09-01T00:00:00Z' },
    ],
    countries: [
      { code: 'AT', name: 'Austria' },
      { code: 'BE', name: 'Belgium' },
      { code: 'FR', name: 'France' },
      { code: 'DE', name: 'Germany' },
      { code: 'IE', name: 'Ireland' },
      { code: 'IT', name: 'Italy' },
      { code: 'NL', name: 'Netherlands' },
      { code: 'ES', name: 'Spain' },
      { code: 'CH', name: 'Switzerland' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States' },
    ],
  }),
);
