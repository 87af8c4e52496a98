// Which Tax Rate a line needs: only one whose arithmetic at Stripe (tax per line, rounded to
// the minor unit) gives the quote's own tax, so the buyer pays exactly what was shown.
import { quote } from '../../pricing/quote.js';
import { makeCatalog, makePlan } from '../../test-utils/factories.js';
import type { IntentTax } from '../types.js';
import { onHalf, stripeTaxOf, taxRateNeeded } from './stripeTaxRates.js';

const taxOf = (q: ReturnType<typeof quote>, country: string): IntentTax => ({
  country,
  rateBasisPoints: q.taxRateBasisPoints,
  inclusive: q.taxInclusive,
  amount: q.tax,
  reverseChargeVatId: q.reverseCharge?.buyerVatId ?? null,
});

describe('VAT as a Stripe Tax Rate', () => {
  const plan = makeCatalog().plans[0];
  if (!plan) throw new Error('no plan');

  it('starter, 9 € + German VAT: the net amount with an exclusive 19% rate', () => {
    const q = quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 });
    expect(taxRateNeeded(q.total, taxOf(q, 'de'))).toEqual({
      unitAmount: 900,
      percentage: 19,
      inclusive: false,
      country: 'DE',
    });
  });

  it('every price from 0.50 € to 100 €, exclusive or inclusive, at 19% and 7%: a Tax Rate, and Stripe charges the quote’s total', () => {
    let skipped = 0;
    for (const tax of ['exclusive', 'inclusive'] as const) {
      const template = makePlan({ tax });
      for (const rate of [1900, 700]) {
        for (let price = 50; price <= 10_000; price += 1) {
          const p = { ...template, prices: { monthly: { EUR: price } } };
          const q = quote({
            plan: p,
            interval: 'monthly',
            currency: 'EUR',
            taxRateBasisPoints: rate,
          });
          const needed = taxRateNeeded(q.total, taxOf(q, 'DE'));
          if (!needed) {
            // Only where the tax is exactly half a cent (Stripe's half rule is undocumented).
            const line = tax === 'inclusive' ? q.total : q.total - q.tax;
            expect(onHalf(line, rate, tax === 'inclusive')).toBe(true);
            skipped += 1;
            continue;
          }
          const stripeTax = stripeTaxOf(needed.unitAmount, needed.percentage, needed.inclusive);
          expect(stripeTax).toBe(q.tax);
          expect(needed.inclusive ? needed.unitAmount : needed.unitAmount + stripeTax).toBe(
            q.total,
          );
        }
      }
    }
    // 4 × 9951 lines; a net amount ending in 50 cents at 19% is one of the few halves.
    expect(skipped).toBeGreaterThan(0);
    expect(skipped).toBeLessThan(400);
  });

  it('no Tax Rate when reverse charged, at 0%, or where Stripe would round otherwise', () => {
    const base = { country: 'FR', inclusive: false, reverseChargeVatId: null };
    expect(
      taxRateNeeded(900, {
        ...base,
        rateBasisPoints: 0,
        amount: 0,
        reverseChargeVatId: 'FR40303265045',
      }),
    ).toBeNull();
    expect(taxRateNeeded(900, { ...base, rateBasisPoints: 0, amount: 0 })).toBeNull();
    // 9.50 € net at 19%: 1.805 €, exactly half a cent over 1.80 €.
    expect(taxRateNeeded(1131, { ...base, rateBasisPoints: 1900, amount: 181 })).toBeNull();
    // An amount that moves in steps of 100 (ISK): the quote rounds its tax to the step.
    expect(taxRateNeeded(12_000, { ...base, rateBasisPoints: 2400, amount: 2400 })).toBeNull();
    expect(taxRateNeeded(900, undefined)).toBeNull();
  });
});
