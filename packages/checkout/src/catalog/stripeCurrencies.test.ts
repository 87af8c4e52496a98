import { describe, expect, it } from 'vitest';
import { stripeCurrency, stripeMinimumCharge } from './stripeCurrencies.js';

// Each row is what https://docs.stripe.com/currencies says for that currency; a change to
// the module's lists that contradicts the page fails here.
describe("Stripe's rules per currency", () => {
  it.each([
    // currency, exponent, increment, minimum charge (minor units)
    ['JPY', 0, 1, 50], // zero-decimal; minimum 50 JPY
    ['KRW', 0, 1, 50], // zero-decimal; minimum 50 KRW
    ['ISK', 2, 100, null], // special case: whole krónur written with two decimals
    ['UGX', 2, 100, null], // special case, although Stripe's zero-decimal list names it too
    ['HUF', 2, 1, 17_500], // two-decimal charges (whole only for payouts); minimum 175.00 HUF
    ['TWD', 2, 1, null], // two-decimal charges (whole only for payouts)
    ['KWD', 3, 10, null], // three-decimal, last digit 0
    ['BHD', 3, 10, null],
    ['EUR', 2, 1, 50], // minimum 0.50 EUR
    ['USD', 2, 1, 50], // minimum 0.50 USD
    ['GBP', 2, 1, 30], // minimum 0.30 GBP
    ['MXN', 2, 1, 1000], // minimum 10 MXN
    ['COP', 2, 1, 50], // two-decimal in Stripe, none in Intl
  ])('%s: exponent %i, increment %i, minimum %s', (currency, exponent, increment, minimum) => {
    expect(stripeCurrency(currency)).toEqual({ exponent, increment });
    expect(stripeMinimumCharge(currency)).toBe(minimum);
  });

  it('reads lowercase codes as Stripe writes them', () => {
    expect(stripeCurrency('kwd')).toEqual({ exponent: 3, increment: 10 });
    expect(stripeMinimumCharge('usd')).toBe(50);
  });

  it('takes a currency it does not single out as two-decimal, with no known minimum', () => {
    expect(stripeCurrency('NGN')).toEqual({ exponent: 2, increment: 1 });
    expect(stripeMinimumCharge('NGN')).toBeNull();
  });

  it('finds no minimum under an inherited property name', () => {
    expect(stripeMinimumCharge('constructor')).toBeNull();
  });
});
