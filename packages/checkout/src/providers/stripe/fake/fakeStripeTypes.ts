// The fake Stripe API's objects: the parts of Stripe's objects it keeps, every field typed
// as the `stripe` package types it (so a field the SDK reads cannot be of another shape
// here), plus the few fields of its own the fake needs to finish a hosted Checkout page.

import type Stripe from 'stripe';

/** The parts of Stripe's objects the fake keeps (every field typed as Stripe types it). */
export type FakeCustomer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'email'
  | 'name'
  | 'metadata'
  | 'created'
  | 'livemode'
  | 'test_clock'
  | 'tax_exempt'
  | 'address'
>;
export type FakeTaxId = Pick<
  Stripe.TaxId,
  'id' | 'object' | 'country' | 'customer' | 'type' | 'value' | 'created' | 'livemode'
>;
export type FakeTaxRate = Pick<
  Stripe.TaxRate,
  | 'id'
  | 'object'
  | 'active'
  | 'country'
  | 'description'
  | 'display_name'
  | 'inclusive'
  | 'jurisdiction'
  | 'metadata'
  | 'percentage'
  | 'tax_type'
  | 'created'
  | 'livemode'
>;
export type FakeProduct = Pick<
  Stripe.Product,
  'id' | 'object' | 'name' | 'active' | 'metadata' | 'created' | 'livemode'
>;
export type FakePaymentMethod = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'type' | 'customer' | 'created' | 'livemode' | 'metadata'
> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year'>;
};
export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'customer'
  | 'description'
  | 'metadata'
  | 'status'
  | 'payment_method'
  | 'last_payment_error'
  | 'next_action'
  | 'setup_future_usage'
  | 'client_secret'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'created'
  | 'livemode'
  | 'payment_method_types'
>;
export type FakeSetupIntent = Pick<
  Stripe.SetupIntent,
  | 'id'
  | 'object'
  | 'customer'
  | 'description'
  | 'metadata'
  | 'status'
  | 'payment_method'
  | 'last_setup_error'
  | 'next_action'
  | 'usage'
  | 'client_secret'
  | 'created'
  | 'livemode'
  | 'payment_method_types'
>;
export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'quantity' | 'current_period_start' | 'current_period_end'
> & {
  tax_rates: FakeTaxRate[];
  price: Pick<Stripe.Price, 'id' | 'object' | 'currency' | 'unit_amount' | 'product' | 'recurring'>;
};
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'customer'
  | 'status'
  | 'metadata'
  | 'latest_invoice'
  | 'pending_setup_intent'
  | 'default_payment_method'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'trial_start'
  | 'trial_end'
  | 'currency'
  | 'created'
  | 'livemode'
  | 'start_date'
  | 'billing_cycle_anchor'
  | 'test_clock'
  | 'trial_settings'
> & {
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
};
export type FakeInvoicePayment = Pick<
  Stripe.InvoicePayment,
  | 'id'
  | 'object'
  | 'amount_requested'
  | 'amount_paid'
  | 'currency'
  | 'invoice'
  | 'is_default'
  | 'status'
  | 'payment'
  | 'created'
  | 'livemode'
>;
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'customer'
  | 'status'
  | 'billing_reason'
  | 'amount_due'
  | 'amount_paid'
  | 'subtotal'
  | 'total'
  | 'total_taxes'
  | 'hosted_invoice_url'
  | 'currency'
  | 'parent'
  | 'period_start'
  | 'period_end'
  | 'attempt_count'
  | 'created'
  | 'livemode'
  | 'metadata'
> & {
  payments: { object: 'list'; data: FakeInvoicePayment[]; has_more: false; url: string };
};
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'mode'
  | 'status'
  | 'payment_status'
  | 'url'
  | 'success_url'
  | 'cancel_url'
  | 'customer'
  | 'customer_email'
  | 'metadata'
  | 'payment_intent'
  | 'setup_intent'
  | 'subscription'
  | 'amount_total'
  | 'currency'
  | 'client_reference_id'
  | 'created'
  | 'expires_at'
  | 'livemode'
> & {
  /** What the fake needs to finish the session (not Stripe's fields). */
  lineItems: Array<{
    name: string;
    unitAmount: number;
    quantity: number;
    product: string;
    interval: 'month' | 'year' | null;
    taxRates: string[];
  }>;
  trialSettings: Stripe.SubscriptionCreateParams.TrialSettings | null;
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
};

/** Any object the fake keeps, by its id and kind (`object`). */
export type AnyObject = { id: string; object: string };

/** An answer of the API: status and JSON body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** A test clock (`stripe.testHelpers.testClocks`). */
export type FakeTestClock = Pick<
  Stripe.TestHelpers.TestClock,
  | 'id'
  | 'object'
  | 'created'
  | 'deletes_after'
  | 'frozen_time'
  | 'livemode'
  | 'name'
  | 'status'
  | 'status_details'
>;
