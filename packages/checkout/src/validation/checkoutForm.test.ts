import { describe, expect, it } from 'vitest';
import type { Plan } from '../catalog/schema.js';
import { makeCatalog, makePromoCode } from '../test-utils/factories.js';
import {
  type CheckoutFormValues,
  needsPaymentDetails,
  planCurrencies,
  planIntervals,
  validateCheckout,
  validateField,
} from './checkoutForm.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const catalog = makeCatalog({
  promoCodes: [
    makePromoCode(),
    makePromoCode({ code: 'EXPIRED10', percentOff: 10, expiresAt: '2020-12-31T23:59:59Z' }),
    makePromoCode({ code: 'TEAMONLY', percentOff: 30, planIds: ['team'] }),
  ],
});
const planById = (id: string): Plan => {
  const plan = catalog.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`fixture catalog has no plan ${id}`);
  return plan;
};
const context = (planId: string) => ({ catalog, plan: planById(planId), now: NOW });

/** What a visitor fills in for a paid plan when everything is right. */
const filledIn: CheckoutFormValues = {
  interval: 'monthly',
  currency: 'EUR',
  email: ' ada@example.com ',
  name: ' Ada Lovelace ',
  country: 'DE',
  promo: '',
};

describe('a visitor who submits the starter plan form empty', () => {
  it('sees an error on every required field at once, each with its message key', () => {
    const result = validateCheckout({}, context('starter'));
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        interval: { message: 'errorInterval' },
        currency: { message: 'errorCurrency' },
        email: { message: 'errorRequired' },
        name: { message: 'errorRequired' },
        country: { message: 'errorCountry' },
      },
    });
  });
});

describe('a visitor who fills in the starter plan form correctly', () => {
  it('gets a typed submission with trimmed contact details and no card', () => {
    const result = validateCheckout(filledIn, context('starter'));
    expect(result).toEqual({
      ok: true,
      submission: {
        planId: 'starter',
        interval: 'monthly',
        currency: 'EUR',
        seats: 1,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        country: 'DE',
        promo: { status: 'none' },
        business: null,
      },
    });
  });

  it('gets LAUNCH20 applied when typed in lowercase', () => {
    const result = validateCheckout({ ...filledIn, promo: ' launch20 ' }, context('starter'));
    expect(result.ok && result.submission.promo).toEqual({
      status: 'valid',
      promo: makePromoCode(),
    });
  });
});

describe('card fields posted anyway (a crafted form)', () => {
  it('are no fields of the checkout: never read, never in the submission', () => {
    const crafted = {
      ...filledIn,
      cardNumber: '4242 4242 4242 4242',
      cardCvc: '123',
    } as CheckoutFormValues;
    const result = validateCheckout(crafted, context('starter'));
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain('4242');
  });
});

describe('a visitor starting the pro trial', () => {
  it('needs a payment method: the card is saved for the first charge', () => {
    expect(validateCheckout(filledIn, context('pro')).ok).toBe(true);
    expect(needsPaymentDetails(planById('pro'))).toBe(true);
  });
});

describe('a visitor choosing the free plan', () => {
  it('needs only contact details', () => {
    const result = validateCheckout(
      {
        interval: 'monthly',
        currency: 'EUR',
        email: 'ada@example.com',
        name: 'Ada',
        country: 'FR',
      },
      context('free'),
    );
    expect(result.ok).toBe(true);
    expect(needsPaymentDetails(planById('free'))).toBe(false);
  });

  it('cannot pick the yearly interval, which the free plan does not have', () => {
    expect(validateField('interval', 'yearly', context('free'))).toEqual({
      message: 'errorInterval',
    });
  });
});

describe('a visitor choosing seats on the team plan (2 to 50)', () => {
  it('gets the seat count as a number', () => {
    const result = validateCheckout({ ...filledIn, seats: '5' }, context('team'));
    expect(result.ok && result.submission.seats).toBe(5);
  });

  it.each(['2', '50', ' 7 '])('accepts %j', (seats) => {
    expect(validateField('seats', seats, context('team'))).toBeNull();
  });

  it.each(['1', '51', '0', '', '-3', '2.5', '5e1', 'five', '0x10', '9999999'])(
    'refuses %j and says the bounds',
    (seats) => {
      expect(validateField('seats', seats, context('team'))).toEqual({
        message: 'errorSeats',
        values: { min: 2, max: 50 },
      });
    },
  );

  it('requires a seat count in the whole form', () => {
    const result = validateCheckout(filledIn, context('team'));
    expect(result.ok ? null : result.fieldErrors.seats?.message).toBe('errorSeats');
  });

  it('does not ask for seats on a plan that is not per seat', () => {
    const result = validateCheckout({ ...filledIn, seats: '999' }, context('starter'));
    expect(result.ok && result.submission.seats).toBe(1);
  });
});

describe('a visitor sending values the plan does not offer', () => {
  it.each(['weekly', 'Monthly', '', 'toString'])('refuses the interval %j', (interval) => {
    expect(validateField('interval', interval, context('starter'))).toEqual({
      message: 'errorInterval',
    });
  });

  it.each(['GBP', 'eur', '', 'constructor'])('refuses the currency %j', (currency) => {
    expect(validateField('currency', currency, context('starter'))).toEqual({
      message: 'errorCurrency',
    });
  });

  it('accepts every currency of the plan, the default one first', () => {
    expect(planCurrencies(catalog, planById('starter'))).toEqual(['EUR', 'JPY', 'USD']);
    expect(validateField('currency', 'JPY', context('starter'))).toBeNull();
  });

  it.each(['XX', 'de', 'Germany', ''])('refuses the country %j', (country) => {
    expect(validateField('country', country, context('starter'))).toEqual({
      message: 'errorCountry',
    });
  });

  it('lists the intervals a plan is sold on', () => {
    expect(planIntervals(planById('starter'))).toEqual(['monthly', 'yearly']);
    expect(planIntervals(planById('free'))).toEqual(['monthly']);
  });
});

describe('a visitor typing a promo code', () => {
  it('is told an expired code has expired', () => {
    expect(validateField('promo', 'EXPIRED10', context('starter'))).toEqual({
      message: 'errorPromoExpired',
    });
  });

  it('is told an unknown code is unknown', () => {
    expect(validateField('promo', 'NOPE', context('starter'))).toEqual({
      message: 'errorPromoUnknown',
    });
  });

  it('is told a code for another plan does not apply', () => {
    expect(validateField('promo', 'TEAMONLY', context('starter'))).toEqual({
      message: 'errorPromoNotApplicable',
    });
    expect(validateField('promo', 'TEAMONLY', context('team'))).toBeNull();
  });

  it('keeps the other fields valid when only the promo is wrong', () => {
    const result = validateCheckout({ ...filledIn, promo: 'EXPIRED10' }, context('starter'));
    expect(result).toEqual({ ok: false, fieldErrors: { promo: { message: 'errorPromoExpired' } } });
  });
});

describe('a visitor typing contact details', () => {
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada@@example.com', 'a..b@example.com'])(
    'is told %j is not an email address',
    (email) => {
      expect(validateField('email', email, context('starter'))).toEqual({ message: 'errorEmail' });
    },
  );

  it('is told an email address over 254 characters is too long', () => {
    const email = `${'a'.repeat(250)}@example.com`;
    expect(validateField('email', email, context('starter'))).toEqual({ message: 'errorEmail' });
  });

  it('may use a name of up to 100 characters', () => {
    expect(validateField('name', 'A'.repeat(100), context('starter'))).toBeNull();
    expect(validateField('name', 'A'.repeat(101), context('starter'))).toEqual({
      message: 'errorNameTooLong',
    });
    expect(validateField('name', '   ', context('starter'))).toEqual({ message: 'errorRequired' });
  });
});

describe('a visitor (or a script) pasting invisible characters into the free-text fields', () => {
  const forbidden = [
    ['a NUL', '\u0000'],
    ['a newline', '\n'],
    ['an escape', '\u001b'],
    ['a C1 control', '\u0085'],
    ['a right-to-left override', '\u202e'],
    ['a left-to-right embedding', '\u202a'],
    ['a first-strong isolate', '\u2068'],
    ['a pop directional isolate', '\u2069'],
    ['an unpaired surrogate', '\ud800'],
  ] as const;

  it.each(forbidden)('refuses %s in the name with its own message', (_label, character) => {
    expect(validateField('name', `Ada${character}Lovelace`, context('starter'))).toEqual({
      message: 'errorInvalidCharacters',
    });
  });

  it.each(forbidden)('refuses %s in the email and the promo code too', (_label, character) => {
    const refused = { message: 'errorInvalidCharacters' };
    expect(validateField('email', `ada${character}@example.com`, context('starter'))).toEqual(
      refused,
    );
    expect(validateField('promo', `LAUNCH${character}20`, context('starter'))).toEqual(refused);
  });

  it('still accepts names in other scripts, with accents and emoji', () => {
    for (const name of ['Zoë Ångström', 'محمد عبد الله', '山田 太郎', 'Ada 👩‍💻 Lovelace']) {
      expect(validateField('name', name, context('starter'))).toBeNull();
    }
  });

  it('refuses the whole submission with the field message, nothing else wrong', () => {
    const result = validateCheckout({ ...filledIn, name: 'Ada\u202eecalevoL' }, context('starter'));
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: { message: 'errorInvalidCharacters' } },
    });
  });
});

describe('a visitor typing more than a field holds', () => {
  it('is told the most a promo code takes', () => {
    expect(validateField('promo', 'X'.repeat(33), context('starter'))).toEqual({
      message: 'errorTooLong',
      values: { max: 32 },
    });
  });

  it('refuses a 1 MB name, email or promo code with a message rather than storing it', () => {
    const huge = 'A'.repeat(1024 * 1024);
    const result = validateCheckout(
      { ...filledIn, name: huge, email: `${huge}@example.com`, promo: huge },
      context('starter'),
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: { message: 'errorNameTooLong' },
        email: { message: 'errorEmail' },
        promo: { message: 'errorTooLong', values: { max: 32 } },
      },
    });
  });
});

describe('a business buyer', () => {
  const business = { ...filledIn, business: 'on', vatId: 'FR40303265045', country: 'FR' };

  it('must name the company', () => {
    const result = validateCheckout(business, context('starter'));
    expect(result).toEqual({ ok: false, fieldErrors: { company: { message: 'errorRequired' } } });
  });

  it('gets the details in the submission', () => {
    const result = validateCheckout(
      { ...business, company: ' Acme SAS ', city: 'Lyon' },
      context('starter'),
    );
    expect(result.ok && result.submission.business).toEqual({
      company: 'Acme SAS',
      vatId: 'FR40303265045',
      street: '',
      postalCode: '',
      city: 'Lyon',
    });
  });

  it('is a consumer when the box is not ticked, whatever the other fields hold', () => {
    const result = validateCheckout({ ...business, business: '' }, context('starter'));
    expect(result.ok && result.submission.business).toBeNull();
  });
});
