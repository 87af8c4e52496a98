// The fake Stripe API entry (`@plankit/checkout/stripe/fake`): a local server that answers
// the Stripe SDK as Stripe's API would for the parts the Stripe provider uses, with a
// hosted Checkout page and signed webhooks. For tests, end-to-end runs and local
// development without Stripe's network; never for production. Run it with
// `plankit stripe-fake` or `startFakeStripe()`.

export type { FakeStripeApi } from './providers/stripe/fake/fakeStripeApi.js';
export {
  FAKE_TEST_PAYMENT_METHODS,
  type FakeCardBehaviour,
  type FakeTestCard,
  fakeCardByNumber,
} from './providers/stripe/fake/fakeStripeCards.js';
export {
  type FakeStripe,
  type FakeStripeOptions,
  type FakeWebhookDelivery,
  type FakeWebhookOptions,
  startFakeStripe,
} from './providers/stripe/fake/startFakeStripe.js';
