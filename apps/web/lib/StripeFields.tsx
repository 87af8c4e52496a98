'use client';

import type { StripePaymentFieldsProps } from '@plankit/checkout/stripe/client';
import dynamic from 'next/dynamic';

// Stripe's React bindings in a chunk of their own, loaded only where the fields render:
// with the test provider no Stripe code reaches the browser.
const StripePaymentFields = dynamic(() =>
  import('@plankit/checkout/stripe/client').then((entry) => entry.StripePaymentFields),
);

/** The Stripe provider's fields for the payment slot, loaded when they render. */
export function StripeFields(props: StripePaymentFieldsProps) {
  return <StripePaymentFields {...props} />;
}
