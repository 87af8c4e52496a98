import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../catalog/parseCatalog.js';
import { makeCatalog } from '../test-utils/factories.js';
import { withSalesTaxRates } from './salesTaxRates.js';

describe('consumer VAT rates from the sales-tax package', () => {
  const { plans, defaultCurrency } = makeCatalog();
  const countries = [
    { code: 'FR', name: 'France' },
    { code: 'IE', name: 'Ireland' },
    { code: 'DE', name: 'Germany' },
    { code: 'US', name: 'United States' },
    // A rate the catalog states wins (a reduced rate, say).
    { code: 'NL', name: 'Netherlands', taxRateBasisPoints: 900 },
  ];

  it('fills in the standard rates the catalog leaves out, keeping the ones it states', async () => {
    const catalog = parseCatalog(await withSalesTaxRates({ plans, defaultCurrency, countries }));
    expect(
      Object.fromEntries(catalog.countries.map((c) => [c.code, c.taxRateBasisPoints])),
    ).toEqual({ FR: 2000, IE: 2300, DE: 1900, US: 0, NL: 900 });
  });
});
