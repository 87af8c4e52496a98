// stripe.tsx: Stripe in your own host: the provider on the server, the Payment Element in
// the plan step's payment slot.
import { type Catalog, type Plan, PlanStep, type PlanStepAction } from '@plankit/checkout';
import { createStripeProvider, stripeConfigFromEnv } from '@plankit/checkout/stripe';
import { StripePaymentFields } from '@plankit/checkout/stripe/client';

// STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET select Stripe (all
// three, or a ConfigurationError); none of them: null, keep the test provider.
const stripe = stripeConfigFromEnv(process.env);

export const provider = stripe
  ? createStripeProvider({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      apiBase: stripe.apiBase, // STRIPE_API_BASE: another API server, e.g. the fake
      publicUrl: 'https://shop.example.com', // Stripe sends buyers back to absolute URLs
    })
  : null;

// Pass `provider` to createCheckoutEngine({ provider, … }) and mount its webhook endpoint
// (routes.webhook('stripe'), `/api/webhooks/stripe`) as for any provider.

export function StripePlanStep(props: { catalog: Catalog; plan: Plan; action: PlanStepAction }) {
  return (
    <PlanStep
      {...props}
      plansHref="/"
      testMode={stripe?.testMode}
      payment={
        <StripePaymentFields
          publishableKey={stripe?.publishableKey}
          stripeJsUrl={stripe?.stripeJsUrl} // STRIPE_JS_URL: a Stripe.js stand-in (tests)
          currency={props.catalog.defaultCurrency}
          amount={props.plan.prices.monthly?.[props.catalog.defaultCurrency] ?? 0}
          mode={props.plan.trialDays ? 'setup' : 'subscription'}
        />
      }
    />
  );
}
