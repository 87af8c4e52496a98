// The Stripe entry (`@plankit/checkout/stripe`), for the server: the Stripe provider and
// how a host reads its configuration. Needs the `stripe` package (an optional peer
// dependency); its browser fields are in `@plankit/checkout/stripe/client`.

export {
  type StripeEnvironment,
  type StripeHostConfig,
  stripeConfigFromEnv,
} from './providers/stripe/stripeConfig.js';
export {
  createStripeProvider,
  type StripePaymentProvider,
  type StripeProviderOptions,
  stripeConnectionOf,
} from './providers/stripe/stripePaymentProvider.js';
