// The in-memory side of the fake Stripe API: the objects the Stripe provider uses
// (customers, products, payment methods, PaymentIntents, SetupIntents, subscriptions with
// their invoices, Checkout Sessions and events), typed with the `stripe` package's own
// types, and the operations on them as Stripe documents them: statuses, card errors
// (https://docs.stripe.com/declines/codes), idempotent requests
// (https://docs.stripe.com/api/idempotent_requests) and events. `startFakeStripe` serves
// it over HTTP; no network of Stripe's is needed.

import type Stripe from 'stripe';
import {
  FAKE_TEST_PAYMENT_METHODS,
  type FakeCardBehaviour,
  type FakeTestCard,
} from './fakeStripeCards.js';

/** The parts of Stripe's objects the fake keeps (every field typed as Stripe types it). */
export type FakeCustomer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'email' | 'name' | 'metadata' | 'created' | 'livemode'
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
  }>;
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
};

type AnyObject = { id: string; object: string };

/** An answer of the API: status and JSON body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** An error of the API, answered as Stripe answers it (`{ error: { type, … } }`). */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown> & { type: string; message: string },
  ) {
    super(error.message);
  }
}

const notFound = (kind: string, id: string, param = 'id') =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

const DECLINES: Record<
  Exclude<FakeCardBehaviour, 'succeeds' | 'requires_action'>,
  { decline_code: string; message: string }
> = {
  declined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  declines_after_saving: { decline_code: 'generic_decline', message: 'Your card was declined.' },
};

const rand = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

/** Adds one month or year to a Unix time, as Stripe's billing periods move. */
function addInterval(time: number, interval: 'month' | 'year'): number {
  const date = new Date(time * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Options of {@link createFakeStripeApi}. */
export interface FakeStripeApiOptions {
  /** Base URL of the fake's own pages (the hosted Checkout page, the 3-D Secure page). */
  pagesBase: () => string;
  /** Called with every event the fake emits. */
  onEvent: (event: Stripe.Event) => void;
  /** The fake's clock (default: the system's), in milliseconds. */
  now?: () => number;
}

/** The fake's objects and operations. */
export type FakeStripeApi = ReturnType<typeof createFakeStripeApi>;

/** Creates an empty fake Stripe account. */
export function createFakeStripeApi(options: FakeStripeApiOptions) {
  const clock = options.now ?? Date.now;
  const now = () => Math.floor(clock() / 1000);
  const objects = new Map<string, AnyObject>();
  const behaviours = new Map<string, FakeCardBehaviour>();
  const idempotent = new Map<string, { fingerprint: string; answer: FakeAnswer }>();
  const events: Stripe.Event[] = [];

  const put = <T extends AnyObject>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };
  const get = <T extends AnyObject>(
    id: string,
    object: T['object'],
    kind: string,
    param?: string,
  ): T => {
    const found = objects.get(id);
    if (!found || found.object !== object) throw notFound(kind, id, param);
    return found as T;
  };
  const copy = <T>(value: T): T => structuredClone(value);

  function emit(type: string, object: AnyObject, previous?: Record<string, unknown>): Stripe.Event {
    const event = {
      id: `evt_${rand()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: expand(object, []), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    events.push(event);
    options.onEvent(event);
    return event;
  }

  // -- customers, products, payment methods -------------------------------------------------

  function createCustomer(params: Stripe.CustomerCreateParams): FakeCustomer {
    return put<FakeCustomer>({
      id: `cus_${rand()}`,
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      created: now(),
      livemode: false,
    });
  }

  function createProduct(params: Stripe.ProductCreateParams): FakeProduct {
    const id = params.id ?? `prod_${rand()}`;
    if (objects.has(id)) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        param: 'id',
        message: `Product already exists.`,
      });
    }
    return put<FakeProduct>({
      id,
      object: 'product',
      name: params.name,
      active: true,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      created: now(),
      livemode: false,
    });
  }

  /** A payment method made from a test card (as Stripe makes one from `pm_card_visa`). */
  function paymentMethodFromCard(card: FakeTestCard): FakePaymentMethod {
    const method = put<FakePaymentMethod>({
      id: `pm_${rand()}`,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: {
        brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      },
      created: now(),
      livemode: false,
      metadata: {},
    });
    behaviours.set(method.id, card.behaviour);
    return method;
  }

  /** The payment method an id names: a test id makes a new one, as on Stripe. */
  function resolvePaymentMethod(id: string): FakePaymentMethod {
    const card = FAKE_TEST_PAYMENT_METHODS[id];
    if (card) return paymentMethodFromCard(card);
    return get<FakePaymentMethod>(id, 'payment_method', 'PaymentMethod', 'payment_method');
  }

  function attach(method: FakePaymentMethod, customer: string | null) {
    if (!customer) return;
    if (method.customer && method.customer !== customer) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method is attached to another customer.',
      });
    }
    method.customer = customer;
  }

  // -- PaymentIntents --------------------------------------------------------------------------

  function createPaymentIntent(params: Stripe.PaymentIntentCreateParams): FakePaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    }
    if (params.customer) get<FakeCustomer>(params.customer, 'customer', 'customer', 'customer');
    const id = `pi_${rand()}`;
    const intent = put<FakePaymentIntent>({
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency).toLowerCase(),
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: null,
      next_action: null,
      setup_future_usage:
        (params.setup_future_usage as FakePaymentIntent['setup_future_usage']) ?? null,
      client_secret: `${id}_secret_${rand()}`,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
      payment_method_types: ['card'],
    });
    if (String(params.confirm) === 'true') {
      return confirmPaymentIntent(id, {
        payment_method: params.payment_method,
        return_url: params.return_url,
        off_session: String(params.off_session) === 'true',
      });
    }
    return intent;
  }

  function updatePaymentIntent(
    id: string,
    params: Stripe.PaymentIntentUpdateParams,
  ): FakePaymentIntent {
    const intent = get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (params.metadata) Object.assign(intent.metadata, params.metadata);
    if (params.description !== undefined) intent.description = params.description || null;
    return intent;
  }

  function cardError(
    intent: FakePaymentIntent,
    method: FakePaymentMethod,
    code: 'card_declined' | 'authentication_required',
    detail: { decline_code?: string; message: string },
  ) {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      code,
      ...(detail.decline_code ? { decline_code: detail.decline_code } : {}),
      message: detail.message,
      payment_method: copy(method) as unknown as Stripe.PaymentMethod,
    };
    emit('payment_intent.payment_failed', intent);
    return new FakeStripeError(402, {
      type: 'card_error',
      code,
      ...(detail.decline_code ? { decline_code: detail.decline_code } : {}),
      message: detail.message,
      payment_intent: copy(intent),
    });
  }

  function succeedPaymentIntent(intent: FakePaymentIntent, method: FakePaymentMethod) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    if (intent.setup_future_usage)
      attach(method, typeof intent.customer === 'string' ? intent.customer : null);
    emit('payment_intent.succeeded', intent);
    afterPaymentIntentSucceeded(intent);
  }

  function confirmPaymentIntent(
    id: string,
    params: Pick<Stripe.PaymentIntentConfirmParams, 'payment_method' | 'return_url'> & {
      off_session?: boolean | string;
    },
  ): FakePaymentIntent {
    const intent = get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
        payment_intent: copy(intent),
      });
    }
    if (!params.payment_method) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it’s missing a payment method.',
      });
    }
    const method = resolvePaymentMethod(params.payment_method);
    const behaviour = behaviours.get(method.id) ?? 'succeeds';
    const offSession = String(params.off_session) === 'true';
    if (
      behaviour === 'declined' ||
      behaviour === 'insufficient_funds' ||
      (behaviour === 'declines_after_saving' && (offSession || intent.customer))
    ) {
      throw cardError(
        intent,
        method,
        'card_declined',
        DECLINES[behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'declined'],
      );
    }
    if (behaviour === 'requires_action' && !offSession) {
      intent.status = 'requires_action';
      intent.payment_method = method.id;
      const returnUrl = params.return_url ?? null;
      intent.next_action = returnUrl
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${options.pagesBase()}/3ds/${intent.id}`,
              return_url: returnUrl,
            },
          }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      emit('payment_intent.requires_action', intent);
      return intent;
    }
    succeedPaymentIntent(intent, method);
    return intent;
  }

  /** The buyer's answer on the fake's 3-D Secure page. */
  function authenticate(id: string, approve: boolean): { returnUrl: string | null } {
    const found = objects.get(id);
    const waiting = found as { next_action?: FakePaymentIntent['next_action'] } | undefined;
    const returnUrl = waiting?.next_action?.redirect_to_url?.return_url ?? null;
    decide(id, approve);
    return { returnUrl };
  }

  function decide(id: string, approve: boolean): FakePaymentIntent | FakeSetupIntent {
    const found = objects.get(id);
    if (found?.object === 'setup_intent') {
      const intent = found as FakeSetupIntent;
      if (intent.status !== 'requires_action') return intent;
      const method = get<FakePaymentMethod>(
        String(intent.payment_method),
        'payment_method',
        'PaymentMethod',
      );
      if (approve) succeedSetupIntent(intent, method);
      else {
        intent.status = 'requires_payment_method';
        intent.payment_method = null;
        intent.next_action = null;
        intent.last_setup_error = {
          type: 'invalid_request_error',
          code: 'setup_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
        };
        emit('setup_intent.setup_failed', intent);
      }
      return intent;
    }
    const intent = get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (intent.status !== 'requires_action') return intent;
    const method = get<FakePaymentMethod>(
      String(intent.payment_method),
      'payment_method',
      'PaymentMethod',
    );
    if (approve) succeedPaymentIntent(intent, method);
    else {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      emit('payment_intent.payment_failed', intent);
    }
    return intent;
  }

  function cancelPaymentIntent(id: string): FakePaymentIntent {
    const intent = get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        payment_intent: copy(intent),
      });
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = 'requested_by_customer';
    emit('payment_intent.canceled', intent);
    return intent;
  }

  // -- SetupIntents ----------------------------------------------------------------------------

  function createSetupIntent(
    params: Stripe.SetupIntentCreateParams,
    metadata?: Record<string, string>,
  ): FakeSetupIntent {
    if (params.customer) get<FakeCustomer>(params.customer, 'customer', 'customer', 'customer');
    const id = `seti_${rand()}`;
    return put<FakeSetupIntent>({
      id,
      object: 'setup_intent',
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined), ...metadata },
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      next_action: null,
      usage: (params.usage as FakeSetupIntent['usage']) ?? 'off_session',
      client_secret: `${id}_secret_${rand()}`,
      created: now(),
      livemode: false,
      payment_method_types: ['card'],
    });
  }

  function updateSetupIntent(id: string, params: Stripe.SetupIntentUpdateParams): FakeSetupIntent {
    const intent = get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (params.metadata) Object.assign(intent.metadata ?? {}, params.metadata);
    return intent;
  }

  function succeedSetupIntent(intent: FakeSetupIntent, method: FakePaymentMethod) {
    attach(method, typeof intent.customer === 'string' ? intent.customer : null);
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    intent.next_action = null;
    intent.last_setup_error = null;
    emit('setup_intent.succeeded', intent);
    afterSetupIntentSucceeded(intent, method);
  }

  function confirmSetupIntent(
    id: string,
    params: Pick<Stripe.SetupIntentConfirmParams, 'payment_method' | 'return_url'>,
  ): FakeSetupIntent {
    const intent = get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: copy(intent),
      });
    }
    if (!params.payment_method) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: 'You cannot confirm this SetupIntent because it’s missing a payment method.',
      });
    }
    const method = resolvePaymentMethod(params.payment_method);
    const behaviour = behaviours.get(method.id) ?? 'succeeds';
    if (behaviour === 'declined' || behaviour === 'insufficient_funds') {
      const detail = DECLINES[behaviour];
      intent.last_setup_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: detail.decline_code,
        message: detail.message,
      };
      emit('setup_intent.setup_failed', intent);
      throw new FakeStripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: detail.decline_code,
        message: detail.message,
        setup_intent: copy(intent),
      });
    }
    if (behaviour === 'requires_action') {
      intent.status = 'requires_action';
      intent.payment_method = method.id;
      intent.next_action = params.return_url
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${options.pagesBase()}/3ds/${intent.id}`,
              return_url: params.return_url,
            },
          }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      emit('setup_intent.requires_action', intent);
      return intent;
    }
    succeedSetupIntent(intent, method);
    return intent;
  }

  function cancelSetupIntent(id: string): FakeSetupIntent {
    const intent = get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: copy(intent),
      });
    }
    intent.status = 'canceled';
    emit('setup_intent.canceled', intent);
    return intent;
  }

  // -- subscriptions and invoices ---------------------------------------------------------------

  function createInvoice(
    sub: FakeSubscription,
    reason: Stripe.Invoice.BillingReason,
    amount: number,
    start: number,
    end: number,
  ): FakeInvoice {
    const id = `in_${rand()}`;
    return put<FakeInvoice>({
      id,
      object: 'invoice',
      customer: sub.customer as string,
      status: 'open',
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      currency: sub.currency,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: copy(sub.metadata) },
      },
      period_start: start,
      period_end: end,
      attempt_count: 0,
      created: now(),
      livemode: false,
      metadata: {},
      payments: {
        object: 'list',
        data: [],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${id}`,
      },
    });
  }

  function payInvoice(invoice: FakeInvoice, paymentIntentId: string | null) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.attempt_count += 1;
    for (const payment of invoice.payments.data) {
      if (!paymentIntentId || payment.payment.payment_intent === paymentIntentId) {
        payment.status = 'paid';
        payment.amount_paid = invoice.amount_due;
      }
    }
    emit('invoice.paid', invoice);
  }

  function invoicePayment(invoice: FakeInvoice, intent: FakePaymentIntent): FakeInvoicePayment {
    return {
      id: `inpay_${rand()}`,
      object: 'invoice_payment',
      amount_requested: invoice.amount_due,
      amount_paid: null,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      status: 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: now(),
      livemode: false,
    };
  }

  function createSubscription(
    params: Stripe.SubscriptionCreateParams,
    options: { paidWith?: FakePaymentMethod } = {},
  ): FakeSubscription {
    const customer = get<FakeCustomer>(String(params.customer), 'customer', 'customer', 'customer');
    const items = (params.items ?? []).map((item) => {
      const data = item.price_data;
      if (!data)
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          param: 'items',
          message: 'The fake takes price_data only.',
        });
      get<FakeProduct>(data.product, 'product', 'product', 'items[0][price_data][product]');
      const interval = data.recurring.interval === 'year' ? 'year' : 'month';
      return { data, interval, quantity: Number(item.quantity ?? 1) } as const;
    });
    const first = items[0];
    if (!first)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        param: 'items',
        message: 'Missing required param: items.',
      });
    const amount = items.reduce(
      (sum, item) => sum + Number(item.data.unit_amount) * item.quantity,
      0,
    );
    const start = now();
    const trialDays = params.trial_period_days ? Number(params.trial_period_days) : 0;
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? addInterval(start, first.interval);
    const id = `sub_${rand()}`;
    const sub = put<FakeSubscription>({
      id,
      object: 'subscription',
      customer: customer.id,
      status: 'incomplete',
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      latest_invoice: null,
      pending_setup_intent: null,
      default_payment_method: null,
      cancel_at_period_end: false,
      canceled_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      currency: String(first.data.currency).toLowerCase(),
      created: start,
      livemode: false,
      start_date: start,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: items.map((item) => ({
          id: `si_${rand()}`,
          object: 'subscription_item',
          quantity: item.quantity,
          current_period_start: start,
          current_period_end: periodEnd,
          price: {
            id: `price_${rand()}`,
            object: 'price',
            currency: String(item.data.currency).toLowerCase(),
            unit_amount: Number(item.data.unit_amount),
            product: item.data.product,
            recurring: {
              interval: item.interval,
              interval_count: 1,
              meter: null,
              trial_period_days: null,
              usage_type: 'licensed',
            },
          },
        })),
      },
    });
    if (trialEnd) {
      // A trial: a $0 first invoice, and the card saved through the pending SetupIntent.
      const invoice = createInvoice(sub, 'subscription_create', 0, start, trialEnd);
      sub.latest_invoice = invoice.id;
      sub.status = 'trialing';
      emit('customer.subscription.created', sub);
      payInvoice(invoice, null);
      if (options.paidWith) {
        attach(options.paidWith, customer.id);
        sub.default_payment_method = options.paidWith.id;
      } else {
        sub.pending_setup_intent = createSetupIntent(
          { customer: customer.id, usage: 'off_session' },
          { subscription: sub.id },
        ).id;
      }
      return sub;
    }
    const invoice = createInvoice(sub, 'subscription_create', amount, start, periodEnd);
    sub.latest_invoice = invoice.id;
    const intent = createPaymentIntent({
      amount,
      currency: sub.currency,
      customer: customer.id,
      setup_future_usage: 'off_session',
      description: 'Subscription creation',
    });
    invoice.payments.data.push(invoicePayment(invoice, intent));
    emit('customer.subscription.created', sub);
    if (options.paidWith) succeedPaymentIntent(intent, options.paidWith);
    return sub;
  }

  /** The subscription and invoice a PaymentIntent pays, if any. */
  function invoiceOfIntent(intentId: string): FakeInvoice | null {
    for (const object of objects.values()) {
      if (object.object !== 'invoice') continue;
      const invoice = object as FakeInvoice;
      if (invoice.payments.data.some((p) => p.payment.payment_intent === intentId)) return invoice;
    }
    return null;
  }

  function afterPaymentIntentSucceeded(intent: FakePaymentIntent) {
    const invoice = invoiceOfIntent(intent.id);
    if (!invoice || invoice.status === 'paid') return;
    const subId = invoice.parent?.subscription_details?.subscription;
    payInvoice(invoice, intent.id);
    if (typeof subId !== 'string') return;
    const sub = get<FakeSubscription>(subId, 'subscription', 'subscription');
    const previous = { status: sub.status };
    sub.default_payment_method = String(intent.payment_method);
    if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active';
    emit('customer.subscription.updated', sub, previous);
  }

  function afterSetupIntentSucceeded(intent: FakeSetupIntent, method: FakePaymentMethod) {
    const subId = intent.metadata?.subscription;
    if (!subId) return;
    const sub = get<FakeSubscription>(subId, 'subscription', 'subscription');
    sub.default_payment_method = method.id;
    sub.pending_setup_intent = null;
    emit('customer.subscription.updated', sub, { pending_setup_intent: intent.id });
  }

  /**
   * Ends the subscription's current period as Stripe Billing would: a `subscription_cycle`
   * invoice charged to the saved method (`invoice.paid`, or `invoice.payment_failed` and
   * `past_due`), and the next period.
   */
  function cycleSubscription(id: string): FakeSubscription {
    const sub = get<FakeSubscription>(id, 'subscription', 'subscription');
    const item = sub.items.data[0];
    if (!item || sub.status === 'canceled') return sub;
    if (sub.cancel_at_period_end) return deleteSubscription(id);
    const interval = item.price.recurring?.interval === 'year' ? 'year' : 'month';
    const start = item.current_period_end;
    const end = addInterval(start, interval);
    const amount = sub.items.data.reduce(
      (sum, i) => sum + (i.price.unit_amount ?? 0) * (i.quantity ?? 1),
      0,
    );
    const invoice = createInvoice(sub, 'subscription_cycle', amount, start, end);
    sub.latest_invoice = invoice.id;
    const previous = { status: sub.status };
    for (const i of sub.items.data) {
      i.current_period_start = start;
      i.current_period_end = end;
    }
    const intent = createPaymentIntent({
      amount,
      currency: sub.currency,
      customer: sub.customer as string,
      description: 'Subscription update',
    });
    invoice.payments.data.push(invoicePayment(invoice, intent));
    const method = sub.default_payment_method
      ? objects.get(String(sub.default_payment_method))
      : null;
    const behaviour = method ? (behaviours.get(method.id) ?? 'succeeds') : 'declined';
    if (method && (behaviour === 'succeeds' || behaviour === 'requires_action')) {
      intent.status = 'succeeded';
      intent.amount_received = amount;
      intent.payment_method = method.id;
      emit('payment_intent.succeeded', intent);
      payInvoice(invoice, intent.id);
      sub.status = 'active';
    } else {
      invoice.attempt_count += 1;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      emit('payment_intent.payment_failed', intent);
      emit('invoice.payment_failed', invoice);
      sub.status = 'past_due';
    }
    emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function updateSubscription(
    id: string,
    params: Stripe.SubscriptionUpdateParams,
  ): FakeSubscription {
    const sub = get<FakeSubscription>(id, 'subscription', 'subscription');
    const previous: Record<string, unknown> = {};
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = String(params.cancel_at_period_end) === 'true';
    }
    if (params.metadata) Object.assign(sub.metadata, params.metadata);
    emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function deleteSubscription(id: string): FakeSubscription {
    const sub = get<FakeSubscription>(id, 'subscription', 'subscription');
    if (sub.status === 'canceled') return sub;
    sub.status = 'canceled';
    sub.canceled_at = now();
    emit('customer.subscription.deleted', sub);
    return sub;
  }

  // -- Checkout Sessions ------------------------------------------------------------------------

  function createCheckoutSession(params: Stripe.Checkout.SessionCreateParams): FakeCheckoutSession {
    const mode = params.mode ?? 'payment';
    const lineItems = (params.line_items ?? []).map((item) => {
      const data = item.price_data;
      if (!data || (!data.product && !data.product_data)) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          param: 'line_items',
          message: 'The fake takes line items with price_data only.',
        });
      }
      const product = data.product
        ? get<FakeProduct>(data.product, 'product', 'product', 'line_items[0][price_data][product]')
        : createProduct({ name: data.product_data?.name ?? '' });
      const interval: 'month' | 'year' | null = data.recurring
        ? data.recurring.interval === 'year'
          ? 'year'
          : 'month'
        : null;
      return {
        name: product.name,
        unitAmount: Number(data.unit_amount),
        quantity: Number(item.quantity ?? 1),
        product: product.id,
        interval,
      };
    });
    if (mode !== 'setup' && lineItems.length === 0)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        param: 'line_items',
        message: 'Missing required param: line_items.',
      });
    if (params.customer) get<FakeCustomer>(params.customer, 'customer', 'customer', 'customer');
    const id = `cs_test_${rand()}${rand()}`;
    const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const trialDays = params.subscription_data?.trial_period_days
      ? Number(params.subscription_data.trial_period_days)
      : null;
    return put<FakeCheckoutSession>({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${options.pagesBase()}/c/pay/${id}`,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      payment_intent: null,
      setup_intent: null,
      subscription: null,
      amount_total: trialDays ? 0 : total,
      currency: params.currency?.toLowerCase() ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      lineItems,
      trialDays,
      subscriptionMetadata: {
        ...(params.subscription_data?.metadata as Record<string, string> | undefined),
      },
      paymentIntentMetadata: {
        ...(params.payment_intent_data?.metadata as Record<string, string> | undefined),
      },
    });
  }

  function checkoutSession(id: string): FakeCheckoutSession {
    return get<FakeCheckoutSession>(id, 'checkout.session', 'checkout.session');
  }

  function expireCheckoutSession(id: string): FakeCheckoutSession {
    const session = checkoutSession(id);
    if (session.status !== 'open') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'checkout_session_unexpected_state',
        message: `Only Checkout Sessions with a status of open can be expired. This session has a status of ${session.status}.`,
      });
    }
    session.status = 'expired';
    emit('checkout.session.expired', session);
    return session;
  }

  /**
   * The buyer pays on the hosted page with a test card. A refused card leaves the session
   * open for another card (as Stripe Checkout does); the answer says why.
   */
  function payCheckoutSession(
    id: string,
    card: FakeTestCard,
  ): { ok: true; session: FakeCheckoutSession } | { ok: false; message: string } {
    const session = checkoutSession(id);
    if (session.status !== 'open') return { ok: true, session };
    const method = paymentMethodFromCard(card);
    if (card.behaviour === 'declined' || card.behaviour === 'insufficient_funds') {
      return { ok: false, message: DECLINES[card.behaviour].message };
    }
    const customer =
      typeof session.customer === 'string'
        ? session.customer
        : createCustomer({ email: session.customer_email ?? undefined }).id;
    session.customer = customer;
    const [first] = session.lineItems;
    if (session.mode === 'subscription' && first) {
      if (card.behaviour === 'declines_after_saving' && !session.trialDays)
        return { ok: false, message: DECLINES.declined.message };
      const sub = createSubscription(
        {
          customer,
          items: session.lineItems.map((item) => ({
            price_data: {
              currency: session.currency ?? 'eur',
              product: item.product,
              unit_amount: item.unitAmount,
              recurring: { interval: item.interval ?? 'month' },
            },
            quantity: item.quantity,
          })),
          ...(session.trialDays ? { trial_period_days: session.trialDays } : {}),
          metadata: session.subscriptionMetadata,
        },
        { paidWith: method },
      );
      session.subscription = sub.id;
      session.payment_status = session.trialDays ? 'no_payment_required' : 'paid';
    } else if (session.mode === 'setup') {
      const intent = createSetupIntent({ customer, usage: 'off_session' }, session.metadata ?? {});
      succeedSetupIntent(intent, method);
      session.setup_intent = intent.id;
      session.payment_status = 'no_payment_required';
    } else {
      if (card.behaviour === 'declines_after_saving')
        return { ok: false, message: DECLINES.declined.message };
      const intent = createPaymentIntent({
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'eur',
        customer,
        metadata: session.paymentIntentMetadata,
      });
      succeedPaymentIntent(intent, method);
      session.payment_intent = intent.id;
      session.payment_status = 'paid';
    }
    session.status = 'complete';
    emit('checkout.session.completed', session);
    return { ok: true, session };
  }

  // -- reading, expanding, idempotency ----------------------------------------------------------

  /** A copy of `object` with the `expand` paths replaced by the objects they name. */
  function expand<T>(object: T, paths: readonly string[]): T {
    const out = copy(object) as Record<string, unknown>;
    // An invoice's `payments` is includable: Stripe sends it only when expanded.
    if (
      out.object === 'invoice' &&
      !paths.some((p) => p === 'payments' || p.startsWith('payments.'))
    ) {
      delete out.payments;
    }
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (!head) continue;
      let value = out[head];
      if (typeof value === 'string' && objects.has(value)) value = copy(objects.get(value));
      if (value && typeof value === 'object' && rest.length > 0) {
        const list = value as { object?: string; data?: unknown[] };
        if (list.object === 'list' && Array.isArray(list.data)) {
          // `payments.data.payment.payment_intent`-style paths step through a list.
          const inner = rest[0] === 'data' ? rest.slice(1) : rest;
          list.data = list.data.map((entry) => expand(entry, [inner.join('.')]));
        } else value = expand(value, [rest.join('.')]);
      }
      out[head] = value;
    }
    return out as T;
  }

  /** Runs a POST under its idempotency key, as Stripe does. */
  function idempotently(
    key: string | null,
    method: string,
    path: string,
    params: unknown,
    run: () => FakeAnswer,
  ): FakeAnswer {
    if (!key) return run();
    const fingerprint = JSON.stringify([method, path, params]);
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      return seen.answer;
    }
    const answer = run();
    // Stripe keeps every answer but those of requests that never ran (its own 500s, 409s).
    if (answer.status < 500 && answer.status !== 409) idempotent.set(key, { fingerprint, answer });
    return answer;
  }

  return {
    objects,
    events,
    get,
    expand,
    idempotently,
    emit,
    createCustomer,
    createProduct,
    paymentMethodFromCard,
    createPaymentIntent,
    updatePaymentIntent,
    confirmPaymentIntent,
    cancelPaymentIntent,
    authenticate,
    createSetupIntent,
    updateSetupIntent,
    confirmSetupIntent,
    cancelSetupIntent,
    createSubscription,
    updateSubscription,
    deleteSubscription,
    cycleSubscription,
    createCheckoutSession,
    checkoutSession,
    expireCheckoutSession,
    payCheckoutSession,
  };
}
