// Invoices of the fake's subscriptions (https://docs.stripe.com/api/invoices), and Stripe
// Billing's attempt to pay one with the customer's saved card: `invoice.paid`, or
// `invoice.payment_failed` (with `invoice.payment_action_required` first when the card
// needs authentication: the PaymentIntent then waits in `requires_action`), as
// https://docs.stripe.com/billing/subscriptions/webhooks describes them. An invoice's lines
// are its subscription's items, taxed by their tax rates (`total_taxes`); voiding an open
// invoice cancels its PaymentIntent (https://docs.stripe.com/api/invoices/void).

import type Stripe from 'stripe';
import { listOf } from './fakeCustomers.js';
import type { FakePaymentIntents } from './fakePaymentIntents.js';
import { declineOf, FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import { copy, type FakeStripeState, randomId } from './fakeStripeState.js';
import type {
  FakeInvoice,
  FakeInvoicePayment,
  FakePaymentIntent,
  FakePaymentMethod,
  FakeSubscription,
} from './fakeStripeTypes.js';
import { taxOfLine } from './fakeTaxRates.js';

/** What a subscription's items come to on an invoice: subtotal, taxes by rate, total. */
export function amountsOf(sub: FakeSubscription) {
  const taxes = new Map<string, { amount: number; taxable: number; inclusive: boolean }>();
  let subtotal = 0;
  let exclusive = 0;
  for (const item of sub.items.data) {
    const line = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    subtotal += line;
    for (const rate of item.tax_rates) {
      const amount = taxOfLine(line, rate);
      if (!rate.inclusive) exclusive += amount;
      const seen = taxes.get(rate.id) ?? { amount: 0, taxable: 0, inclusive: rate.inclusive };
      seen.amount += amount;
      seen.taxable += rate.inclusive ? line - amount : line;
      taxes.set(rate.id, seen);
    }
  }
  const totalTaxes: Stripe.Invoice.TotalTax[] = [...taxes].map(([rate, tax]) => ({
    amount: tax.amount,
    tax_behavior: tax.inclusive ? 'inclusive' : 'exclusive',
    tax_rate_details: { tax_rate: rate },
    taxability_reason: 'standard_rated',
    taxable_amount: tax.taxable,
    type: 'tax_rate_details',
  }));
  return { subtotal, total: subtotal + exclusive, totalTaxes };
}

/** The fake's invoices. */
export function createFakeInvoices(state: FakeStripeState, intents: FakePaymentIntents) {
  /** An open invoice for the subscription's items (a trial's first one is free). */
  function createInvoice(
    sub: FakeSubscription,
    reason: Stripe.Invoice.BillingReason,
    start: number,
    end: number,
    free = false,
    /** A proration's amounts (`fakeProrations.ts`), instead of the items'. */
    given?: ReturnType<typeof amountsOf>,
  ): FakeInvoice {
    const id = `in_${randomId()}`;
    const amounts = free ? { subtotal: 0, total: 0, totalTaxes: [] } : (given ?? amountsOf(sub));
    return state.put<FakeInvoice>({
      id,
      object: 'invoice',
      customer: sub.customer as string,
      status: 'open',
      billing_reason: reason,
      amount_due: Math.max(0, amounts.total),
      amount_paid: 0,
      subtotal: amounts.subtotal,
      total: amounts.total,
      total_taxes: amounts.totalTaxes,
      hosted_invoice_url: `${state.pagesBase()}/i/${id}`,
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

  /**
   * `POST /v1/invoices/{invoice}/pay` (https://docs.stripe.com/api/invoices/pay): pays an
   * open invoice now, outside the collection schedule, off-session (the default), with
   * `payment_method` or else its subscription's default payment method. A refused card is
   * Stripe's 402 `card_error` with the decline and the invoice stays open; a card that needs
   * its holder is a 402 `invoice_payment_intent_requires_action`, the PaymentIntent waiting
   * in `requires_action`. A paid invoice is refused (`invoice_already_paid`), as is any other
   * not open. `off_session: false` (the customer present) is not modelled: refused.
   */
  function payOpenInvoice(id: string, params: Stripe.InvoicePayParams): FakeInvoice {
    const invoice = state.get<FakeInvoice>(id, 'invoice', 'invoice');
    if (invoice.status === 'paid') {
      throw invalidRequest('Invoice is already paid', 'invoice_already_paid');
    }
    if (invoice.status !== 'open') {
      throw invalidRequest(
        `You can only pay open invoices. This invoice is ${invoice.status}.`,
        'invoice_not_open',
      );
    }
    if (params.off_session !== undefined && String(params.off_session) !== 'true') {
      throw invalidRequest('The fake pays invoices off-session only.', undefined, 'off_session');
    }
    const subId = invoice.parent?.subscription_details?.subscription;
    const sub =
      typeof subId === 'string'
        ? state.get<FakeSubscription>(subId, 'subscription', 'subscription')
        : null;
    const methodId =
      typeof params.payment_method === 'string'
        ? params.payment_method
        : sub?.default_payment_method
          ? String(sub.default_payment_method)
          : null;
    const method = methodId
      ? state.get<FakePaymentMethod>(methodId, 'payment_method', 'PaymentMethod', 'payment_method')
      : null;
    if (attemptInvoice(invoice, method)) return invoice;
    const intentId = invoice.payments.data.at(-1)?.payment.payment_intent;
    const intent =
      typeof intentId === 'string'
        ? (state.objects.get(intentId) as FakePaymentIntent | undefined)
        : undefined;
    const error = intent?.last_payment_error;
    if (intent?.status === 'requires_action') {
      throw new FakeStripeError(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message:
          'This payment requires additional user action before it can be completed successfully.',
        payment_intent: copy(intent),
      });
    }
    throw new FakeStripeError(402, {
      type: 'card_error',
      code: error?.code ?? 'card_declined',
      decline_code: error?.decline_code ?? 'generic_decline',
      message: error?.message ?? 'Your card was declined.',
      ...(intent ? { payment_intent: copy(intent) } : {}),
    });
  }

  /** `POST /v1/invoices/{invoice}/void`: only an open invoice; its payment is canceled. */
  function voidInvoice(id: string): FakeInvoice {
    const invoice = state.get<FakeInvoice>(id, 'invoice', 'invoice');
    if (invoice.status !== 'open') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'invoice_not_open',
        message: `You can only pass in open invoices. This invoice isn't open.`,
      });
    }
    invoice.status = 'void';
    for (const payment of invoice.payments.data) {
      const intentId = payment.payment.payment_intent;
      const intent =
        typeof intentId === 'string'
          ? (state.objects.get(intentId) as FakePaymentIntent | undefined)
          : undefined;
      payment.status = 'canceled';
      if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') {
        intent.status = 'canceled';
        intent.cancellation_reason = 'void_invoice';
        intent.canceled_at = state.nowFor(invoice.customer as string);
        intent.next_action = null;
        state.emit('payment_intent.canceled', intent);
      }
    }
    state.emit('invoice.voided', invoice);
    return invoice;
  }

  /** `GET /v1/invoice_payments`: by invoice or by PaymentIntent, newest first. */
  function listInvoicePayments(params: Stripe.InvoicePaymentListParams) {
    const found = [...state.objects.values()]
      .filter((o): o is FakeInvoice => o.object === 'invoice')
      .flatMap((invoice) => invoice.payments.data)
      .filter((p) => params.invoice === undefined || p.invoice === params.invoice)
      .filter(
        (p) =>
          params.payment?.payment_intent === undefined ||
          p.payment.payment_intent === params.payment.payment_intent,
      )
      .filter((p) => params.status === undefined || p.status === params.status)
      .reverse();
    return listOf(found, '/v1/invoice_payments', params);
  }

  return {
    createInvoice,
    payInvoice,
    invoiceIntent,
    invoiceOfIntent,
    attemptInvoice,
    payOpenInvoice,
    voidInvoice,
    listInvoicePayments,
  };
}

/** The fake's invoices. */
export type FakeInvoices = ReturnType<typeof createFakeInvoices>;
