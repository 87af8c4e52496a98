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
// - Every intent, customer, subscription and session is created under an idempotency key
//   derived from the engine's `{sessionId}:{attempt}`, so a repeat never makes a second one.

import Stripe from 'stripe';
import { InvalidArgumentError, WebhookSignatureError } from '../../errors/errors.js';
import type {
  CreatedIntent,
  CreateIntentInput,
  IntentOutcome,
  PaymentProvider,
  ProviderEvent,
} from '../types.js';
import {
  type CheckoutSessionLike,
  checkoutSessionOutcome,
  type PaymentIntentLike,
  paymentIntentOutcome,
  type SetupIntentLike,
  setupIntentOutcome,
  subscriptionStatusOf,
} from './stripeOutcomes.js';

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

  async function customerFor(input: CreateIntentInput): Promise<string> {
    const customer = await stripe.customers.create(
      { email: input.customer.email, name: input.customer.name, metadata: input.metadata },
      { idempotencyKey: `${input.idempotencyKey}:customer` },
    );
    return customer.id;
  }

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

  async function retrievePayment(id: string): Promise<IntentOutcome> {
    const intent = await stripe.paymentIntents.retrieve(id, { expand: EXPAND_METHOD });
    return paymentIntentOutcome(intent as PaymentIntentLike);
  }
  async function retrieveSetup(id: string): Promise<IntentOutcome> {
    const intent = await stripe.setupIntents.retrieve(id, { expand: EXPAND_METHOD });
    return setupIntentOutcome(intent as SetupIntentLike);
  }
  async function retrieveCheckout(id: string): Promise<IntentOutcome> {
    const session = await stripe.checkout.sessions.retrieve(id, { expand: EXPAND_SESSION });
    return checkoutSessionOutcome(session as unknown as CheckoutSessionLike);
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
    const subscription = await stripe.subscriptions.create(
      {
        customer,
        items: [
          {
            price_data: {
              currency: input.currency.toLowerCase(),
              product,
              unit_amount: recurring.amount,
              recurring: { interval: intervalOf(recurring.interval) },
            },
            quantity: 1,
          },
        ],
        ...(recurring.trialDays ? { trial_period_days: recurring.trialDays } : {}),
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
    const metadata = { ...input.metadata, plankit_subscription: subscription.id };
    if (setup) {
      const id = typeof setup === 'string' ? setup : setup.id;
      await stripe.setupIntents.update(id, { metadata });
      return id;
    }
    if (payment) {
      const id = typeof payment === 'string' ? payment : payment.id;
      await stripe.paymentIntents.update(id, { metadata, description: input.description });
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
      params = {
        ...base,
        mode: 'subscription',
        line_items: [
          {
            price_data: {
              currency,
              product,
              unit_amount: recurring.amount,
              recurring: { interval: intervalOf(recurring.interval) },
            },
            quantity: 1,
          },
        ],
        subscription_data: {
          ...(recurring.trialDays ? { trial_period_days: recurring.trialDays } : {}),
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
      params = {
        ...base,
        mode: 'payment',
        line_items: [
          {
            price_data: { currency, product_data: { name }, unit_amount: input.amount },
            quantity: 1,
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
      const customer = await customerFor(input);
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
        if (kind === 'checkout') {
          await stripe.checkout.sessions.expire(intentId);
        } else {
          const intent =
            kind === 'payment'
              ? await stripe.paymentIntents.retrieve(intentId)
              : await stripe.setupIntents.retrieve(intentId);
          // A subscription's intent goes with its subscription (Stripe voids the invoice).
          const subscription = intent.metadata?.plankit_subscription;
          if (subscription && intent.status !== 'succeeded') {
            await stripe.subscriptions.cancel(subscription);
          }
          if (kind === 'payment') await stripe.paymentIntents.cancel(intentId);
          else await stripe.setupIntents.cancel(intentId);
        }
      } catch (error) {
        // Succeeded (or canceled) just before: answer with what it is.
        if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
      }
      return retrieve(intentId);
    },

    async setCancelAtPeriodEnd(subscription, cancel) {
      await stripe.subscriptions.update(subscription, { cancel_at_period_end: cancel });
    },

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

  /**
   * A verified Stripe event in the protocol's terms. What an intent or subscription is now
   * is read from Stripe by id, never from the event's copy: events arrive late, twice or out
   * of order, and the latest state is the one to settle on.
   */
  async function eventsOf(event: Stripe.Event): Promise<ProviderEvent[]> {
    const object = event.data.object as { id: string; object: string };
    const intentEvent = async (intentId: string, id = event.id): Promise<ProviderEvent[]> => [
      { id, type: 'intent.updated', intentId, outcome: await retrieve(intentId) },
    ];
    if (event.type.startsWith('payment_intent.') || event.type.startsWith('setup_intent.')) {
      return intentEvent(object.id);
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return intentEvent(object.id);
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // Read again, with its payments (an includable field events never carry).
        const invoice = await stripe.invoices.retrieve(object.id, { expand: ['payments'] });
        const subscription = invoice.parent?.subscription_details?.subscription;
        const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
        if (!subscriptionId) return [];
        const events: ProviderEvent[] = [];
        if (invoice.billing_reason === 'subscription_create') {
          // The first invoice: its payment is the checkout's own intent. Settling it here
          // makes the order whichever of this, `payment_intent.succeeded` and
          // `customer.subscription.created` comes first.
          const payment = invoice.payments?.data.find((p) => p.payment.payment_intent)?.payment
            .payment_intent;
          const paymentId = typeof payment === 'string' ? payment : payment?.id;
          if (paymentId) events.push(...(await intentEvent(paymentId, `${event.id}:intent`)));
        }
        const renewal =
          event.type === 'invoice.paid' && invoice.billing_reason === 'subscription_cycle'
            ? { amount: invoice.amount_paid, paymentId: invoice.id }
            : null;
        const update = await subscriptionEvent(event.id, subscriptionId, renewal);
        if (update && event.type === 'invoice.payment_failed') update.status = 'past_due';
        if (update) events.push(update);
        return events;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const update = await subscriptionEvent(event.id, object.id, null);
        return update ? [update] : [];
      }
      default:
        return [];
    }
  }

  async function subscriptionEvent(
    id: string,
    subscriptionId: string,
    renewal: { amount: number; paymentId: string } | null,
  ): Promise<Extract<ProviderEvent, { type: 'subscription.updated' }> | null> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const status = subscriptionStatusOf(subscription.status);
    if (!status) return null;
    const periodEnd = Math.max(...subscription.items.data.map((item) => item.current_period_end));
    return {
      id,
      type: 'subscription.updated',
      subscriptionRef: subscription.id,
      status,
      currentPeriodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      renewal,
    };
  }
}
