import { ConfigurationError } from '../../errors/errors.js';
import { stripeConfigFromEnv } from './stripeConfig.js';
import { stripeConnectionOf } from './stripePaymentProvider.js';

const keys = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('selecting Stripe from the environment', () => {
  it('none of the Stripe variables: the test provider stays (null)', () => {
    expect(stripeConfigFromEnv({})).toBeNull();
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: '  ' })).toBeNull();
  });

  it('the three keys select Stripe; STRIPE_API_BASE points the SDK elsewhere', () => {
    expect(stripeConfigFromEnv(keys)).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
      apiBase: undefined,
      testMode: true,
      stripeJsUrl: undefined,
    });
    expect(
      stripeConfigFromEnv({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' })?.apiBase,
    ).toBe('http://127.0.0.1:12111');
    expect(stripeConnectionOf('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeConnectionOf('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnectionOf(undefined)).toEqual({});
  });

  it('some keys but not all, or keys of the wrong shape or mode, name every problem', () => {
    const issues = (env: Parameters<typeof stripeConfigFromEnv>[0]) => {
      try {
        stripeConfigFromEnv(env);
      } catch (error) {
        if (error instanceof ConfigurationError) return error.issues.map((i) => i.path);
        throw error;
      }
      return [];
    };
    expect(issues({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(issues({ STRIPE_API_BASE: 'http://127.0.0.1:1' })).toHaveLength(3);
    expect(issues({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
    ]);
    expect(issues({ ...keys, STRIPE_WEBHOOK_SECRET: 'abc', STRIPE_API_BASE: 'nope' })).toEqual([
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_BASE',
    ]);
  });

  it('STRIPE_JS_URL loads a Stripe.js stand-in with test keys, and is refused with live ones', () => {
    const url = 'http://127.0.0.1:12111/v3/stripe.js';
    expect(stripeConfigFromEnv({ ...keys, STRIPE_JS_URL: url })?.stripeJsUrl).toBe(url);
    const refused = (env: Parameters<typeof stripeConfigFromEnv>[0]) => {
      try {
        stripeConfigFromEnv(env);
      } catch (error) {
        if (error instanceof ConfigurationError) return error.issues;
        throw error;
      }
      return [];
    };
    const live = {
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(stripeConfigFromEnv(live)?.stripeJsUrl).toBeUndefined();
    expect(refused({ ...live, STRIPE_JS_URL: url })).toEqual([
      {
        path: 'STRIPE_JS_URL',
        message: 'is for test mode only: unset it with live keys (sk_live_…, pk_live_…)',
      },
    ]);
    // Alone it selects nothing: the keys are missing.
    expect(refused({ STRIPE_JS_URL: url }).map((i) => i.path)).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(refused({ ...keys, STRIPE_JS_URL: 'stripe.js' }).map((i) => i.path)).toEqual([
      'STRIPE_JS_URL',
    ]);
  });
});
