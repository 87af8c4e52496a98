import salesTax from 'sales-tax';
import type { CatalogInput } from '../catalog/schema.js';

/** A catalog whose countries may leave out their tax rate (it then comes from `sales-tax`). */
export type CatalogInputWithoutRates = Omit<CatalogInput, 'countries'> & {
  countries: (Omit<CatalogInput['countries'][number], 'taxRateBasisPoints'> & {
    taxRateBasisPoints?: number;
  })[];
};

/**
 * Fills in the consumer tax rate (standard VAT or GST, in basis points) of every catalog
 * country that gives none, from the maintained `sales-tax` package, which keeps national
 * rates and their changes over time. A rate the catalog states wins: a merchant may sell
 * something taxed at a reduced rate, or use a rate the package lacks. Countries with no
 * national sales tax (the United States: state taxes are not handled) get 0.
 * Server-only (the package reads its rates table from disk); call it before `parseCatalog`.
 */
export async function withSalesTaxRates(catalog: CatalogInputWithoutRates): Promise<CatalogInput> {
  // Rates only: the package's online tax-number check is the engine's job (`vatIdChecker`).
  salesTax.toggleEnabledTaxNumberValidation(false);
  salesTax.toggleEnabledTaxNumberFraudCheck(false);
  const countries = await Promise.all(
    catalog.countries.map(async (country) => {
      if (country.taxRateBasisPoints !== undefined) {
        return { ...country, taxRateBasisPoints: country.taxRateBasisPoints };
      }
      const { rate } = await salesTax.getSalesTax(country.code);
      return { ...country, taxRateBasisPoints: Math.round(rate * 10_000) };
    }),
  );
  return { ...catalog, countries };
}
