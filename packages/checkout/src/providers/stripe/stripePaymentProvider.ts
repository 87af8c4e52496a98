// The Stripe provider: the provider protocol on Stripe's API through the official SDK.
//
// - One-off plans: a PaymentIntent, confirmed on the server with the payment-method id the
//   Payment Element made (https://docs.stripe.com/payments/finalize-payments-on-the-server).
// - Recurring plans: a Stripe Subscription (`payment_behavior: default_incomplete`); the
//   intent the engine confirms is its first invoice's PaymentIntent, or for a trial the
//   subscription's pending SetupIntent. Stripe Billing renews it (`renews: 'provider'`) and
//   its webhooks move Plankit's record.
// - Prices are never looked up in Stripe's catalog: every amount is Plankit's own quote
//   (promo codes and tax included), sent as `price_data` on a Product created idempotently
//   per plan (`plankit_{planId}`) on first use.
// - Without JavaScript: a Checkout Session (Stripe's hosted page) for the same amounts.
// - One Customer per buyer email address (`stripeCustomers.ts`); VAT as Tax Rates
//   (`stripeTaxRates.ts`); the subscription and its period as Stripe's objects say
//   (`stripeSubscriptionLinks.ts`); plan changes prorated by Stripe (`stripeSubscriptionChanges.ts`).
// - Every intent, subscription and session is created under an idempotency key derived
//   from the engine's `{sessionId}:{attempt}`, so a repeat never makes a second one; what an
//   attempt made is canceled when the engine cancels its intent (a failed, abandoned or
//   expired attempt), and a trial without a card ends itself at Stripe
//   (`trial_settings.end_behavior.missing_payment_method: 'cancel'`).

import Stripe from 'stripe';
import { InvalidArgumentError, WebhookSignatureError } from '../../errors/errors.js';
import type {
  CreatedIntent,
  CreateIntentInput,
  IntentOutcome,
  PaymentProvider,
  ProviderEvent,
} from '../types.js';
import { createStripeCancellation } from './stripeCancellation.js';
import { createStripeCardUpdates } from './stripeCardUpdates.js';
import { createStripeCustomers } from './stripeCustomers.js';
import {
  type CheckoutSessionLike,
  checkoutSessionOutcome,
  type PaymentIntentLike,
  paymentIntentOutcome,
  type SetupIntentLike,
  setupIntentOutcome,
} from './stripeOutcomes.js';
import { refundAtStripe } from './stripeRefunds.js';
import { createStripeSubscriptionChanges } from './stripeSubscriptionChanges.js';
import { createStripeSubscriptionLinks, subscriptionOfInvoice } from './stripeSubscriptionLinks.js';
import { createStripeTaxRates } from './stripeTaxRates.js';
import { createStripeWebhookEvents } from './stripeWebhookEvents.js';

/** Options of {@link createStripeProvider}. */
export interface StripeProviderOptions {
  /** The account's secret key (`sk_test_…` or `sk_live_…`; `STRIPE_SECRET_KEY`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`; `STRIPE_WEBHOOK_SECRET`). */
  webhookSecret: string;
  /**
   * Another API server than `https://api.stripe.com` (`STRIPE_API_BASE`), e.g. the fake
   * (`http://127.0.0.1:12111`): passed to the SDK as its `host`, `port` and `protocol`.
   */
  apiBase?: string;
  /**
   * The host's public origin (`https://shop.example.com`), against which the engine's
   * return and cancel paths are made absolute: Stripe redirects the buyer to absolute URLs
   * only. Leave it out when the engine's routes are absolute already.
   */
  publicUrl?: string;
  /** Prefix of the Products created per plan (default `plankit_`). */
  productPrefix?: string;
  /** Seconds a webhook's signature stays valid (the SDK's default, 300, when left out). */
  webhookTolerance?: number;
}

/** The Stripe provider (`id: 'stripe'`), with the SDK client it uses. */
export type StripePaymentProvider = PaymentProvider & {
  /** The SDK client, for what the provider does not do (refunds, the billing portal). */
  readonly stripe: Stripe;
};

/** The SDK's connection options for an API base URL (`http://127.0.0.1:12111`). */
export function stripeConnectionOf(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new InvalidArgumentError(`STRIPE_API_BASE is not a URL: ${apiBase}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const EXPAND_METHOD = ['payment_method'];
const EXPAND_SESSION = [
  'payment_intent.payment_method',
  'setup_intent.payment_method',
  'subscription.default_payment_method',
];

/** Whether an SDK error is Stripe's answer of this `type` (and `code`). */
function isStripeError(
  error: unknown,
  type: string,
  code?: string,
): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.type === type &&
    (code === undefined || error.code === code)
  );
}

/** The kind of object an id names, by Stripe's prefixes. */
function kindOf(intentId: string): 'payment' | 'setup' | 'checkout' {
  if (intentId.startsWith('pi_')) return 'payment';
  if (intentId.startsWith('seti_')) return 'setup';
  if (intentId.startsWith('cs_')) return 'checkout';
  throw new InvalidArgumentError(`Not a Stripe intent or Checkout Session id: ${intentId}`);
}

const intervalOf = (interval: 'monthly' | 'yearly') => (interval === 'yearly' ? 'year' : 'month');

/** A product's name from the engine's description (`Acme: Pro (monthly)` → `Acme: Pro`). */
const productNameOf = (description: string) =>
  description.replace(/\s*\([^)]*\)\s*$/, '') || description;

/**
 * Creates the Stripe provider (id `stripe`, `renews: 'provider'`). Its browser side is
 * `StripePaymentFields` from `@plankit/checkout/stripe/client`; its webhook endpoint is the
 * host's `/api/webhooks/stripe`, verified with `webhookSecret` on the raw body.
 */
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  if (!options.secretKey) throw new InvalidArgumentError('The Stripe provider needs a secret key.');
  if (!options.webhookSecret) {
    throw new InvalidArgumentError('The Stripe provider needs a webhook signing secret.');
  }
  const stripe = new Stripe(options.secretKey, {
    ...stripeConnectionOf(options.apiBase),
    appInfo: { name: 'Plankit', url: 'https://github.com/plankit/plankit' },
    // Every POST carries an idempotency key, so the SDK's retries (network failures, and
    // Stripe's 409 while a request with the same key is still running) are safe.
    maxNetworkRetries: 3,
  });
  const productPrefix = options.productPrefix ?? 'plankit_';
  const absolute = (url: string) => {
    try {
      return new URL(url, options.publicUrl).toString();
    } catch {
      throw new InvalidArgumentError(
        `Stripe needs absolute return URLs: set the provider's publicUrl (got ${url}).`,
      );
    }
  };

  const { customerFor } = createStripeCustomers(stripe);
  const { taxedLine } = createStripeTaxRates(stripe);
  const links = createStripeSubscriptionLinks(stripe);
  const { cancelPayment, cancelSetup } = createStripeCancellation(stripe, links);
  const { eventsOf } = createStripeWebhookEvents(stripe, (intentId) => retrieve(intentId));
  /** Ends a trial that never got a card at Stripe, charging nothing. */
  const trialSettings = {
    end_behavior: { missing_payment_method: 'cancel' },
  } satisfies Stripe.SubscriptionCreateParams.TrialSettings;

  /** The plan's Product, created on first use under a fixed id (so a race makes one). */
  async function productFor(planId: string, name: string): Promise<string> {
    const id = `${productPrefix}${planId}`.replace(/[^\w-]/g, '_');
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!isStripeError(error, 'StripeInvalidRequestError', 'resource_missing')) throw error;
    }
    try {
      return (await stripe.products.create({ id, name, metadata: { plankit_plan: planId } })).id;
    } catch (error) {
      if (isStripeError(error, 'StripeInvalidRequestError', 'resource_already_exists')) return id;
      throw error;
    }
  }

  const changes = createStripeSubscriptionChanges(stripe, { productFor, taxedLine });

  /** A succeeded outcome with its subscription and period as Stripe has them. */
  async function withSubscription(
    outcome: IntentOutcome,
    subscriptionId: () => Promise<string | null>,
  ): Promise<IntentOutcome> {
    if (outcome.status !== 'succeeded') return outcome;
    return { ...outcome, ...(await links.subscriptionDetails(await subscriptionId())) };
  }
  async function retrievePayment(id: string): Promise<IntentOutcome> {
    const intent = await stripe.paymentIntents.retrieve(id, { expand: EXPAND_METHOD });
    return withSubscription(paymentIntentOutcome(intent as PaymentIntentLike), async () => {
      const invoice = await links.invoiceOfPayment(id);
      return invoice ? subscriptionOfInvoice(invoice) : null;
    });
  }
  async function retrieveSetup(id: string): Promise<IntentOutcome> {
    const intent = await stripe.setupIntents.retrieve(id, { expand: EXPAND_METHOD });
    return withSubscription(
      setupIntentOutcome(intent as SetupIntentLike),
      async () => intent.metadata?.plankit_subscription ?? null,
    );
  }
  async function retrieveCheckout(id: string): Promise<IntentOutcome> {
    const session = await stripe.checkout.sessions.retrieve(id, { expand: EXPAND_SESSION });
    const outcome = checkoutSessionOutcome(session as unknown as CheckoutSessionLike);
    return withSubscription(outcome, async () =>
      outcome.status === 'succeeded' ? (outcome.subscriptionRef ?? null) : null,
    );
  }
  function retrieve(intentId: string): Promise<IntentOutcome> {
    const kind = kindOf(intentId);
    if (kind === 'payment') return retrievePayment(intentId);
    if (kind === 'setup') return retrieveSetup(intentId);
    return retrieveCheckout(intentId);
  }

  /** The first invoice's PaymentIntent, or the trial's SetupIntent, of a new subscription. */
  async function subscriptionIntent(input: CreateIntentInput, customer: string): Promise<string> {
    const recurring = input.recurring as NonNullable<CreateIntentInput['recurring']>;
    const product = await productFor(recurring.planId, productNameOf(input.description));
    const line = await taxedLine(recurring.amount, input.tax);
    const subscription = await stripe.subscriptions.create(
      {
        customer,
        items: [
          {
            price_data: {
              currency: input.currency.toLowerCase(),
              product,
              unit_amount: line.unitAmount,
              recurring: { interval: intervalOf(recurring.interval) },
            },
            quantity: 1,
            ...(line.taxRates.length > 0 ? { tax_rates: line.taxRates } : {}),
          },
        ],
        ...(recurring.trialDays
          ? { trial_period_days: recurring.trialDays, trial_settings: trialSettings }
          : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: {
          ...input.metadata,
          plankit_plan: recurring.planId,
          plankit_seats: String(recurring.seats),
        },
        expand: ['latest_invoice.payments', 'pending_setup_intent'],
      },
      { idempotencyKey: `${input.idempotencyKey}:subscription` },
    );
    const setup = subscription.pending_setup_intent;
    const invoice = subscription.latest_invoice;
    const payment =
      invoice && typeof invoice === 'object'
        ? invoice.payments?.data.find((p) => p.payment.type === 'payment_intent')?.payment
            .payment_intent
        : null;
    if (setup) {
      // The one link Stripe does not keep (see stripeSubscriptionLinks.ts).
      const id = typeof setup === 'string' ? setup : setup.id;
      await stripe.setupIntents.update(id, {
        metadata: { ...input.metadata, plankit_subscription: subscription.id },
      });
      return id;
    }
    if (payment) {
      const id = typeof payment === 'string' ? payment : payment.id;
      await stripe.paymentIntents.update(id, {
        metadata: input.metadata,
        description: input.description,
      });
      return id;
    }
    throw new InvalidArgumentError(
      `Stripe subscription ${subscription.id} has nothing to confirm.`,
    );
  }

  async function checkoutSessionFor(
    input: CreateIntentInput,
    customer: string,
  ): Promise<CreatedIntent> {
    const currency = input.currency.toLowerCase();
    const name = productNameOf(input.description);
    const recurring = input.recurring && input.mode === 'setup' ? input.recurring : input.recurring;
    const base = {
      customer,
      success_url: absolute(input.returnUrl),
      cancel_url: absolute(input.cancelUrl),
      metadata: input.metadata,
      client_reference_id: input.metadata.plankit_session,
    } satisfies Stripe.Checkout.SessionCreateParams;
    let params: Stripe.Checkout.SessionCreateParams;
    if (recurring) {
      const product = await productFor(recurring.planId, name);
      const line = await taxedLine(recurring.amount, input.tax);
      params = {
        ...base,
        mode: 'subscription',
        line_items: [
          {
            price_data: {
              currency,
              product,
              unit_amount: line.unitAmount,
              recurring: { interval: intervalOf(recurring.interval) },
            },
            quantity: 1,
            ...(line.taxRates.length > 0 ? { tax_rates: line.taxRates } : {}),
          },
        ],
        subscription_data: {
          ...(recurring.trialDays
            ? { trial_period_days: recurring.trialDays, trial_settings: trialSettings }
            : {}),
          metadata: {
            ...input.metadata,
            plankit_plan: recurring.planId,
            plankit_seats: String(recurring.seats),
          },
        },
      };
    } else if (input.mode === 'setup') {
      params = { ...base, mode: 'setup', currency };
    } else {
      const line = await taxedLine(input.amount, input.tax);
      params = {
        ...base,
        mode: 'payment',
        line_items: [
          {
            price_data: { currency, product_data: { name }, unit_amount: line.unitAmount },
            quantity: 1,
            ...(line.taxRates.length > 0 ? { tax_rates: line.taxRates } : {}),
          },
        ],
        payment_intent_data: {
          metadata: input.metadata,
          description: input.description,
          ...(input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
        },
      };
    }
    const session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: `${input.idempotencyKey}:checkout`,
    });
    if (!session.url) throw new InvalidArgumentError(`Checkout Session ${session.id} has no page.`);
    return { intentId: session.id, redirectUrl: session.url };
  }

  /** Confirms, turning Stripe's refusals into outcomes (the SDK throws them). */
  async function confirmOrRead(
    intentId: string,
    confirm: () => Promise<unknown>,
  ): Promise<IntentOutcome> {
    try {
      await confirm();
    } catch (error) {
      if (
        isStripeError(error, 'StripeInvalidRequestError', 'resource_missing') &&
        error.param === 'payment_method'
      ) {
        // A payment-method id Stripe never made (a tampered form): nothing was charged.
        return {
          status: 'failed',
          intentId,
          code: 'processing_error',
          message: 'No such payment method.',
        };
      }
      // Declines (402) leave the intent with its error; an unexpected state (confirmed
      // already, by a request whose answer was lost) leaves it as it is: read it.
      if (
        !isStripeError(error, 'StripeCardError') &&
        !isStripeError(error, 'StripeInvalidRequestError')
      ) {
        throw error;
      }
    }
    return retrieve(intentId);
  }

  return {
    id: 'stripe',
    renews: 'provider',
    stripe,

    async createIntent(input) {
      if (!Number.isInteger(input.amount) || input.amount < 0) {
        throw new InvalidArgumentError('Stripe takes whole minor units only.');
      }
      // A card update names the subscription's Customer: its details stay as they are.
      const customer = input.customerRef ?? (await customerFor(input));
      if (input.flow === 'hosted') return checkoutSessionFor(input, customer);
      if (input.recurring) return { intentId: await subscriptionIntent(input, customer) };
      if (input.mode === 'setup') {
        const intent = await stripe.setupIntents.create(
          {
            customer,
            usage: 'off_session',
            metadata: input.metadata,
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { intentId: intent.id };
      }
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer,
          description: input.description,
          metadata: input.metadata,
          receipt_email: input.customer.email,
          automatic_payment_methods: { enabled: true },
          ...(input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { intentId: intent.id };
    },

    async confirmIntent(intentId, { paymentMethodId, returnUrl }) {
      const kind = kindOf(intentId);
      if (kind === 'checkout') return retrieveCheckout(intentId);
      // Confirmed before (a retry after a lost answer): the first outcome stands.
      const current = await retrieve(intentId);
      if (current.status !== 'requires_payment_method') return current;
      // `use_stripe_sdk`: a card that needs 3-D Secure is authenticated in the buyer's page
      // by Stripe.js (`handleNextAction`), as Stripe's guide to finalizing payments on the
      // server does; methods that leave the page still redirect to the return URL.
      const params = {
        payment_method: paymentMethodId,
        use_stripe_sdk: true,
        ...(returnUrl ? { return_url: absolute(returnUrl) } : {}),
      };
      return confirmOrRead(intentId, () =>
        kind === 'payment'
          ? stripe.paymentIntents.confirm(intentId, params)
          : stripe.setupIntents.confirm(intentId, params),
      );
    },

    retrieveIntent: retrieve,

    async cancelIntent(intentId) {
      const kind = kindOf(intentId);
      try {
        if (kind === 'checkout') await stripe.checkout.sessions.expire(intentId);
        else if (kind === 'payment') await cancelPayment(intentId);
        else await cancelSetup(intentId);
      } catch (error) {
        // Succeeded (or canceled) just before: answer with what it is.
        if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
      }
      return retrieve(intentId);
    },

    async setCancelAtPeriodEnd(subscription, cancel) {
      await stripe.subscriptions.update(subscription, { cancel_at_period_end: cancel });
    },

    openRenewalPayment: links.openRenewalPayment,

    ...createStripeCardUpdates(stripe),
    previewSubscriptionChange: changes.previewSubscriptionChange,
    changeSubscription: changes.changeSubscription,

    async chargeSavedMethod(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerRef,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            expand: EXPAND_METHOD,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentIntentOutcome(intent as PaymentIntentLike);
      } catch (error) {
        const declined = isStripeError(error, 'StripeCardError') ? error.payment_intent : undefined;
        if (!declined) throw error;
        return retrievePayment(declined.id);
      }
    },

    refund: (input) => refundAtStripe(stripe, input),

    async parseWebhook({ rawBody, headers }): Promise<ProviderEvent[]> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get('stripe-signature') ?? '',
          options.webhookSecret,
          options.webhookTolerance,
        );
      } catch (error) {
        throw new WebhookSignatureError('stripe', { cause: error });
      }
      return eventsOf(event);
    },
  };
}
