import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  checkCardCvc,
  checkCardExpiry,
  checkCardNumber,
  formatCardNumber,
  parseExpiry,
  passesLuhn,
} from './card.js';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('the Luhn checksum', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000000000009995',
    '4000002760003184',
    '79927398713',
  ])('passes the valid number %s', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });

  it.each(['4242424242424241', '4242424242424243', '79927398710', ''])(
    'fails the mistyped number %j',
    (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    },
  );
});

describe('a visitor typing a card number', () => {
  it('accepts the test card 4242 4242 4242 4242 with or without spaces or dashes', () => {
    expect(checkCardNumber('4242424242424242')).toBeNull();
    expect(checkCardNumber('4242 4242 4242 4242')).toBeNull();
    expect(checkCardNumber('4242-4242-4242-4242')).toBeNull();
    expect(checkCardNumber(' 4242 4242 4242 4242 ')).toBeNull();
  });

  it('is told when the field is empty', () => {
    expect(checkCardNumber('')).toBe('errorRequired');
    expect(checkCardNumber('   ')).toBe('errorRequired');
  });

  it('is told about a typo that breaks the checksum', () => {
    expect(checkCardNumber('4242 4242 4242 4241')).toBe('errorCardLuhn');
  });

  it('accepts 13 to 19 digits', () => {
    expect(checkCardNumber('4222222222222')).toBeNull(); // 13 digits
    expect(checkCardNumber('4242424242424242428')).toBeNull(); // 19 digits
  });

  it('refuses 12 or 20 digits, even with a valid checksum', () => {
    expect(passesLuhn('000000000000')).toBe(true);
    expect(checkCardNumber('000000000000')).toBe('errorCardNumber'); // 12 digits, Luhn-valid
    expect(checkCardNumber('00000000000000000000')).toBe('errorCardNumber'); // 20 digits
  });

  it('refuses letters and other characters', () => {
    expect(checkCardNumber('4242 4242 4242 424a')).toBe('errorCardNumber');
    expect(checkCardNumber('4242.4242.4242.4242')).toBe('errorCardNumber');
    expect(checkCardNumber('４２４２４２４２４２４２４２４２')).toBe('errorCardNumber');
  });

  it('sees the number in groups of four while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
  });

  it('keeps only the digits', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });
});

describe('a visitor typing the expiry date (today is 15 June 2025)', () => {
  it.each(['12/30', '12 / 30', '12/2030', '1/30', '01/30', ' 06/25 '])('accepts %j', (input) => {
    expect(checkCardExpiry(input, NOW)).toBeNull();
  });

  it('accepts a card that expires this month', () => {
    expect(checkCardExpiry('06/25', NOW)).toBeNull();
    expect(checkCardExpiry('06/2025', NOW)).toBeNull();
  });

  it('refuses a card that expired last month', () => {
    expect(checkCardExpiry('05/25', NOW)).toBe('errorCardExpired');
    expect(checkCardExpiry('12/24', NOW)).toBe('errorCardExpired');
  });

  it.each(['13/30', '00/30', '1230', '12-30', '12/3', '12/030', 'MM/YY', '12/30/01'])(
    'refuses the malformed %j',
    (input) => {
      expect(checkCardExpiry(input, NOW)).toBe('errorCardExpiryFormat');
    },
  );

  it('refuses a year implausibly far ahead', () => {
    expect(checkCardExpiry('12/2099', NOW)).toBe('errorCardExpiryFormat');
  });

  it('is told when the field is empty', () => {
    expect(checkCardExpiry('', NOW)).toBe('errorRequired');
    expect(checkCardExpiry('  ', NOW)).toBe('errorRequired');
  });

  it('reads two-digit years as 20xx', () => {
    expect(parseExpiry('7/31')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
  });
});

describe('a visitor typing the CVC', () => {
  it('accepts three digits, surrounding spaces ignored', () => {
    expect(checkCardCvc('123')).toBeNull();
    expect(checkCardCvc(' 123 ')).toBeNull();
  });

  it.each(['12', '1234', '12a', '1 23'])('refuses %j', (input) => {
    expect(checkCardCvc(input)).toBe('errorCardCvc');
  });

  it('is told when the field is empty', () => {
    expect(checkCardCvc('')).toBe('errorRequired');
  });
});

describe('an American Express card', () => {
  const amex = '3782 822463 10005';

  it('is known by its leading digits', () => {
    expect(cardBrand(amex)).toBe('amex');
    expect(cardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
  });

  it('takes a 4-digit CVC, and refuses 3 with its own message', () => {
    expect(checkCardNumber(amex)).toBeNull();
    expect(checkCardCvc('1234', amex)).toBeNull();
    expect(checkCardCvc('123', amex)).toBe('errorCardCvcAmex');
  });
});
