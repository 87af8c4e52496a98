// The README's "writing a provider" example is not prose that drifts: it runs, here, against
// a fake of the (made-up) processor it talks to, and keeps the provider contract.
import { describeProviderContract } from '@plankit/checkout/testing';
import { startFakeAcmePay } from './fixtures/fakeAcmePay.js';
import { createAcmeProvider } from './snippets/provider.js';

const WEBHOOK_SECRET = 'acme-webhook-secret';
let acme: Awaited<ReturnType<typeof startFakeAcmePay>>;
beforeAll(async () => {
  acme = await startFakeAcmePay(WEBHOOK_SECRET);
});
afterAll(async () => {
  await acme.close();
});

describeProviderContract('the README’s Acme Pay provider', {
  open: async () => ({
    provider: createAcmeProvider({
      apiKey: 'sk_test_acme',
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: acme.base,
    }),
    dispose: async () => {},
  }),
  paymentMethods: async () => ({
    succeeds: 'pm_ok',
    declined: 'pm_declined',
    insufficientFunds: 'pm_funds',
    requiresAction: 'pm_3ds',
    declinesAfterSaving: 'pm_later',
  }),
  completeAction: (_provider, action, approve) => acme.decide(action.redirectUrl ?? '', approve),
  webhookFor: async (_provider, intentId) => acme.webhookFor(intentId),
});
