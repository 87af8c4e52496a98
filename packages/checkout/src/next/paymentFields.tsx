import { type PaymentSlotContent, type Plan, TestCardFields } from '../index.js';
import type { PlankitRuntime } from './runtime.js';

/** The host's Stripe fields component, or a clear error naming the option that is missing. */
function stripeFieldsOf(runtime: PlankitRuntime) {
  const StripeFields = runtime.options.stripeFields;
  if (!StripeFields) {
    throw new Error(
      '[plankit] Stripe is the payment provider: pass createPlankit({ stripeFields: StripePaymentFields }) (from @plankit/checkout/stripe/client).',
    );
  }
  return StripeFields;
}

/** The provider's fields for the plan step's payment slot: Stripe's when Stripe is set, else the test card's. */
export function paymentFields(runtime: PlankitRuntime, plan: Plan): PaymentSlotContent {
  const { stripe } = runtime.settings();
  if (!stripe) return <TestCardFields />;
  const StripeFields = stripeFieldsOf(runtime);
  const currency = runtime.catalog.defaultCurrency;
  return (
    <StripeFields
      publishableKey={stripe.publishableKey}
      {...(stripe.stripeJsUrl ? { stripeJsUrl: stripe.stripeJsUrl } : {})}
      currency={currency}
      // What the element shows (wallets); the amount charged is always the server's quote.
      amount={plan.prices.monthly?.[currency] ?? plan.prices.yearly?.[currency] ?? 0}
      mode={plan.trialDays ? 'setup' : 'subscription'}
    />
  );
}

/**
 * The provider's fields for "Update payment method" on the manage page: the plan step's
 * fields, saving a card without charging it (Stripe: `setup` mode).
 */
export function cardFields(runtime: PlankitRuntime, currency: string): PaymentSlotContent {
  const { stripe } = runtime.settings();
  if (!stripe) return <TestCardFields />;
  const StripeFields = stripeFieldsOf(runtime);
  return (
    <StripeFields
      publishableKey={stripe.publishableKey}
      {...(stripe.stripeJsUrl ? { stripeJsUrl: stripe.stripeJsUrl } : {})}
      currency={currency}
      amount={0}
      mode="setup"
    />
  );
}
