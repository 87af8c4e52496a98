import { describe, expect, it } from 'vitest';
import type { Plan } from '../catalog/schema.js';
import { makeCatalog, makePlan, makePromoCode } from '../test-utils/factories.js';
import { isFreePlan, type QuoteInput, quote } from './quote.js';

const catalog = makeCatalog();
const planById = (id: string): Plan => {
  const plan = catalog.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`fixture catalog has no plan ${id}`);
  return plan;
};
const taxRate = (country: string): number => {
  const entry = catalog.countries.find((c) => c.code === country);
  if (!entry) throw new Error(`fixture catalog has no country ${country}`);
  return entry.taxRateBasisPoints;
};
const LAUNCH20 = makePromoCode();

/** A quote for a fixture plan in EUR, monthly, German VAT unless told otherwise. */
function quoteFor(planId: string, overrides: Partial<QuoteInput> = {}) {
  return quote({
    plan: planById(planId),
    interval: 'monthly',
    currency: 'EUR',
    taxRateBasisPoints: taxRate('DE'),
    ...overrides,
  });
}

describe('team plan, 5 seats, LAUNCH20, German VAT', () => {
  const result = quoteFor('team', { seats: 5, promo: LAUNCH20 });

  it('charges 5 seats at 12 €, takes 20% off, then adds 19% VAT', () => {
    expect(result).toEqual({
      planId: 'team',
      interval: 'monthly',
      currency: 'EUR',
      seats: 5,
      unitAmount: 1200,
      subtotal: 6000,
      discount: 1200,
      tax: 912,
      total: 5712,
      dueToday: 5712,
      taxRateBasisPoints: 1900,
      taxInclusive: false,
      reverseCharge: null,
      promoCode: 'LAUNCH20',
      percentOff: 20,
      trialDays: null,
    });
  });
});

describe('team plan, yearly, no seat count given', () => {
  it("uses the plan's default of 5 seats", () => {
    const result = quoteFor('team', { interval: 'yearly' });
    expect(result.seats).toBe(5);
    expect(result.subtotal).toBe(60_000);
  });

  it('falls back to the minimum when the plan has no default', () => {
    const plan = makePlan({ id: 'crew', seats: { min: 3, max: 10 } });
    expect(quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 0 }).seats).toBe(
      3,
    );
  });
});

describe('starter plan, which is not sold per seat', () => {
  it('ignores a seat count and charges one unit', () => {
    const result = quoteFor('starter', { seats: 10 });
    expect(result.seats).toBe(1);
    expect(result.subtotal).toBe(900);
  });
});

describe('starter plan, German VAT added on top', () => {
  it('adds 19% to 9 €', () => {
    const result = quoteFor('starter');
    expect(result).toMatchObject({ subtotal: 900, discount: 0, tax: 171, total: 1071 });
    expect(result.promoCode).toBeNull();
  });

  it('adds nothing for a US visitor', () => {
    expect(quoteFor('starter', { taxRateBasisPoints: taxRate('US') })).toMatchObject({
      tax: 0,
      total: 900,
    });
  });
});

describe('odd cents', () => {
  it('rounds a discount of half a cent up (10% of 10.05 € = 1.01 €)', () => {
    const plan = makePlan({ prices: { monthly: { EUR: 1005 } } });
    const result = quote({
      plan,
      interval: 'monthly',
      currency: 'EUR',
      promo: makePromoCode({ code: 'TEN', percentOff: 10 }),
      taxRateBasisPoints: 0,
    });
    expect(result.discount).toBe(101);
    expect(result.total).toBe(904);
  });

  it('rounds tax of half a cent up (21% of 10.50 € = 2.21 €, not banker’s 2.20 €)', () => {
    const plan = makePlan({ prices: { monthly: { EUR: 1050 } } });
    const result = quote({
      plan,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: taxRate('NL'),
    });
    expect(result.tax).toBe(221);
    expect(result.total).toBe(1271);
  });

  it('rounds tax below half a cent down (19% of 9.04 € = 1.7176 € → 1.72 €)', () => {
    const plan = makePlan({ prices: { monthly: { EUR: 904 } } });
    expect(
      quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 }).tax,
    ).toBe(172);
    const cheaper = makePlan({ prices: { monthly: { EUR: 901 } } });
    // 19% of 9.01 € = 1.7119 € → 1.71 €
    expect(
      quote({ plan: cheaper, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 }).tax,
    ).toBe(171);
  });
});

describe('starter plan in yen for a Japanese visitor', () => {
  it('works in whole yen, with 10% consumption tax', () => {
    const result = quoteFor('starter', { currency: 'JPY', taxRateBasisPoints: taxRate('JP') });
    expect(result).toMatchObject({ currency: 'JPY', unitAmount: 1500, tax: 150, total: 1650 });
  });

  it('rounds to whole yen, never to fractions of a yen', () => {
    const plan = makePlan({ prices: { monthly: { EUR: 900, JPY: 1234 } } });
    const result = quote({ plan, interval: 'monthly', currency: 'JPY', taxRateBasisPoints: 1000 });
    expect(result.tax).toBe(123);
    expect(result.total).toBe(1357);
  });

  it('takes LAUNCH20 off in yen', () => {
    const result = quoteFor('starter', {
      currency: 'JPY',
      promo: LAUNCH20,
      taxRateBasisPoints: taxRate('JP'),
    });
    expect(result).toMatchObject({ discount: 300, tax: 120, total: 1320 });
  });
});

describe('a plan whose prices include VAT', () => {
  const inclusive = makePlan({ id: 'box', prices: { monthly: { EUR: 1190 } }, tax: 'inclusive' });

  it('extracts the 19% contained in 11.90 € (1.90 €) and does not add it', () => {
    const result = quote({
      plan: inclusive,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 1900,
    });
    expect(result).toMatchObject({ taxInclusive: true, subtotal: 1190, tax: 190, total: 1190 });
  });

  it('extracts the tax from the discounted price with LAUNCH20', () => {
    const result = quote({
      plan: inclusive,
      interval: 'monthly',
      currency: 'EUR',
      promo: LAUNCH20,
      taxRateBasisPoints: 1900,
    });
    expect(result).toMatchObject({ discount: 238, tax: 152, total: 952 });
  });

  it('rounds the net amount, so net + tax always equals the price', () => {
    const plan = makePlan({ prices: { monthly: { EUR: 999 } }, tax: 'inclusive' });
    const result = quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 });
    // 9.99 € / 1.19 = 8.3949… € net → 8.39 €, so the tax is 1.60 €.
    expect(result.tax).toBe(160);
    expect(result.total).toBe(999);
  });

  it('contains no tax for a 0% country', () => {
    const result = quote({
      plan: inclusive,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 0,
    });
    expect(result).toMatchObject({ tax: 0, total: 1190 });
  });
});

describe('pro plan with a 14-day trial', () => {
  it('charges nothing today and the full price after the trial', () => {
    const result = quoteFor('pro');
    expect(result.trialDays).toBe(14);
    expect(result.total).toBe(3451);
    expect(result.dueToday).toBe(0);
  });
});

describe('free plan', () => {
  it('costs nothing, today or later', () => {
    const result = quoteFor('free', { promo: LAUNCH20 });
    expect(result).toMatchObject({ subtotal: 0, discount: 0, tax: 0, total: 0, dueToday: 0 });
  });
});

describe('a 100% promo code', () => {
  it('makes the plan free today', () => {
    const result = quoteFor('starter', { promo: makePromoCode({ code: 'GIFT', percentOff: 100 }) });
    expect(result).toMatchObject({ discount: 900, tax: 0, total: 0, dueToday: 0 });
  });
});

describe('a quote the catalog cannot price', () => {
  it('refuses an interval the plan is not sold on', () => {
    expect(() => quoteFor('free', { interval: 'yearly' })).toThrow(
      'Plan "free" has no yearly price.',
    );
  });

  it('refuses a currency the plan is not sold in', () => {
    expect(() => quoteFor('starter', { currency: 'GBP' })).toThrow(
      'Plan "starter" has no monthly price in GBP.',
    );
  });

  it('refuses a currency named like an Object method', () => {
    expect(() => quoteFor('starter', { currency: 'toString' })).toThrow(/no monthly price in/);
    expect(() => quoteFor('starter', { currency: '__proto__' })).toThrow(/no monthly price in/);
  });

  it.each([
    [1, 'too few'],
    [51, 'too many'],
    [0, 'zero'],
    [-5, 'negative'],
    [Number.NaN, 'not a number'],
    [Number.POSITIVE_INFINITY, 'infinite'],
  ])('refuses %s seats (%s)', (seats) => {
    expect(() => quoteFor('team', { seats })).toThrow(/^Plan "team" takes 2 to 50 seats, not/);
  });

  it('accepts the seat bounds themselves', () => {
    expect(quoteFor('team', { seats: 2 }).subtotal).toBe(2400);
    expect(quoteFor('team', { seats: 50 }).subtotal).toBe(60_000);
  });
});

describe('isFreePlan', () => {
  it('is true for a plan priced 0 everywhere', () => {
    expect(isFreePlan(planById('free'))).toBe(true);
    expect(
      isFreePlan(makePlan({ prices: { monthly: { EUR: 0, USD: 0 }, yearly: { EUR: 0, USD: 0 } } })),
    ).toBe(true);
  });

  it('is false for a paid plan, even with a trial', () => {
    expect(isFreePlan(planById('starter'))).toBe(false);
    expect(isFreePlan(planById('pro'))).toBe(false);
  });

  it('is false when only one interval is free', () => {
    expect(isFreePlan(makePlan({ prices: { monthly: { EUR: 0 }, yearly: { EUR: 1000 } } }))).toBe(
      false,
    );
  });

  it('is false when only one currency is free', () => {
    expect(isFreePlan(makePlan({ prices: { monthly: { EUR: 0, USD: 100 } } }))).toBe(false);
  });
});

describe('French business with a VAT ID buying from an Irish merchant (reverse charge)', () => {
  const reverseCharge = { buyerVatId: 'FR40303265045', merchantVatId: 'IE6388047V' };

  it('adds no VAT to an exclusive price and says why', () => {
    const plan = makePlan({ tax: 'exclusive', prices: { monthly: { EUR: 1000 } } });
    const amounts = quote({
      plan,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 2000,
      reverseCharge,
    });
    expect(amounts).toMatchObject({ subtotal: 1000, tax: 0, total: 1000, dueToday: 1000 });
    expect(amounts.reverseCharge).toEqual(reverseCharge);
    expect(amounts.taxRateBasisPoints).toBe(0);
  });

  it('charges an inclusive price as it is, with no VAT in it', () => {
    const plan = makePlan({ tax: 'inclusive', prices: { monthly: { EUR: 1200 } } });
    const amounts = quote({
      plan,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 2000,
      reverseCharge,
    });
    expect(amounts).toMatchObject({ tax: 0, total: 1200, taxInclusive: true });
  });

  it('is not flagged for a consumer', () => {
    const plan = makePlan({ tax: 'exclusive', prices: { monthly: { EUR: 1000 } } });
    const amounts = quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 2000 });
    expect(amounts).toMatchObject({ tax: 200, total: 1200, reverseCharge: null });
  });
});
