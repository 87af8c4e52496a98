// The provider contract against Stripe's own test mode, when STRIPE_SECRET_KEY is set (a
// `sk_test_…` key; never a live one). Without it the suite is skipped, saying so. The
// buyer's part on Stripe's 3-D Secure page needs a real browser, and Stripe's webhooks
// reach a public URL only, so those two tests are left to the fake
// (stripePaymentProvider.test.ts); everything else runs here as it runs there.
import { describeProviderContract } from '../../testing/describeProviderContract.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const key = process.env.STRIPE_SECRET_KEY ?? '';

if (!key) {
  describe('Stripe test mode', () => {
    it.skip('skipped: set STRIPE_SECRET_KEY (sk_test_…) to run the provider contract against Stripe’s test mode', () => {});
  });
} else {
  if (!key.startsWith('sk_test_') && !key.startsWith('rk_test_')) {
    throw new Error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_…) to run the contract.');
  }
  describeProviderContract('Stripe (test mode)', {
    open: async () => ({
      provider: createStripeProvider({
        secretKey: key,
        webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || 'whsec_unused_by_the_contract',
        // STRIPE_API_BASE points the same suite at another server (e.g. the fake).
        ...(process.env.STRIPE_API_BASE ? { apiBase: process.env.STRIPE_API_BASE } : {}),
      }),
      dispose: async () => {},
    }),
    // Stripe's test payment methods (https://docs.stripe.com/testing#cards).
    paymentMethods: async () => ({
      succeeds: 'pm_card_visa',
      declined: 'pm_card_chargeDeclined',
      insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
      requiresAction: 'pm_card_authenticationRequired',
      declinesAfterSaving: 'pm_card_chargeCustomerFail',
    }),
  });
}
