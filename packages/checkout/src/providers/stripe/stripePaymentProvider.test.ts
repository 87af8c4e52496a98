// The Stripe provider keeps the provider contract against the in-repo fake of Stripe's API
// (the official SDK pointed at it through `host`/`port`/`protocol`). The same suite runs
// against Stripe's own test mode in stripeTestMode.test.ts when STRIPE_SECRET_KEY is set.
import { describeProviderContract } from '../../testing/describeProviderContract.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const WEBHOOK_SECRET = 'whsec_contract_fake';
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

describeProviderContract('Stripe (against the fake Stripe API)', {
  open: async () => ({
    provider: createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    }),
    dispose: async () => {},
  }),
  paymentMethods: async () => ({
    succeeds: 'pm_card_visa',
    declined: 'pm_card_chargeDeclined',
    insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
    requiresAction: 'pm_card_authenticationRequired',
    declinesAfterSaving: 'pm_card_chargeCustomerFail',
  }),
  completeAction: async (_provider, redirectUrl, approve) => {
    const response = await fetch(redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: approve ? 'approve' : 'refuse' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
  },
  webhookFor: async (_provider, intentId) => {
    const event = [...fake.events]
      .reverse()
      .find((e) => (e.data.object as { id?: string }).id === intentId);
    if (!event) throw new Error(`no event for ${intentId}`);
    return fake.signed(event, WEBHOOK_SECRET);
  },
});
