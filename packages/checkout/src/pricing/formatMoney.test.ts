import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitDigits } from './formatMoney.js';

// Intl puts a no-break space between amount and sign or code (de-DE, currency codes).
const NBSP = '\u00a0';

describe('showing euros', () => {
  it('to a visitor in the US', () => {
    expect(formatMoney(123_456, 'EUR', 'en-US')).toBe('€1,234.56');
  });

  it('to a visitor in Germany', () => {
    expect(formatMoney(123_456, 'EUR', 'de-DE')).toBe(`1.234,56${NBSP}€`);
  });

  it('keeps both cent digits of a small amount', () => {
    expect(formatMoney(5, 'EUR', 'en-US')).toBe('€0.05');
    expect(formatMoney(1070, 'EUR', 'en-US')).toBe('€10.70');
  });

  it('shows a negative amount (a refund) with a sign', () => {
    expect(formatMoney(-999, 'EUR', 'en-US')).toBe('-€9.99');
  });
});

describe('showing yen, which have no minor unit', () => {
  it('has no decimals and does not divide by 100', () => {
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1500, 'JPY', 'ja-JP')).toBe('￥1,500');
  });

  it('counts 0 minor digits', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
  });
});

describe('showing Kuwaiti dinars, which have three minor digits', () => {
  it('divides by 1000 and shows three decimals', () => {
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe(`KWD${NBSP}1.234`);
  });

  it('counts 3 minor digits', () => {
    expect(minorUnitDigits('KWD')).toBe(3);
  });
});

describe('minor-unit digits of common currencies', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['GBP', 2],
  ])('%s has %i', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});
