// Invoices of the fake's subscriptions (https://docs.stripe.com/api/invoices), and Stripe
// Billing's attempt to pay one with the customer's saved card: `invoice.paid`, or
// `invoice.payment_failed` (with `invoice.payment_action_required` first when the card
// needs authentication: the PaymentIntent then waits in `requires_action`), as
// https://docs.stripe.com/billing/subscriptions/webhooks describes them.

import type Stripe from 'stripe';
import type { FakePaymentIntents } from './fakePaymentIntents.js';
import { declineOf } from './fakeStripeErrors.js';
import { copy, type FakeStripeState, randomId } from './fakeStripeState.js';
import type {
  FakeInvoice,
  FakeInvoicePayment,
  FakePaymentIntent,
  FakePaymentMethod,
  FakeSubscription,
} from './fakeStripeTypes.js';

/** The fake's invoices. */
export function createFakeInvoices(state: FakeStripeState, intents: FakePaymentIntents) {
  function createInvoice(
    sub: FakeSubscription,
    reason: Stripe.Invoice.BillingReason,
    amount: number,
    start: number,
    end: number,
  ): FakeInvoice {
    const id = `in_${randomId()}`;
    return state.put<FakeInvoice>({
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
      created: state.nowFor(sub.customer as string),
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
    state.emit('invoice.paid', invoice);
  }

  /** The invoice's PaymentIntent, made as Stripe Billing makes it. */
  function invoiceIntent(invoice: FakeInvoice, description: string): FakePaymentIntent {
    const intent = intents.newPaymentIntent({
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer as string,
      description,
      ...(invoice.billing_reason === 'subscription_create'
        ? { setup_future_usage: 'off_session' as const }
        : {}),
    });
    const payment: FakeInvoicePayment = {
      id: `inpay_${randomId()}`,
      object: 'invoice_payment',
      amount_requested: invoice.amount_due,
      amount_paid: null,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      status: 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: state.nowFor(invoice.customer as string),
      livemode: false,
    };
    invoice.payments.data.push(payment);
    return intent;
  }

  /** The open invoice a PaymentIntent pays, if any. */
  function invoiceOfIntent(intentId: string): FakeInvoice | null {
    for (const object of state.objects.values()) {
      if (object.object !== 'invoice') continue;
      const invoice = object as FakeInvoice;
      if (invoice.payments.data.some((p) => p.payment.payment_intent === intentId)) return invoice;
    }
    return null;
  }

  /**
   * Stripe Billing charges an invoice off-session with the subscription's saved card.
   * Answers whether it was paid.
   */
  function attemptInvoice(invoice: FakeInvoice, method: FakePaymentMethod | null): boolean {
    const intent = invoiceIntent(invoice, 'Subscription update');
    const behaviour = method ? (state.behaviours.get(method.id) ?? 'succeeds') : 'declined';
    const decline = declineOf(behaviour, { offSession: true, saved: true });
    if (method && !decline) {
      // Its invoice is paid (and the attempt counted) by the intent's success.
      intents.succeedPaymentIntent(intent, method);
      return invoice.status === 'paid';
    }
    invoice.attempt_count += 1;
    const reason = decline ?? declineOf('declined', { offSession: true, saved: true });
    if (method && reason?.code === 'authentication_required') {
      // The customer has to come back and authenticate: the intent waits for them.
      intent.last_payment_error = { type: 'card_error', ...reason };
      intents.requireAction(intent, method, null);
      state.emit('invoice.payment_action_required', invoice);
    } else {
      intent.last_payment_error = { type: 'card_error', ...reason };
      state.emit('payment_intent.payment_failed', intent);
    }
    state.emit('invoice.payment_failed', invoice);
    return false;
  }

  return { createInvoice, payInvoice, invoiceIntent, invoiceOfIntent, attemptInvoice };
}

/** The fake's invoices. */
export type FakeInvoices = ReturnType<typeof createFakeInvoices>;
