import { describe, expect, it } from 'vitest';
import { CatalogError, parseCatalog } from './parseCatalog.js';
import type { CatalogInput } from './schema.js';

/** A catalog whose default currency is `currency` and whose one plan costs `monthly`. */
function catalogIn(currency: string, monthly: number, planId = 'basic'): CatalogInput {
  return {
    defaultCurrency: currency,
    plans: [{ id: planId, name: 'Basic', prices: { monthly: { [currency]: monthly } } }],
    countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
  };
}

/** The problems parsing this catalog reports (none when it parses). */
function issuesOf(input: CatalogInput): readonly string[] {
  try {
    parseCatalog(input);
    return [];
  } catch (error) {
    if (error instanceof CatalogError) return error.issues;
    throw error;
  }
}

describe("a price below Stripe's minimum charge", () => {
  it.each([
    ['USD', 49, '50 (0.50 USD)'],
    ['EUR', 49, '50 (0.50 EUR)'],
    ['JPY', 49, '50 (50 JPY)'],
    ['KRW', 49, '50 (50 KRW)'],
    ['HUF', 17_400, '17500 (175.00 HUF)'],
  ])('is refused in %s, naming the plan, the currency and the minimum', (currency, amount, min) => {
    expect(issuesOf(catalogIn(currency, amount))).toEqual([
      `plan "basic": prices.monthly.${currency}: is ${amount}, below Stripe's minimum charge in ${currency} of ${min}`,
    ]);
  });

  it.each([
    ['USD', 50],
    ['EUR', 50],
    ['JPY', 50],
    ['KRW', 50],
    ['HUF', 17_500],
  ])('is not the minimum itself in %s', (currency, amount) => {
    expect(issuesOf(catalogIn(currency, amount))).toEqual([]);
  });

  it('does not apply to a free plan (0)', () => {
    expect(issuesOf(catalogIn('USD', 0))).toEqual([]);
  });

  it('says so in the error message too', () => {
    expect(() => parseCatalog(catalogIn('EUR', 10, 'tiny'))).toThrow(
      /plan "tiny": prices\.monthly\.EUR: is 10, below Stripe's minimum charge in EUR of 50/,
    );
  });

  it('is checked in every currency of a plan, not only the default one', () => {
    const input = catalogIn('EUR', 900);
    input.plans[0] = {
      ...input.plans[0],
      id: 'basic',
      name: 'Basic',
      prices: { yearly: { EUR: 9000, GBP: 29 } },
    };
    expect(issuesOf(input)).toEqual([
      `plan "basic": prices.yearly.GBP: is 29, below Stripe's minimum charge in GBP of 30 (0.30 GBP)`,
    ]);
  });
});

describe("an amount that is not a multiple of Stripe's increment", () => {
  it('is refused in KWD when the last of its three decimals is not 0', () => {
    expect(issuesOf(catalogIn('KWD', 1235))).toEqual([
      `plan "basic": prices.monthly.KWD: is 1235, not a multiple of 10: Stripe's increment for KWD (three-decimal KWD amounts must end in 0)`,
    ]);
    expect(issuesOf(catalogIn('KWD', 1230))).toEqual([]);
  });

  it('is refused in ISK with fractions of a króna', () => {
    expect(issuesOf(catalogIn('ISK', 99_950))).toEqual([
      `plan "basic": prices.monthly.ISK: is 99950, not a multiple of 100: Stripe's increment for ISK (ISK is charged in whole units written with two decimals (5 ISK is 500))`,
    ]);
    expect(issuesOf(catalogIn('ISK', 99_900))).toEqual([]);
  });

  it('is refused in UGX with fractions of a shilling', () => {
    expect(issuesOf(catalogIn('UGX', 500_001))).toHaveLength(1);
    expect(issuesOf(catalogIn('UGX', 500_000))).toEqual([]);
  });

  it('is no rule for HUF and TWD, which Stripe charges with two decimals', () => {
    expect(issuesOf(catalogIn('HUF', 17_555))).toEqual([]);
    expect(issuesOf(catalogIn('TWD', 29_999))).toEqual([]);
  });

  it('is no rule for yen, euros or dollars beyond whole minor units', () => {
    expect(issuesOf(catalogIn('JPY', 1999))).toEqual([]);
    expect(issuesOf(catalogIn('EUR', 999))).toEqual([]);
    expect(issuesOf(catalogIn('USD', 999))).toEqual([]);
  });
});

describe("a promo code that takes a price under Stripe's minimum charge", () => {
  const withPromo = (percentOff: number, monthly = 100) => ({
    ...catalogIn('EUR', monthly),
    promoCodes: [{ code: 'BIG', percentOff }],
  });

  it('is refused, naming the code, the plan and the minimum (60% off 1.00 € is 0.40 €)', () => {
    expect(issuesOf(withPromo(60))).toEqual([
      `promo code "BIG": percentOff: takes plan "basic"'s monthly EUR price to 40, below Stripe's minimum charge in EUR of 50`,
    ]);
  });

  it('is fine when the price stays at the minimum, or becomes free', () => {
    expect(issuesOf(withPromo(50))).toEqual([]);
    expect(issuesOf(withPromo(100))).toEqual([]);
  });

  it('counts the fewest seats of a per-seat plan', () => {
    const input = withPromo(60);
    input.plans[0] = {
      ...input.plans[0],
      id: 'basic',
      name: 'Basic',
      seats: { min: 2, max: 5 },
    } as never;
    expect(issuesOf(input)).toEqual([]);
  });

  it('only for the plans it applies to', () => {
    const input = {
      ...withPromo(60),
      promoCodes: [{ code: 'BIG', percentOff: 60, planIds: ['other'] }],
    };
    input.plans.push({ id: 'other', name: 'Other', prices: { monthly: { EUR: 900 } } });
    expect(issuesOf(input)).toEqual([]);
  });
});
