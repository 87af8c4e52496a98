import {
  type Catalog,
  type PaymentSlotContent,
  type Plan,
  TestCardFields,
} from '@plankit/checkout';
import { config } from './config';
import { StripeFields } from './StripeFields';

/**
 * The payment provider's fields for a plan's payment slot: Stripe's Payment Element when
 * Stripe is configured (Stripe.js loads only then), else the test provider's card fields.
 * The slot has no default, so a Stripe page carries no test card code. Decided when the
 * server starts (the plan step is rendered once per process, lib/staticPages.ts).
 */
export function paymentFieldsFor(catalog: Catalog, plan: Plan): PaymentSlotContent {
  const stripe = config.stripe;
  if (!stripe) return <TestCardFields />;
  const currency = catalog.defaultCurrency;
  // What the element shows (wallets); the amount charged is always the server's quote.
  const amount = plan.prices.monthly?.[currency] ?? plan.prices.yearly?.[currency] ?? 0;
  return (
    <StripeFields
      publishableKey={stripe.publishableKey}
      // STRIPE_JS_URL: Stripe.js from a local stand-in (tests, the fake); read at start.
      stripeJsUrl={stripe.stripeJsUrl}
      currency={currency}
      amount={amount}
      mode={plan.trialDays ? 'setup' : 'subscription'}
    />
  );
}

/**
 * The provider's fields for "Update payment method" on the manage page: the same fields as the
 * plan step's, saving a card without charging it (Stripe: `setup` mode).
 */
export function cardFieldsFor(currency: string): PaymentSlotContent {
  const stripe = config.stripe;
  if (!stripe) return <TestCardFields />;
  return (
    <StripeFields
      publishableKey={stripe.publishableKey}
      stripeJsUrl={stripe.stripeJsUrl}
      currency={currency}
      amount={0}
      mode="setup"
    />
  );
}
