import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripeCurrency } from '../catalog/stripeCurrencies.js';
import { makePlan, makePromoCode } from '../test-utils/factories.js';
import { quote } from './quote.js';

/** A monthly quote of a one-currency plan priced `unitAmount`, exclusive tax unless told. */
function quoteIn(
  currency: string,
  unitAmount: number,
  options: { percentOff?: number; taxRateBasisPoints: number; tax?: 'inclusive' | 'exclusive' },
) {
  const plan = makePlan({
    id: 'plan',
    prices: { monthly: { [currency]: unitAmount } },
    tax: options.tax ?? 'exclusive',
  });
  const promo = options.percentOff ? makePromoCode({ percentOff: options.percentOff }) : null;
  const { subtotal, discount, tax, total } = quote({
    plan,
    interval: 'monthly',
    currency,
    promo,
    taxRateBasisPoints: options.taxRateBasisPoints,
  });
  return { subtotal, discount, tax, total };
}

describe('yen, a Japanese visitor, 15% off and 10% consumption tax', () => {
  it('rounds to whole yen (15% of ¥1,999 is ¥299.85 → ¥300)', () => {
    expect(quoteIn('JPY', 1999, { percentOff: 15, taxRateBasisPoints: 1000 })).toEqual({
      subtotal: 1999,
      discount: 300,
      tax: 170, // 10% of ¥1,699 is ¥169.9
      total: 1869,
    });
  });
});

describe('won, a Korean visitor, 10% VAT included', () => {
  it('extracts ₩900 from ₩9,900', () => {
    expect(quoteIn('KRW', 9900, { taxRateBasisPoints: 1000, tax: 'inclusive' })).toEqual({
      subtotal: 9900,
      discount: 0,
      tax: 900,
      total: 9900,
    });
  });
});

describe('Icelandic krónur, which Stripe takes in whole units written with two decimals', () => {
  it('rounds the discount and the 24% VAT to whole krónur (multiples of 100)', () => {
    // 15% of 9,999 kr is 1,499.85 kr → 1,500 kr; 24% of 8,499 kr is 2,039.76 kr → 2,040 kr.
    expect(quoteIn('ISK', 999_900, { percentOff: 15, taxRateBasisPoints: 2400 })).toEqual({
      subtotal: 999_900,
      discount: 150_000,
      tax: 204_000,
      total: 1_053_900,
    });
  });

  it('keeps the net of an inclusive price in whole krónur, so the tax is too', () => {
    // 9,990 kr / 1.24 = 8,056.45 kr → 8,056 kr net, 1,934 kr VAT.
    expect(quoteIn('ISK', 999_000, { taxRateBasisPoints: 2400, tax: 'inclusive' }).tax).toBe(
      193_400,
    );
  });
});

describe('Hungarian forints, which Stripe charges with two decimals', () => {
  it('keeps fillér in the 27% VAT (HUF is whole only for payouts)', () => {
    // 27% of 175.50 Ft is 47.385 Ft → 47.39 Ft.
    expect(quoteIn('HUF', 17_550, { taxRateBasisPoints: 2700 }).tax).toBe(4739);
  });
});

describe('New Taiwan dollars, which Stripe charges with two decimals', () => {
  it('keeps cents in the 5% business tax', () => {
    // 5% of NT$299.99 is NT$14.9995 → NT$15.00; 5% of NT$299.90 is NT$14.995 → NT$15.00.
    expect(quoteIn('TWD', 29_999, { taxRateBasisPoints: 500 }).tax).toBe(1500);
    expect(quoteIn('TWD', 29_980, { taxRateBasisPoints: 500 }).tax).toBe(1499);
  });
});

describe('Kuwaiti dinars, three decimals with a last digit of 0', () => {
  it('rounds the discount and the tax to the nearest ten fils', () => {
    // 15% of 12.340 KWD is 1.851 KWD → 1.850; 5% of 10.490 KWD is 0.5245 KWD → 0.520.
    expect(quoteIn('KWD', 12_340, { percentOff: 15, taxRateBasisPoints: 500 })).toEqual({
      subtotal: 12_340,
      discount: 1850,
      tax: 520,
      total: 11_010,
    });
  });

  it('rounds half a step away from zero (10% of 12.350 KWD is 1.235 → 1.240)', () => {
    expect(quoteIn('KWD', 12_350, { percentOff: 10, taxRateBasisPoints: 0 }).discount).toBe(1240);
  });
});

describe('euros and US dollars, plain cents', () => {
  it('rounds 19% of 9.04 € to the cent (1.7176 € → 1.72 €)', () => {
    expect(quoteIn('EUR', 904, { taxRateBasisPoints: 1900 }).tax).toBe(172);
  });

  it('rounds 8.875% of 10.00 $ to the cent (0.8875 $ → 0.89 $)', () => {
    expect(quoteIn('USD', 1000, { taxRateBasisPoints: 888 }).tax).toBe(89);
  });
});

describe('every amount of a quote is one Stripe accepts', () => {
  it.each(['KWD', 'BHD', 'ISK', 'UGX', 'JPY', 'EUR'])('in %s', (currency) => {
    const { increment } = stripeCurrency(currency);
    fc.assert(
      fc.property(
        // From 50 up, so that every price is at or above Stripe's minimum charge.
        fc.integer({ min: 50, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.boolean(),
        (units, percentOff, taxRateBasisPoints, inclusive) => {
          const amounts = quoteIn(currency, units * increment, {
            percentOff,
            taxRateBasisPoints,
            tax: inclusive ? 'inclusive' : 'exclusive',
          });
          for (const amount of Object.values(amounts)) expect(amount % increment).toBe(0);
        },
      ),
    );
  });
});
