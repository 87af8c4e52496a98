// How a host selects the Stripe provider from its environment: STRIPE_SECRET_KEY,
// STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together select Stripe; STRIPE_API_BASE
// points the SDK at another API server (the fake); none of them set leaves the test
// provider in place. Some but not all of the three is a configuration error, so a typo
// never silently falls back to the test provider. STRIPE_JS_URL loads Stripe.js from a
// local stand-in (the fake serves one) and is refused with live keys.

import { ConfigurationError, type ConfigurationIssue } from '../../errors/errors.js';

/** The environment variables the Stripe provider reads. */
export interface StripeEnvironment {
  /** The secret key, `sk_test_…` or `sk_live_…`. */
  STRIPE_SECRET_KEY?: string | undefined;
  /** The publishable key of the same mode, `pk_test_…` or `pk_live_…`. */
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  /** Another API server than Stripe's, e.g. the fake: `http://127.0.0.1:12111`. */
  STRIPE_API_BASE?: string | undefined;
  /**
   * Where the browser loads Stripe.js from instead of js.stripe.com: a local stand-in for
   * tests (`http://127.0.0.1:12111/v3/stripe.js`, printed by `pnpm stripe:fake`). Test keys
   * only.
   */
  STRIPE_JS_URL?: string | undefined;
  /** Any other variable (so `process.env` fits); not read. */
  [name: string]: string | undefined;
}

/** The Stripe configuration a host runs with. */
export interface StripeHostConfig {
  /** `STRIPE_SECRET_KEY`, for the server only. */
  secretKey: string;
  /** `STRIPE_PUBLISHABLE_KEY`, for the Payment Element. */
  publishableKey: string;
  /** `STRIPE_WEBHOOK_SECRET`, to verify Stripe's webhooks. */
  webhookSecret: string;
  /** Another API server than Stripe's (`STRIPE_API_BASE`), or undefined. */
  apiBase: string | undefined;
  /** Whether the keys are test-mode keys (`sk_test_…`). */
  testMode: boolean;
  /** Stripe.js's stand-in (`STRIPE_JS_URL`), or undefined: Stripe.js from js.stripe.com. */
  stripeJsUrl: string | undefined;
}

const REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * The Stripe configuration in `env`, or null when none of the Stripe variables is set.
 * @throws ConfigurationError when some are set but not all, or a value has the wrong shape.
 */
export function stripeConfigFromEnv(env: StripeEnvironment): StripeHostConfig | null {
  const value = (name: keyof StripeEnvironment) => env[name]?.trim() || '';
  const set = REQUIRED.filter((name) => value(name));
  if (set.length === 0 && !value('STRIPE_API_BASE') && !value('STRIPE_JS_URL')) return null;
  const issues: ConfigurationIssue[] = REQUIRED.filter((name) => !value(name)).map((name) => ({
    path: name,
    message: 'is not set (Stripe needs all three of its keys)',
  }));
  const secretKey = value('STRIPE_SECRET_KEY');
  const publishableKey = value('STRIPE_PUBLISHABLE_KEY');
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET');
  if (secretKey && !/^(sk|rk)_(test|live)_/.test(secretKey)) {
    issues.push({ path: 'STRIPE_SECRET_KEY', message: 'must start with sk_test_ or sk_live_' });
  }
  if (publishableKey && !/^pk_(test|live)_/.test(publishableKey)) {
    issues.push({
      path: 'STRIPE_PUBLISHABLE_KEY',
      message: 'must start with pk_test_ or pk_live_',
    });
  }
  if (webhookSecret && !webhookSecret.startsWith('whsec_')) {
    issues.push({ path: 'STRIPE_WEBHOOK_SECRET', message: 'must start with whsec_' });
  }
  const testMode = secretKey.includes('_test_');
  if (secretKey && publishableKey && testMode !== publishableKey.includes('_test_')) {
    issues.push({
      path: 'STRIPE_PUBLISHABLE_KEY',
      message: 'is not of the same mode as the secret key',
    });
  }
  const apiBase = value('STRIPE_API_BASE') || undefined;
  if (apiBase && !/^https?:\/\/[^/]+/.test(apiBase)) {
    issues.push({
      path: 'STRIPE_API_BASE',
      message: 'must be a URL such as http://127.0.0.1:12111',
    });
  }
  const stripeJsUrl = value('STRIPE_JS_URL') || undefined;
  if (stripeJsUrl && !/^https?:\/\/[^/]+\/\S*$/.test(stripeJsUrl)) {
    issues.push({
      path: 'STRIPE_JS_URL',
      message: 'must be a URL such as http://127.0.0.1:12111/v3/stripe.js',
    });
  }
  // A stand-in for Stripe.js never sees a real card: refused outright with live keys.
  if (stripeJsUrl && /_live_/.test(`${secretKey} ${publishableKey}`)) {
    issues.push({
      path: 'STRIPE_JS_URL',
      message: 'is for test mode only: unset it with live keys (sk_live_…, pk_live_…)',
    });
  }
  if (issues.length > 0) throw new ConfigurationError('Stripe configuration', issues);
  return { secretKey, publishableKey, webhookSecret, apiBase, testMode, stripeJsUrl };
}
