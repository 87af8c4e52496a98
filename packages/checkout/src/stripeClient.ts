'use client';
// The Stripe browser entry (`@plankit/checkout/stripe/client`): the Payment Element for the
// plan step's payment slot. Import it only where Stripe is configured, so Stripe.js and
// its React bindings stay out of the test provider's plan step.

export {
  StripePaymentFields,
  type StripePaymentFieldsProps,
} from './components/StripePaymentFields.js';
