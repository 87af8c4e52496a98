import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/errors.js';
import { makeCatalog } from '../test-utils/factories.js';
import { createPlankit } from './createPlankit.js';
import { readSettings } from './settings.js';

const catalog = makeCatalog();
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('an app that gives only its catalog', () => {
  const settings = readSettings({ catalog }, {});

  it('runs on PGlite in .data/plankit, the test provider and the checkout path', () => {
    expect(settings.databaseUrl).toBeNull();
    expect(settings.dataDir).toBe(`${process.cwd()}/.data/plankit`);
    expect(settings.provider).toBe('test');
    expect(settings.stripe).toBeNull();
    expect(settings.checkoutPath).toBe('checkout');
  });

  it('allows no processor origin in its security headers and has no reverse charge', () => {
    expect(settings.paymentProcessor).toEqual({
      formAction: [],
      frame: [],
      connect: [],
      script: [],
    });
    expect(settings.merchantTax).toBeUndefined();
  });
});

describe('the environment, under the names of the Plankit host', () => {
  it('selects Stripe with its three keys, and allows its origins', () => {
    const settings = readSettings({ catalog }, STRIPE);
    expect(settings.provider).toBe('stripe');
    expect(settings.stripe?.publishableKey).toBe('pk_test_abc');
    expect(settings.paymentProcessor.script).toContain('https://js.stripe.com');
  });

  it('reads the database, the secret, the merchant and the checkout path', () => {
    const settings = readSettings(
      { catalog },
      {
        DATABASE_URL: 'postgres://db.example/shop',
        PLANKIT_SECRET: 's'.repeat(40),
        PLANKIT_MERCHANT_NAME: 'Shop',
        PLANKIT_MERCHANT_COUNTRY: 'DE',
        PLANKIT_MERCHANT_VAT_ID: 'DE136695976',
        CHECKOUT_PATH: 'buy',
        PLANKIT_TRUSTED_PROXY_HOPS: '2',
      },
    );
    expect(settings).toMatchObject({
      databaseUrl: 'postgres://db.example/shop',
      secret: 's'.repeat(40),
      merchantName: 'Shop',
      merchantTax: { country: 'DE', vatId: 'DE136695976' },
      checkoutPath: 'buy',
      trustedProxyHops: 2,
    });
  });

  it('gives the options of createPlankit the last word on provider, store, secret and path', () => {
    const settings = readSettings(
      {
        catalog,
        provider: 'test',
        store: { databaseUrl: '' },
        secret: 'x'.repeat(32),
        checkoutPath: 'pay',
      },
      {
        ...STRIPE,
        DATABASE_URL: 'postgres://db.example/shop',
        PLANKIT_SECRET: 'other',
        CHECKOUT_PATH: 'buy',
      },
    );
    expect(settings).toMatchObject({
      provider: 'test',
      stripe: null,
      databaseUrl: null,
      secret: 'x'.repeat(32),
      checkoutPath: 'pay',
    });
  });

  it('lets the variables override the merchant the options name', () => {
    const options = {
      catalog,
      merchantName: 'Own',
      merchantTax: { country: 'IE', vatId: 'IE6388047V' },
    };
    expect(readSettings(options, {})).toMatchObject({
      merchantName: 'Own',
      merchantTax: { country: 'IE' },
    });
    expect(
      readSettings(options, {
        PLANKIT_MERCHANT_NAME: 'Env',
        PLANKIT_MERCHANT_COUNTRY: 'FR',
        PLANKIT_MERCHANT_VAT_ID: 'FR40303265045',
      }),
    ).toMatchObject({
      merchantName: 'Env',
      merchantTax: { country: 'FR', vatId: 'FR40303265045' },
    });
  });

  it.each([
    [{ PLANKIT_DB_POOL_MAX: '0' }, 'PLANKIT_DB_POOL_MAX'],
    [{ PLANKIT_DB_POOLER: 'session' }, 'PLANKIT_DB_POOLER'],
    [{ PLANKIT_WEBHOOK_URL: 'https://hooks.example' }, 'PLANKIT_WEBHOOK_URL'],
    [{ PLANKIT_MERCHANT_COUNTRY: 'DE' }, 'PLANKIT_MERCHANT_VAT_ID'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
  ])('refuses %j, naming %s', (env, name) => {
    expect(() => readSettings({ catalog }, env)).toThrow(ConfigurationError);
    expect(() => readSettings({ catalog }, env)).toThrow(name);
  });

  it("refuses provider: 'stripe' without Stripe's keys", () => {
    expect(() => readSettings({ catalog, provider: 'stripe' }, {})).toThrow(/provider/);
  });
});

describe('one build, any configuration (issue 21)', () => {
  it('reads nothing when the app builds: the environment is read on first use, at run time', () => {
    const env: Record<string, string | undefined> = { STRIPE_SECRET_KEY: 'sk_test_only' };
    // An incomplete Stripe configuration would throw if it were read now.
    const plankit = createPlankit({ catalog, env });
    Object.assign(env, STRIPE, { PLANKIT_MERCHANT_NAME: 'Started with' });
    expect(plankit.settings().merchantName).toBe('Started with');
    expect(plankit.settings().provider).toBe('stripe');
  });

  it('parses the catalog at once: an invalid one stops the build', () => {
    expect(() =>
      createPlankit({ catalog: { defaultCurrency: 'EUR', plans: [] } as never }),
    ).toThrow();
  });
});
