// Checkout Sessions of the fake Stripe API (https://docs.stripe.com/api/checkout/sessions):
// the hosted page the no-JavaScript path sends the buyer to. Paying there makes what the
// session's mode asks for: a PaymentIntent, a subscription, or a saved card. Line items
// carry their tax rates (`line_items[].tax_rates`): the total is what the buyer pays with
// exclusive tax added, and the subscription's items keep the rates.

import type Stripe from 'stripe';
import type { FakeCustomers } from './fakeCustomers.js';
import type { FakePaymentIntents } from './fakePaymentIntents.js';
import type { FakeSetupIntents } from './fakeSetupIntents.js';
import type { FakeTestCard } from './fakeStripeCards.js';
import { declineOf, FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import { type FakeStripeState, randomId } from './fakeStripeState.js';
import type { FakeCheckoutSession, FakeCustomer, FakeProduct } from './fakeStripeTypes.js';
import type { FakeSubscriptions } from './fakeSubscriptions.js';
import { type FakeTaxRates, taxOfLine } from './fakeTaxRates.js';

interface Parts {
  taxRates: FakeTaxRates;
  customers: FakeCustomers;
  intents: FakePaymentIntents;
  setups: FakeSetupIntents;
  subscriptions: FakeSubscriptions;
}

/** The fake's Checkout Sessions. */
export function createFakeCheckoutSessions(state: FakeStripeState, parts: Parts) {
  const { customers, intents, setups, subscriptions, taxRates } = parts;

  function createCheckoutSession(params: Stripe.Checkout.SessionCreateParams): FakeCheckoutSession {
    const mode = params.mode ?? 'payment';
    const lineItems = (params.line_items ?? []).map((item, index) => {
      const data = item.price_data;
      if (!data || (!data.product && !data.product_data)) {
        throw invalidRequest(
          'The fake takes line items with price_data only.',
          undefined,
          `line_items[${index}]`,
        );
      }
      const product = data.product
        ? state.get<FakeProduct>(
            data.product,
            'product',
            'product',
            `line_items[${index}][price_data][product]`,
          )
        : customers.createProduct({ name: data.product_data?.name ?? '' });
      const interval: 'month' | 'year' | null = data.recurring
        ? data.recurring.interval === 'year'
          ? 'year'
          : 'month'
        : null;
      const rates = taxRates.taxRatesOf(item.tax_rates, `line_items[${index}][tax_rates]`);
      return {
        name: product.name,
        unitAmount: Number(data.unit_amount),
        quantity: Number(item.quantity ?? 1),
        product: product.id,
        interval,
        taxRates: rates.map((rate) => rate.id),
        exclusiveTax: rates
          .filter((rate) => !rate.inclusive)
          .reduce(
            (sum, rate) =>
              sum + taxOfLine(Number(data.unit_amount) * Number(item.quantity ?? 1), rate),
            0,
          ),
      };
    });
    if (mode !== 'setup' && lineItems.length === 0) {
      throw invalidRequest(
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    }
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer) state.get<FakeCustomer>(customer, 'customer', 'customer', 'customer');
    const id = `cs_test_${randomId()}${randomId()}`;
    const total = lineItems.reduce(
      (sum, item) => sum + item.unitAmount * item.quantity + item.exclusiveTax,
      0,
    );
    const trialDays = params.subscription_data?.trial_period_days
      ? Number(params.subscription_data.trial_period_days)
      : null;
    const created = state.nowFor(customer);
    return state.put<FakeCheckoutSession>({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${state.pagesBase()}/c/pay/${id}`,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      customer,
      customer_email: params.customer_email ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      payment_intent: null,
      setup_intent: null,
      subscription: null,
      amount_total: trialDays ? 0 : total,
      // A session's currency is its line items' (https://docs.stripe.com/api/checkout/sessions/object).
      currency:
        (params.currency ?? params.line_items?.[0]?.price_data?.currency)?.toLowerCase() ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      lineItems: lineItems.map(({ exclusiveTax: _, ...item }) => item),
      trialDays,
      trialSettings: params.subscription_data?.trial_settings ?? null,
      subscriptionMetadata: {
        ...(params.subscription_data?.metadata as Record<string, string> | undefined),
      },
      paymentIntentMetadata: {
        ...(params.payment_intent_data?.metadata as Record<string, string> | undefined),
      },
    });
  }

  function checkoutSession(id: string): FakeCheckoutSession {
    return state.get<FakeCheckoutSession>(id, 'checkout.session', 'checkout.session');
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
    state.emit('checkout.session.expired', session);
    return session;
  }

  /**
   * The buyer pays on the hosted page with a test card. A refused card leaves the session
   * open for another card (as Stripe Checkout does); the answer says why. The page does the
   * buyer's 3-D Secure step itself, as Stripe's does.
   */
  function payCheckoutSession(
    id: string,
    card: FakeTestCard,
  ): { ok: true; session: FakeCheckoutSession } | { ok: false; message: string } {
    const session = checkoutSession(id);
    if (session.status !== 'open') return { ok: true, session };
    const refusedNow = declineOf(card.behaviour, { offSession: false, saved: false });
    if (refusedNow) return { ok: false, message: refusedNow.message };
    const method = customers.paymentMethodFromCard(card);
    const customer =
      typeof session.customer === 'string'
        ? session.customer
        : customers.createCustomer({ email: session.customer_email ?? undefined }).id;
    session.customer = customer;
    // A card that saves fine but cannot be charged fails every payment, not a trial's setup.
    const charges =
      session.mode === 'payment' || (session.mode === 'subscription' && !session.trialDays);
    const refused = charges ? declineOf(card.behaviour, { offSession: false, saved: true }) : null;
    if (refused) return { ok: false, message: refused.message };
    if (session.mode === 'subscription' && session.lineItems[0]) {
      const sub = subscriptions.createSubscription(
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
            tax_rates: item.taxRates,
          })),
          ...(session.trialDays ? { trial_period_days: session.trialDays } : {}),
          ...(session.trialSettings ? { trial_settings: session.trialSettings } : {}),
          metadata: session.subscriptionMetadata,
        },
        { paidWith: method },
      );
      session.subscription = sub.id;
      session.payment_status = session.trialDays ? 'no_payment_required' : 'paid';
    } else if (session.mode === 'setup') {
      const intent = setups.createSetupIntent(
        { customer, usage: 'off_session' },
        session.metadata ?? {},
      );
      setups.succeedSetupIntent(intent, method);
      session.setup_intent = intent.id;
      session.payment_status = 'no_payment_required';
    } else {
      const intent = intents.newPaymentIntent({
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'eur',
        customer,
        metadata: session.paymentIntentMetadata,
      });
      intents.succeedPaymentIntent(intent, method);
      session.payment_intent = intent.id;
      session.payment_status = 'paid';
    }
    session.status = 'complete';
    state.emit('checkout.session.completed', session);
    return { ok: true, session };
  }

  return { createCheckoutSession, checkoutSession, expireCheckoutSession, payCheckoutSession };
}

/** The fake's Checkout Sessions. */
export type FakeCheckoutSessions = ReturnType<typeof createFakeCheckoutSessions>;
