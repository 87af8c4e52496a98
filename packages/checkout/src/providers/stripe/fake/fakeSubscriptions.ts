// Subscriptions of the fake Stripe API, as Stripe Billing runs them
// (https://docs.stripe.com/billing/subscriptions/overview): `default_incomplete` creation
// whose first invoice's PaymentIntent activates it, trials with the card saved through
// the pending SetupIntent, renewals at the period's end (a `subscription_cycle` invoice
// charged to the saved card; `past_due` when that fails), cancel at the period's end.
// A subscription of a customer on a test clock belongs to that clock.

import type Stripe from 'stripe';
import type { FakeCustomers } from './fakeCustomers.js';
import type { FakeInvoices } from './fakeInvoices.js';
import type { FakePaymentIntents } from './fakePaymentIntents.js';
import type { FakeProrations } from './fakeProrations.js';
import type { FakeSetupIntents } from './fakeSetupIntents.js';
import { invalidRequest } from './fakeStripeErrors.js';
import {
  addInterval,
  copy,
  type FakeStripeState,
  nextBillingDate,
  randomId,
} from './fakeStripeState.js';
import type {
  FakeCustomer,
  FakePaymentIntent,
  FakePaymentMethod,
  FakeProduct,
  FakeSetupIntent,
  FakeSubscription,
} from './fakeStripeTypes.js';
import type { FakeTaxRates } from './fakeTaxRates.js';

interface Parts {
  customers: FakeCustomers;
  intents: FakePaymentIntents;
  setups: FakeSetupIntents;
  invoices: FakeInvoices;
  taxRates: FakeTaxRates;
  prorations: FakeProrations;
}

/** The statuses whose period ends move on (Stripe Billing leaves the others alone). */
export const CYCLING: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** The fake's subscriptions; `parts` are read when first needed (they are made after it). */
export function createFakeSubscriptions(state: FakeStripeState, parts: () => Parts) {
  function createSubscription(
    params: Stripe.SubscriptionCreateParams,
    options: { paidWith?: FakePaymentMethod } = {},
  ): FakeSubscription {
    const { customers, invoices, setups, intents, taxRates } = parts();
    const customer = state.get<FakeCustomer>(
      String(params.customer),
      'customer',
      'customer',
      'customer',
    );
    const items = (params.items ?? []).map((item, index) => {
      const data = item.price_data;
      if (!data) {
        throw invalidRequest('The fake takes price_data only.', undefined, `items[${index}]`);
      }
      state.get<FakeProduct>(
        data.product,
        'product',
        'product',
        `items[${index}][price_data][product]`,
      );
      const interval = data.recurring.interval === 'year' ? 'year' : 'month';
      const rates =
        item.tax_rates !== undefined
          ? taxRates.taxRatesOf(item.tax_rates, `items[${index}][tax_rates]`)
          : taxRates.taxRatesOf(params.default_tax_rates, 'default_tax_rates');
      return { data, interval, rates, quantity: Number(item.quantity ?? 1) } as const;
    });
    const first = items[0];
    if (!first)
      throw invalidRequest('Missing required param: items.', 'parameter_missing', 'items');
    const start = state.nowFor(customer.id);
    const trialDays = params.trial_period_days ? Number(params.trial_period_days) : 0;
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? addInterval(start, first.interval);
    const id = `sub_${randomId()}`;
    const sub = state.put<FakeSubscription>({
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
      // Billing dates count from here: the end of the trial, else the start.
      billing_cycle_anchor: periodEnd === trialEnd ? periodEnd : start,
      test_clock: typeof customer.test_clock === 'string' ? customer.test_clock : null,
      trial_settings: params.trial_settings
        ? {
            end_behavior: {
              billing_cycle_anchor: null,
              missing_payment_method: params.trial_settings.end_behavior
                .missing_payment_method as Stripe.Subscription.TrialSettings.EndBehavior.MissingPaymentMethod,
            },
          }
        : null,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: items.map((item) => ({
          id: `si_${randomId()}`,
          object: 'subscription_item',
          quantity: item.quantity,
          current_period_start: start,
          current_period_end: periodEnd,
          tax_rates: item.rates,
          price: {
            id: `price_${randomId()}`,
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
      const invoice = invoices.createInvoice(sub, 'subscription_create', start, trialEnd, true);
      sub.latest_invoice = invoice.id;
      sub.status = 'trialing';
      state.emit('customer.subscription.created', sub);
      invoices.payInvoice(invoice, null);
      if (options.paidWith) {
        customers.attach(options.paidWith, customer.id);
        sub.default_payment_method = options.paidWith.id;
      } else {
        sub.pending_setup_intent = setups.createSetupIntent({
          customer: customer.id,
          usage: 'off_session',
        }).id;
      }
      return sub;
    }
    const invoice = invoices.createInvoice(sub, 'subscription_create', start, periodEnd);
    sub.latest_invoice = invoice.id;
    const intent = invoices.invoiceIntent(invoice, 'Subscription creation');
    state.emit('customer.subscription.created', sub);
    if (options.paidWith) intents.succeedPaymentIntent(intent, options.paidWith);
    return sub;
  }

  /** An invoice's intent succeeded: its invoice is paid and its subscription active. */
  function paymentIntentSucceeded(intent: FakePaymentIntent) {
    const { invoices } = parts();
    const invoice = invoices.invoiceOfIntent(intent.id);
    if (!invoice || invoice.status === 'paid') return;
    const subId = invoice.parent?.subscription_details?.subscription;
    invoices.payInvoice(invoice, intent.id);
    if (typeof subId !== 'string') return;
    const sub = state.get<FakeSubscription>(subId, 'subscription', 'subscription');
    const previous = { status: sub.status, default_payment_method: sub.default_payment_method };
    sub.default_payment_method = String(intent.payment_method);
    if (sub.status === 'incomplete' || sub.status === 'past_due' || sub.status === 'trialing') {
      sub.status = 'active';
    }
    state.emit('customer.subscription.updated', sub, previous);
  }

  /** A trial's SetupIntent succeeded: its card is the subscription's default. */
  function setupIntentSucceeded(intent: FakeSetupIntent, method: FakePaymentMethod) {
    // Stripe's own link: the subscription names its pending SetupIntent (the intent carries
    // no metadata of Stripe's).
    const sub = [...state.objects.values()].find(
      (o): o is FakeSubscription =>
        o.object === 'subscription' && (o as FakeSubscription).pending_setup_intent === intent.id,
    );
    if (!sub) return;
    sub.default_payment_method = method.id;
    sub.pending_setup_intent = null;
    state.emit('customer.subscription.updated', sub, { pending_setup_intent: intent.id });
  }

  /**
   * Ends the subscription's current period as Stripe Billing does: canceled when it was to
   * end then; else a `subscription_cycle` invoice for the next period, charged to the saved
   * card, and `past_due` when that fails.
   */
  function cycleSubscription(id: string): FakeSubscription {
    const sub = state.get<FakeSubscription>(id, 'subscription', 'subscription');
    const item = sub.items.data[0];
    if (!item || !CYCLING.has(sub.status)) return sub;
    if (sub.cancel_at_period_end) return deleteSubscription(id);
    if (sub.status === 'trialing' && !sub.default_payment_method) {
      const behaviour = sub.trial_settings?.end_behavior.missing_payment_method;
      if (behaviour === 'cancel') return deleteSubscription(id);
      if (behaviour === 'pause') {
        sub.status = 'paused';
        state.emit('customer.subscription.paused', sub, { status: 'trialing' });
        state.emit('customer.subscription.updated', sub, { status: 'trialing' });
        return sub;
      }
    }
    const { invoices } = parts();
    const interval = item.price.recurring?.interval === 'year' ? 'year' : 'month';
    const start = item.current_period_end;
    const end = nextBillingDate(sub.billing_cycle_anchor, start, interval);
    const previous = {
      status: sub.status,
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    };
    for (const i of sub.items.data) {
      i.current_period_start = start;
      i.current_period_end = end;
    }
    const invoice = invoices.createInvoice(sub, 'subscription_cycle', start, end);
    sub.latest_invoice = invoice.id;
    const methodId = sub.default_payment_method ? String(sub.default_payment_method) : null;
    const method = methodId ? (state.objects.get(methodId) as FakePaymentMethod | undefined) : null;
    if (invoices.attemptInvoice(invoice, method ?? null)) return sub;
    sub.status = 'past_due';
    state.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function updateSubscription(
    id: string,
    params: Stripe.SubscriptionUpdateParams,
  ): FakeSubscription {
    const sub = state.get<FakeSubscription>(id, 'subscription', 'subscription');
    // A new price (a plan change): prorated, and charged or refused, before anything else.
    const previous: Record<string, unknown> = params.items
      ? parts().prorations.changeItems(sub, params)
      : {};
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = String(params.cancel_at_period_end) === 'true';
    }
    if (params.metadata) {
      previous.metadata = copy(sub.metadata);
      Object.assign(sub.metadata, params.metadata);
    }
    if (typeof params.default_payment_method === 'string') {
      // "It must belong to the customer associated with the subscription"
      // (https://docs.stripe.com/api/subscriptions/update#update_subscription-default_payment_method).
      const method = state.get<FakePaymentMethod>(
        params.default_payment_method,
        'payment_method',
        'PaymentMethod',
        'default_payment_method',
      );
      if (method.customer !== sub.customer) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${method.id}. The payment method must be attached to the customer.`,
          'resource_missing',
          'default_payment_method',
        );
      }
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = method.id;
    }
    state.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function deleteSubscription(id: string): FakeSubscription {
    const sub = state.get<FakeSubscription>(id, 'subscription', 'subscription');
    if (sub.status === 'canceled') return sub;
    sub.status = 'canceled';
    sub.canceled_at = state.nowFor(sub.customer as string);
    state.emit('customer.subscription.deleted', sub);
    return sub;
  }

  return {
    createSubscription,
    paymentIntentSucceeded,
    setupIntentSucceeded,
    cycleSubscription,
    updateSubscription,
    deleteSubscription,
  };
}

/** The fake's subscriptions. */
export type FakeSubscriptions = ReturnType<typeof createFakeSubscriptions>;
