import { type Catalog, type Plan, TestCardFields } from '@plankit/checkout';
import type { ReactNode } from 'react';
import { config } from './config';
import { StripeFields } from './StripeFields';

/**
 * The payment provider's fields for a plan's payment slot: Stripe's Payment Element when
 * Stripe is configured (Stripe.js loads only then), else the test provider's card fields
 * (the plan step's slot has no default). The plan step is prerendered, so this is decided
 * when the app builds: build with the Stripe variables set (`npm start` does).
 */
export function paymentFieldsFor(catalog: Catalog, plan: Plan): ReactNode {
  const stripe = config.stripe;
  if (!stripe) return <TestCardFields />;
  const currency = catalog.defaultCurrency;
  // What the element shows (wallets); the amount charged is always the server's quote.
  const amount = plan.prices.monthly?.[currency] ?? plan.prices.yearly?.[currency] ?? 0;
  return (
    <StripeFields
      publishableKey={stripe.publishableKey}
      currency={currency}
      amount={amount}
      mode={plan.trialDays ? 'setup' : 'subscription'}
    />
  );
}
