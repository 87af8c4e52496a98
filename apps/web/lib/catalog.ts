import { parseCatalog } from '@plankit/checkout';
import { withSalesTaxRates } from '@plankit/checkout/server';
import { demoPlanTexts } from './catalogTexts';

/**
 * The demo catalog: what a fresh machine sells, its plan texts in six languages
 * (lib/catalogTexts.ts). Parsed when the module loads, so an
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
        ...demoPlanTexts.starter,
        prices: { monthly: { EUR: 900, USD: 1000 }, yearly: { EUR: 9000, USD: 10000 } },
        tax: 'inclusive',
      },
      {
        id: 'pro',
        ...demoPlanTexts.pro,
        prices: { monthly: { EUR: 2400, USD: 2600 }, yearly: { EUR: 24000, USD: 26000 } },
        trialDays: 14,
        tax: 'inclusive',
      },
      {
        id: 'team',
        ...demoPlanTexts.team,
        prices: { monthly: { EUR: 1500, USD: 1600 }, yearly: { EUR: 15000, USD: 16000 } },
        seats: { min: 2, max: 50, default: 3 },
        tax: 'exclusive',
      },
      {
        id: 'free',
        ...demoPlanTexts.free,
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
