import { describe, expect, it } from 'vitest';
import { ConfigurationError, InvalidArgumentError } from '../errors/errors.js';
import { createSessionId } from '../ids/sessionId.js';
import { makeCatalog } from '../test-utils/factories.js';
import {
  createCheckoutRoutes,
  isValidCheckoutPath,
  isValidPlanId,
  type PlanLinkOptions,
  parsePlanLinkOptions,
} from './createCheckoutRoutes.js';

const SESSION = `cs_${'AbC123_-'.repeat(4)}`;
const routes = createCheckoutRoutes();

describe('a host with the default checkout path', () => {
  it('uses "checkout"', () => {
    expect(routes.checkoutPath).toBe('checkout');
  });

  it('links the home and fallback pages', () => {
    expect(routes.home).toBe('/');
    expect(routes.fallback).toBe('/fallback');
  });

  it('links a plan step', () => {
    expect(routes.plan('pro')).toBe('/checkout/pro');
  });

  it('links the finish step of a session', () => {
    expect(routes.finish(SESSION)).toBe(`/checkout/finish?session=${SESSION}`);
  });

  it("links each provider's webhook endpoint and the test processor, apart from the checkout", () => {
    expect(routes.webhook('test')).toBe('/api/webhooks/test');
    expect(routes.webhook('stripe')).toBe('/api/webhooks/stripe');
    expect(() => routes.webhook('../x')).toThrow(InvalidArgumentError);
    expect(routes.testProcessor).toBe('/test-processor');
    expect(routes.match('/test-processor/pay/pi_x')).toBeNull();
    expect(() => createCheckoutRoutes({ checkoutPath: 'test-processor' })).toThrow(
      ConfigurationError,
    );
  });

  it('links the finish step of a freshly created session', () => {
    const id = createSessionId();
    expect(routes.match(routes.finish(id))).toEqual({ step: 'finish' });
    expect(new URL(routes.finish(id), 'https://shop.test').searchParams.get('session')).toBe(id);
  });

  it('links every plan of the catalog and reads the link back', () => {
    for (const plan of makeCatalog().plans) {
      expect(routes.match(routes.plan(plan.id))).toEqual({ step: 'plan', planId: plan.id });
    }
  });

  it('cannot be changed after creation', () => {
    expect(Object.isFrozen(routes)).toBe(true);
  });
});

describe('a host that mounts the checkout under /buy', () => {
  const buy = createCheckoutRoutes({ checkoutPath: 'buy' });

  it('builds every path under /buy', () => {
    expect(buy.checkoutPath).toBe('buy');
    expect(buy.plan('team', { seats: 5 })).toBe('/buy/team?seats=5');
    expect(buy.finish(SESSION)).toBe(`/buy/finish?session=${SESSION}`);
  });

  it('matches /buy paths and not /checkout ones', () => {
    expect(buy.match('/buy/team')).toEqual({ step: 'plan', planId: 'team' });
    expect(buy.match('/buy/finish')).toEqual({ step: 'finish' });
    expect(buy.match('/checkout/team')).toBeNull();
    expect(buy.match('/checkout/finish')).toBeNull();
    expect(routes.match('/buy/team')).toBeNull();
  });

  it('still serves home and fallback at the root', () => {
    expect(buy.match('/')).toEqual({ step: 'home' });
    expect(buy.match('/fallback')).toEqual({ step: 'fallback' });
  });
});

describe('a host that configures a bad checkout path', () => {
  it.each([
    ['empty', ''],
    ['with a leading slash', '/checkout'],
    ['with a trailing slash', 'checkout/'],
    ['two segments', 'shop/checkout'],
    ['uppercase', 'Checkout'],
    ['path traversal', '..'],
    ['an encoded slash', 'a%2Fb'],
    ['markup', '<script>'],
    ['a Cyrillic look-alike', 'сheckout'],
    ['fullwidth letters', 'ｃｈｅｃｋｏｕｔ'],
    ['65 characters', 'a'.repeat(65)],
    ['a leading dash', '-checkout'],
    ['the fallback page', 'fallback'],
    ['the finish segment', 'finish'],
    ['the API routes', 'api'],
    ['Next.js assets', '_next'],
  ])('refuses %s', (_, checkoutPath) => {
    expect(() => createCheckoutRoutes({ checkoutPath })).toThrow(
      /^createCheckoutRoutes: checkoutPath: Invalid checkoutPath/,
    );
    expect(isValidCheckoutPath(checkoutPath)).toBe(false);
  });

  it('names the bad value in the message, as a typed configuration error', () => {
    expect(() => createCheckoutRoutes({ checkoutPath: 'My Shop' })).toThrow('"My Shop"');
    expect(() => createCheckoutRoutes({ checkoutPath: 'My Shop' })).toThrow(ConfigurationError);
    expect(() => routes.plan('Pro Plan')).toThrow(InvalidArgumentError);
  });

  it('truncates a huge value in the message', () => {
    let message = '';
    try {
      createCheckoutRoutes({ checkoutPath: `${'x'.repeat(40)}${'Y'.repeat(10_000)}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`"${'x'.repeat(40)}…"`);
    expect(message).not.toContain('Y');
    expect(message.length).toBeLessThan(300);
  });

  it('accepts a 64-character slug with digits and dashes', () => {
    const checkoutPath = `a-1${'b'.repeat(61)}`;
    expect(createCheckoutRoutes({ checkoutPath }).checkoutPath).toBe(checkoutPath);
    expect(isValidCheckoutPath(checkoutPath)).toBe(true);
  });

  it('refuses a value that is not a string at all', () => {
    expect(isValidCheckoutPath(42)).toBe(false);
    expect(isValidCheckoutPath(null)).toBe(false);
  });
});

describe('a link into the plan step with preselected options', () => {
  it('puts every option into the query in a fixed order', () => {
    expect(
      routes.plan('team', {
        country: 'DE',
        promo: 'LAUNCH20',
        currency: 'EUR',
        seats: 5,
        interval: 'yearly',
      }),
    ).toBe('/checkout/team?interval=yearly&seats=5&currency=EUR&promo=LAUNCH20&country=DE');
  });

  it('leaves out options that are undefined', () => {
    expect(routes.plan('pro', { interval: 'monthly', seats: undefined })).toBe(
      '/checkout/pro?interval=monthly',
    );
    expect(routes.plan('pro', {})).toBe('/checkout/pro');
  });

  it('reads back exactly what it wrote', () => {
    const options: PlanLinkOptions = {
      interval: 'yearly',
      seats: 12,
      currency: 'USD',
      promo: 'launch_20-x',
      country: 'NL',
    };
    const link = routes.plan('team', options);
    expect(routes.match(link)).toEqual({ step: 'plan', planId: 'team' });
    expect(routes.parsePlanLinkOptions(link.slice(link.indexOf('?')))).toEqual(options);
  });
});

describe('building a plan link from bad input', () => {
  it.each([
    ['an uppercase id', 'Pro'],
    ['the reserved finish segment', 'finish'],
    ['an empty id', ''],
    ['a slash', 'pro/../admin'],
    ['an encoded slash', 'pro%2Fadmin'],
    ['markup', '<script>alert(1)</script>'],
    ['a Cyrillic look-alike', 'рro'],
    ['a space', 'pro plan'],
    ['65 characters', 'a'.repeat(65)],
  ])('refuses %s as plan id', (_, planId) => {
    expect(() => routes.plan(planId)).toThrow(/^Invalid plan id/);
    expect(isValidPlanId(planId)).toBe(false);
  });

  it('names the bad plan id in the message', () => {
    expect(() => routes.plan('Pro Plan')).toThrow('"Pro Plan"');
  });

  it.each<[string, PlanLinkOptions, RegExp]>([
    ['zero seats', { seats: 0 }, /^Invalid seats 0/],
    ['negative seats', { seats: -1 }, /^Invalid seats -1/],
    ['fractional seats', { seats: 2.5 }, /^Invalid seats 2\.5/],
    ['NaN seats', { seats: Number.NaN }, /^Invalid seats NaN/],
    ['infinite seats', { seats: Number.POSITIVE_INFINITY }, /^Invalid seats Infinity/],
    ['more seats than any plan may have', { seats: 10_001 }, /^Invalid seats 10001/],
    ['seats as a string', { seats: '5' as unknown as number }, /^Invalid seats "5"/],
    ['a weekly interval', { interval: 'weekly' as 'monthly' }, /^Invalid interval "weekly"/],
    ['a lowercase currency', { currency: 'eur' }, /^Invalid currency "eur"/],
    ['a four-letter currency', { currency: 'EURO' }, /^Invalid currency/],
    ['a lowercase country', { country: 'de' }, /^Invalid country "de"/],
    ['a country name', { country: 'DEU' }, /^Invalid country/],
    ['a promo code with a space', { promo: 'LAUNCH 20' }, /^Invalid promo code "LAUNCH 20"/],
    ['an empty promo code', { promo: '' }, /^Invalid promo code/],
    ['a 33-character promo code', { promo: 'A'.repeat(33) }, /^Invalid promo code/],
    ['a promo code with query syntax', { promo: 'A&seats=9' }, /^Invalid promo code/],
  ])('refuses %s', (_, options, message) => {
    expect(() => routes.plan('team', options)).toThrow(message);
  });

  it('accepts the seat bounds 1 and 10 000', () => {
    expect(routes.plan('team', { seats: 1 })).toBe('/checkout/team?seats=1');
    expect(routes.plan('team', { seats: 10_000 })).toBe('/checkout/team?seats=10000');
  });
});

describe('building a finish link from bad input', () => {
  it.each([
    ['an empty id', ''],
    ['a short id', 'cs_123'],
    ['an id with query syntax', `cs_${'a'.repeat(28)}&x=1`],
    ['markup', '<script>alert(1)</script>'],
    ['path traversal', '../../etc/passwd'],
    ['an id that is one character too long', `${SESSION}a`],
  ])('refuses %s', (_, sessionId) => {
    expect(() => routes.finish(sessionId)).toThrow(/^Invalid session id/);
  });

  it('refuses a non-string that slipped past the types', () => {
    expect(() => routes.finish(undefined as unknown as string)).toThrow(
      'Invalid session id (undefined)',
    );
  });
});

describe('recognising checkout pages', () => {
  it.each([
    ['/', { step: 'home' }],
    ['/fallback', { step: 'fallback' }],
    ['/fallback/', { step: 'fallback' }],
    ['/checkout/pro', { step: 'plan', planId: 'pro' }],
    ['/checkout/pro/', { step: 'plan', planId: 'pro' }],
    ['/checkout/team-2024', { step: 'plan', planId: 'team-2024' }],
    ['/checkout/finish', { step: 'finish' }],
    ['/checkout/finish/', { step: 'finish' }],
    [`/checkout/${'a'.repeat(64)}`, { step: 'plan', planId: 'a'.repeat(64) }],
  ])('%s', (pathname, expected) => {
    expect(routes.match(pathname)).toEqual(expected);
  });

  it('ignores the query and the hash', () => {
    expect(routes.match('/checkout/pro?interval=yearly&seats=5')).toEqual({
      step: 'plan',
      planId: 'pro',
    });
    expect(routes.match('/checkout/pro#summary')).toEqual({ step: 'plan', planId: 'pro' });
    expect(routes.match('/checkout/pro/?x=<script>#a/../b')).toEqual({
      step: 'plan',
      planId: 'pro',
    });
    expect(routes.match(`/checkout/finish?session=${SESSION}`)).toEqual({ step: 'finish' });
    expect(routes.match('/?ref=mail')).toEqual({ step: 'home' });
  });

  it('treats "finish" as the finish step, never as a plan', () => {
    expect(routes.match('/checkout/finish')).not.toHaveProperty('planId');
  });
});

describe('hostile or unknown paths', () => {
  const unknown: [string, string][] = [
    ['an empty string', ''],
    ['a path without a leading slash', 'checkout/pro'],
    ['a full URL', 'https://evil.example/checkout/pro'],
    ['a protocol-relative URL', '//evil.example/checkout/pro'],
    ['a double slash in the middle', '/checkout//pro'],
    ['a double slash at the start', '//checkout/pro'],
    ['two trailing slashes', '/checkout/pro//'],
    ['a root with two slashes', '//'],
    ['parent-directory segments', '/checkout/../admin'],
    ['a parent-directory plan', '/checkout/..'],
    ['a current-directory segment', '/checkout/./pro'],
    ['a trailing parent segment', '/checkout/pro/..'],
    ['an encoded slash', '/checkout/pro%2F..%2Fadmin'],
    ['an encoded slash in lowercase', '/checkout%2fpro'],
    ['an encoded letter', '/checkout/pr%6F'],
    ['an encoded dot-dot', '/checkout/%2E%2E'],
    ['a backslash', '/checkout\\pro'],
    ['markup', '/checkout/<script>alert(1)</script>'],
    ['an encoded script tag', '/checkout/%3Cscript%3E'],
    ['a Cyrillic р in the plan id', '/checkout/рro'],
    ['a Cyrillic с in the checkout path', '/сheckout/pro'],
    ['fullwidth letters', '/checkout/ｐｒｏ'],
    ['a dotless i', '/checkout/ıntro'],
    ['an uppercase plan id', '/checkout/Pro'],
    ['an uppercase checkout path', '/Checkout/pro'],
    ['a 65-character plan id', `/checkout/${'a'.repeat(65)}`],
    ['10 000 characters', `/checkout/${'a'.repeat(10_000)}`],
    ['10 000 slashes', '/'.repeat(10_000)],
    ['a different checkout path', '/shop/pro'],
    ['the checkout path alone', '/checkout'],
    ['the checkout path with a slash', '/checkout/'],
    ['a plan sub-page', '/checkout/pro/extra'],
    ['an unknown finish sub-page', '/checkout/finish/receipt'],
    ['too many segments', '/checkout/finish/authenticate/again'],
    ['the old test bank path', '/checkout/finish/authenticate'],
    ['a fallback sub-page', '/fallback/x'],
    ['a leading dash', '/checkout/-pro'],
    ['a trailing dash', '/checkout/pro-'],
    ['whitespace', '/checkout/pro '],
    ['a newline', '/checkout/pro\n'],
    ['a NUL byte', '/checkout/pro\u0000'],
    ['a semicolon parameter', '/checkout/pro;jsessionid=1'],
    ['an API route', '/api/checkout'],
    ['a Next.js asset', '/_next/static/x.js'],
  ];

  it.each(unknown)('%s → null', (_, pathname) => {
    expect(routes.match(pathname)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an object', { pathname: '/checkout/pro' }],
  ])('never throws, even for %s slipped past the types', (_, value) => {
    expect(routes.match(value as string)).toBeNull();
  });
});

describe('reading plan-link options from a query', () => {
  const read = (search: string) => routes.parsePlanLinkOptions(search);

  it('reads every valid option', () => {
    expect(read('?interval=yearly&seats=5&currency=EUR&promo=LAUNCH20&country=DE')).toEqual({
      interval: 'yearly',
      seats: 5,
      currency: 'EUR',
      promo: 'LAUNCH20',
      country: 'DE',
    });
  });

  it('reads a query without the leading ? and a URLSearchParams', () => {
    expect(read('seats=3')).toEqual({ seats: 3 });
    expect(parsePlanLinkOptions(new URLSearchParams({ interval: 'monthly' }))).toEqual({
      interval: 'monthly',
    });
  });

  it('returns nothing for an empty query', () => {
    expect(read('')).toEqual({});
    expect(read('?')).toEqual({});
  });

  it('drops each invalid option and keeps the valid ones', () => {
    expect(read('?interval=weekly&seats=5&currency=eur&promo=LAUNCH20&country=Germany')).toEqual({
      seats: 5,
      promo: 'LAUNCH20',
    });
  });

  it.each([
    ['zero', '0'],
    ['negative', '-3'],
    ['fractional', '2.5'],
    ['exponent notation', '1e3'],
    ['hex', '0x10'],
    ['a leading zero', '05'],
    ['a leading plus', '+5'],
    ['surrounding spaces', ' 5 '],
    ['above 10 000', '10001'],
    ['a huge number', '9'.repeat(400)],
    ['empty', ''],
    ['text', 'five'],
  ])('drops seats that are %s', (_, seats) => {
    expect(read(`?${new URLSearchParams({ seats })}`)).toEqual({});
  });

  it('keeps the 10 000-seat maximum', () => {
    expect(read('?seats=10000')).toEqual({ seats: 10_000 });
  });

  it('drops intervals that are not exactly monthly or yearly', () => {
    expect(read('?interval=Monthly')).toEqual({});
    expect(read('?interval=toString')).toEqual({});
    expect(read('?interval=__proto__')).toEqual({});
  });

  it('drops promo codes with markup or too many characters', () => {
    expect(read(`?promo=${encodeURIComponent('<script>')}`)).toEqual({});
    expect(read(`?promo=${'A'.repeat(33)}`)).toEqual({});
    expect(read('?promo=LAUNCH%2020')).toEqual({});
  });

  it('decodes percent-escapes in values once, as URLSearchParams does', () => {
    expect(read('?currency=%45UR')).toEqual({ currency: 'EUR' });
  });

  it('takes the first of repeated keys', () => {
    expect(read('?seats=2&seats=9')).toEqual({ seats: 2 });
  });

  it('ignores unknown keys and prototype names', () => {
    const options = read('?__proto__=x&constructor=y&amount=1');
    expect(options).toEqual({});
    expect(Object.keys(options)).toEqual([]);
  });

  it('copes with a 10 000-character query', () => {
    expect(read(`?promo=${'A'.repeat(10_000)}&seats=4`)).toEqual({ seats: 4 });
  });

  it('is the same function on every routes object', () => {
    expect(createCheckoutRoutes({ checkoutPath: 'buy' }).parsePlanLinkOptions('?seats=2')).toEqual({
      seats: 2,
    });
  });
});
