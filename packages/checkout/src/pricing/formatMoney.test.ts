import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitDigits } from './formatMoney.js';

// Intl puts a no-break space between amount and sign or code (de-DE, currency codes), and
// Arabic text starts with a right-to-left mark.
const NBSP = '\u00a0';
const RLM = '\u200f';

/** One amount in minor units, as a visitor sees it in English, German, Arabic and Japanese. */
type Shown = { en: string; de: string; ar: string; ja: string };

function expectShown(amountMinor: number, currency: string, shown: Shown): void {
  for (const [locale, text] of Object.entries(shown)) {
    expect(formatMoney(amountMinor, currency, locale), locale).toBe(text);
  }
}

describe('showing euros', () => {
  it('in every locale, with both cent digits', () => {
    expectShown(123_456, 'EUR', {
      en: '€1,234.56',
      de: `1.234,56${NBSP}€`,
      ar: `${RLM}1,234.56${NBSP}€`,
      ja: '€1,234.56',
    });
  });

  it('keeps both cent digits of a small amount', () => {
    expect(formatMoney(5, 'EUR', 'en-US')).toBe('€0.05');
    expect(formatMoney(1070, 'EUR', 'en-US')).toBe('€10.70');
  });

  it('shows a negative amount (a refund) with a sign', () => {
    expect(formatMoney(-999, 'EUR', 'en-US')).toBe('-€9.99');
  });
});

describe('showing US dollars', () => {
  it('49 cents in every locale', () => {
    expectShown(49, 'USD', {
      en: '$0.49',
      de: `0,49${NBSP}$`,
      ar: `${RLM}0.49${NBSP}US$`,
      ja: '$0.49',
    });
  });
});

describe('showing yen and won, which Stripe takes without minor unit', () => {
  it('does not divide yen by 100', () => {
    expectShown(1500, 'JPY', {
      en: '¥1,500',
      de: `1.500${NBSP}¥`,
      ar: `${RLM}1,500${NBSP}JP¥`,
      ja: '￥1,500',
    });
  });

  it('does not divide won by 100', () => {
    expectShown(5000, 'KRW', {
      en: '₩5,000',
      de: `5.000${NBSP}₩`,
      ar: `${RLM}5,000${NBSP}₩`,
      ja: '₩5,000',
    });
  });
});

describe('showing Icelandic krónur, whole units Stripe takes with two decimals', () => {
  it('shows ISK 10000 (minor units) as 100 kr, with no decimals', () => {
    expectShown(10_000, 'ISK', {
      en: `ISK${NBSP}100`,
      de: `100${NBSP}ISK`,
      ar: `${RLM}100${NBSP}ISK`,
      ja: `ISK${NBSP}100`,
    });
  });

  it('counts 2 minor digits where Intl counts 0', () => {
    expect(minorUnitDigits('ISK')).toBe(2);
    expect(minorUnitDigits('UGX')).toBe(2);
    expect(formatMoney(500_000, 'UGX', 'en')).toBe(`UGX${NBSP}5,000`);
  });
});

describe('showing Hungarian forints, two-decimal in Stripe and none in Intl', () => {
  it('shows HUF 17500 (Stripe’s minimum charge) as 175 Ft', () => {
    expectShown(17_500, 'HUF', {
      en: `HUF${NBSP}175`,
      de: `175${NBSP}HUF`,
      ar: `${RLM}175${NBSP}HUF`,
      ja: `HUF${NBSP}175`,
    });
  });

  it('shows fillér Intl would round away', () => {
    expect(formatMoney(17_550, 'HUF', 'en')).toBe(`HUF${NBSP}175.50`);
    expect(formatMoney(17_550, 'HUF', 'de')).toBe(`175,50${NBSP}HUF`);
  });
});

describe('showing New Taiwan dollars, which Stripe charges with two decimals', () => {
  it('shows TWD 80045 as 800.45', () => {
    expectShown(80_045, 'TWD', {
      en: 'NT$800.45',
      de: `800,45${NBSP}NT$`,
      ar: `${RLM}800.45${NBSP}NT$`,
      ja: 'NT$800.45',
    });
  });
});

describe('showing Kuwaiti dinars, which have three minor digits', () => {
  it('divides by 1000 and shows three decimals', () => {
    expectShown(1230, 'KWD', {
      en: `KWD${NBSP}1.230`,
      de: `1,230${NBSP}KWD`,
      ar: `${RLM}1.230${NBSP}د.ك.${RLM}`,
      ja: `KWD${NBSP}1.230`,
    });
  });

  it('counts 3 minor digits', () => {
    expect(minorUnitDigits('KWD')).toBe(3);
  });
});

describe('minor-unit digits of Stripe’s API', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['HUF', 2],
    ['TWD', 2],
    ['COP', 2],
    ['BHD', 3],
  ])('%s has %i', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});
