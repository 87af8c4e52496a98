// The in-memory side of the fake Stripe API, composed from one module per resource:
// customers, products and payment methods (`fakeCustomers.ts`), PaymentIntents,
// SetupIntents, invoices, subscriptions, Checkout Sessions and test clocks, on one shared
// state (`fakeStripeState.ts`), with idempotent requests (`fakeIdempotency.ts`). Each
// behaves as Stripe documents it, typed with the `stripe` package's own types.
// `startFakeStripe` serves it over HTTP; no network of Stripe's is needed.

import type Stripe from 'stripe';
import { createFakeCheckoutSessions } from './fakeCheckoutSessions.js';
import { createFakeCustomers } from './fakeCustomers.js';
import { createFakeDisputes } from './fakeDisputes.js';
import { createFakeIdempotency } from './fakeIdempotency.js';
import { createFakeInvoices } from './fakeInvoices.js';
import { createFakePaymentIntents } from './fakePaymentIntents.js';
import { createFakeProrations } from './fakeProrations.js';
import { createFakeRefunds } from './fakeRefunds.js';
import { createFakeSetupIntents } from './fakeSetupIntents.js';
import type { FakeTestCard } from './fakeStripeCards.js';
import { FakeStripeError } from './fakeStripeErrors.js';
import { createFakeStripeState, type FakeStripeStateOptions } from './fakeStripeState.js';
import type { FakeInvoice, FakePaymentIntent, FakeSetupIntent } from './fakeStripeTypes.js';
import { createFakeSubscriptions } from './fakeSubscriptions.js';
import { createFakeTaxRates } from './fakeTaxRates.js';
import { createFakeTestClocks } from './fakeTestClocks.js';

export { FakeStripeError } from './fakeStripeErrors.js';
export type * from './fakeStripeTypes.js';

/** Options of {@link createFakeStripeApi}. */
export type FakeStripeApiOptions = FakeStripeStateOptions;

/** The fake's objects and operations. */
export type FakeStripeApi = ReturnType<typeof createFakeStripeApi>;

/** Creates an empty fake Stripe account. */
export function createFakeStripeApi(options: FakeStripeApiOptions) {
  const state = createFakeStripeState(options);
  const customers = createFakeCustomers(state);
  const taxRates = createFakeTaxRates(state);
  // Billing reacts to intents that succeed; it is made after them, so they call it late.
  const subscriptions = createFakeSubscriptions(state, () => parts);
  const intents = createFakePaymentIntents(state, customers, {
    succeeded: (intent) => subscriptions.paymentIntentSucceeded(intent),
  });
  const setups = createFakeSetupIntents(state, customers, {
    succeeded: (intent, method) => subscriptions.setupIntentSucceeded(intent, method),
  });
  const invoices = createFakeInvoices(state, intents);
  const refunds = createFakeRefunds(state);
  const disputes = createFakeDisputes(state);
  const prorations = createFakeProrations(state, () => ({ invoices, intents, taxRates }));
  const parts = { customers, intents, setups, invoices, taxRates, prorations };
  const sessions = createFakeCheckoutSessions(state, { ...parts, subscriptions });
  const clocks = createFakeTestClocks(state, subscriptions);
  const { idempotently } = createFakeIdempotency(state.now);

  /** The buyer's answer on the fake's 3-D Secure page. */
  function authenticate(id: string, approve: boolean): { returnUrl: string | null } {
    const found = state.objects.get(id);
    const waiting = found as { next_action?: FakePaymentIntent['next_action'] } | undefined;
    const returnUrl = waiting?.next_action?.redirect_to_url?.return_url ?? null;
    if (found?.object === 'setup_intent') {
      setups.decideSetupIntent(found as FakeSetupIntent, approve);
    } else {
      intents.decidePaymentIntent(
        state.get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent'),
        approve,
      );
    }
    return { returnUrl };
  }

  /**
   * The customer pays an open invoice on its hosted page: with the card the renewal was
   * tried with (confirming it with the bank there), or another card, on-session.
   */
  function payHostedInvoice(
    id: string,
    card: FakeTestCard | null,
  ): { ok: boolean; message: string } {
    const invoice = state.get<FakeInvoice>(id, 'invoice', 'invoice');
    if (invoice.status !== 'open') return { ok: invoice.status === 'paid', message: '' };
    const intentId = invoice.payments.data.at(-1)?.payment.payment_intent;
    const intent = state.get<FakePaymentIntent>(
      String(intentId),
      'payment_intent',
      'payment_intent',
    );
    try {
      if (card || intent.status !== 'requires_action') {
        if (!card) return { ok: false, message: 'Enter a card to pay with.' };
        const method = customers.paymentMethodFromCard(card);
        intents.confirmPaymentIntent(intent.id, { payment_method: method.id });
      }
      // The page asks the bank itself: the buyer confirms there.
      if (intent.status === 'requires_action') intents.decidePaymentIntent(intent, true);
    } catch (error) {
      if (error instanceof FakeStripeError) return { ok: false, message: error.error.message };
      throw error;
    }
    return { ok: invoice.status === 'paid', message: '' };
  }

  return {
    objects: state.objects,
    payHostedInvoice,
    /** Every event emitted, oldest first. */
    events: state.events as Stripe.Event[],
    get: state.get,
    expand: state.expand,
    emit: state.emit,
    idempotently,
    authenticate,
    createCustomer: customers.createCustomer,
    listCustomers: customers.listCustomers,
    updateCustomer: customers.updateCustomer,
    createTaxId: customers.createTaxId,
    listTaxIds: customers.listTaxIds,
    createTaxRate: taxRates.createTaxRate,
    listTaxRates: taxRates.listTaxRates,
    payOpenInvoice: invoices.payOpenInvoice,
    voidInvoice: invoices.voidInvoice,
    createInvoicePreview: prorations.createPreview,
    createRefund: refunds.createRefund,
    refundFromDashboard: refunds.refundFromDashboard,
    disputePayment: disputes.disputePayment,
    closeDispute: disputes.closeDispute,
    listInvoicePayments: invoices.listInvoicePayments,
    createProduct: customers.createProduct,
    paymentMethodFromCard: customers.paymentMethodFromCard,
    createPaymentIntent: intents.createPaymentIntent,
    updatePaymentIntent: intents.updatePaymentIntent,
    confirmPaymentIntent: intents.confirmPaymentIntent,
    cancelPaymentIntent: intents.cancelPaymentIntent,
    createSetupIntent: setups.createSetupIntent,
    updateSetupIntent: setups.updateSetupIntent,
    confirmSetupIntent: setups.confirmSetupIntent,
    cancelSetupIntent: setups.cancelSetupIntent,
    createSubscription: subscriptions.createSubscription,
    updateSubscription: subscriptions.updateSubscription,
    deleteSubscription: subscriptions.deleteSubscription,
    cycleSubscription: subscriptions.cycleSubscription,
    createCheckoutSession: sessions.createCheckoutSession,
    checkoutSession: sessions.checkoutSession,
    expireCheckoutSession: sessions.expireCheckoutSession,
    payCheckoutSession: sessions.payCheckoutSession,
    createTestClock: clocks.createTestClock,
    advanceTestClock: clocks.advanceTestClock,
    deleteTestClock: clocks.deleteTestClock,
    /** Resolves once every test clock advance under way has finished. */
    clocksIdle: clocks.idle,
  };
}
