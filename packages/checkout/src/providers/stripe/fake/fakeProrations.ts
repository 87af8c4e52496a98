// Changes of a subscription's price in the fake, prorated as Stripe prorates them
// (https://docs.stripe.com/billing/subscriptions/prorations): `POST /v1/invoices/create_preview`
// with `subscription_details` (https://docs.stripe.com/api/invoices/create_preview) answers
// the invoice the change would make, and `POST /v1/subscriptions/{id}` with `items`,
// `proration_behavior` and `proration_date` makes it.
//
// - Time is counted in seconds from `proration_date` (default: now) to the period's end.
// - Same interval: a credit line for the unused time of the old price,
//   −round(old × remaining / period), and a charge line for the remaining time of the new
//   one, round(new × remaining / period). The period stays.
// - Another interval: the billing cycle anchor resets to now (Stripe resets it when the
//   interval changes), the unused time is credited and the new price charged in full for the
//   new period.
// - Each line is taxed by its item's tax rates on its own (a credit's tax is the negated tax
//   of its positive amount), as an invoice's lines are.
// - `always_invoice` invoices the lines at once and charges the saved card; with
//   `payment_behavior: 'error_if_incomplete'` a refused card fails the update with the
//   card's 402 and changes nothing (https://docs.stripe.com/billing/subscriptions/pending-updates).
//   A negative total is not charged (the credit goes to the customer's balance at Stripe).
//   `none` changes the price for the next renewal and invoices nothing.

import type Stripe from 'stripe';
import type { FakeInvoices } from './fakeInvoices.js';
import type { FakePaymentIntents } from './fakePaymentIntents.js';
import { declineOf, FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import { addInterval, copy, type FakeStripeState } from './fakeStripeState.js';
import type {
  FakePaymentMethod,
  FakeProduct,
  FakeSubscription,
  FakeSubscriptionItem,
  FakeTaxRate,
} from './fakeStripeTypes.js';
import type { FakeTaxRates } from './fakeTaxRates.js';
import { taxOfLine } from './fakeTaxRates.js';

interface Parts {
  invoices: FakeInvoices;
  intents: FakePaymentIntents;
  taxRates: FakeTaxRates;
}

/** One line of a proration: its amount (negative for a credit) and the rates that tax it. */
export interface FakeProrationLine {
  amount: number;
  rates: FakeTaxRate[];
  description: string;
  period: { start: number; end: number };
}

type ItemParams = Stripe.SubscriptionUpdateParams.Item[];

/** A line's tax by one rate; a credit's is the negated tax of its positive amount. */
const taxOf = (amount: number, rate: FakeTaxRate) =>
  amount < 0 ? -taxOfLine(-amount, rate) : taxOfLine(amount, rate);

/** An invoice's amounts for proration lines: subtotal, taxes by rate, total. */
export function amountsOfLines(lines: FakeProrationLine[]) {
  const taxes = new Map<string, { amount: number; taxable: number; inclusive: boolean }>();
  let subtotal = 0;
  let exclusive = 0;
  for (const line of lines) {
    subtotal += line.amount;
    for (const rate of line.rates) {
      const amount = taxOf(line.amount, rate);
      if (!rate.inclusive) exclusive += amount;
      const seen = taxes.get(rate.id) ?? { amount: 0, taxable: 0, inclusive: rate.inclusive };
      seen.amount += amount;
      seen.taxable += rate.inclusive ? line.amount - amount : line.amount;
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

/** The fake's prorated subscription changes. */
export function createFakeProrations(state: FakeStripeState, parts: () => Parts) {
  /** The subscription's one item with the new price the params give it. */
  function changedItem(sub: FakeSubscription, items: ItemParams | undefined, param: string) {
    const given = items?.[0];
    const item = sub.items.data.find((i) => i.id === given?.id);
    if (!given || !item || items.length !== 1) {
      throw invalidRequest(
        'The fake changes one item of a subscription, named by its id.',
        undefined,
        param,
      );
    }
    const data = given.price_data;
    if (!data) throw invalidRequest('The fake takes price_data only.', undefined, `${param}[0]`);
    state.get<FakeProduct>(data.product, 'product', 'product', `${param}[0][price_data][product]`);
    const rates =
      given.tax_rates !== undefined
        ? parts().taxRates.taxRatesOf(given.tax_rates, `${param}[0][tax_rates]`)
        : item.tax_rates;
    const interval = data.recurring.interval === 'year' ? ('year' as const) : ('month' as const);
    const price: FakeSubscriptionItem['price'] = {
      ...item.price,
      currency: String(data.currency).toLowerCase(),
      unit_amount: Number(data.unit_amount ?? 0),
      product: data.product,
      recurring: { ...(item.price.recurring ?? {}), interval, interval_count: 1 } as never,
    };
    return { item, price, rates, quantity: Number(given.quantity ?? item.quantity ?? 1) };
  }

  /** The lines a change at `at` (seconds) invoices, and the period after it. */
  function linesOf(sub: FakeSubscription, change: ReturnType<typeof changedItem>, at: number) {
    const { item } = change;
    const start = item.current_period_start;
    const end = item.current_period_end;
    const period = Math.max(1, end - start);
    const remaining = Math.min(period, Math.max(0, end - at));
    const oldAmount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const newAmount = (change.price.unit_amount ?? 0) * change.quantity;
    const resets = change.price.recurring?.interval !== item.price.recurring?.interval;
    const now = state.nowFor(sub.customer as string);
    const next = resets
      ? {
          start: now,
          end: addInterval(now, change.price.recurring?.interval === 'year' ? 'year' : 'month'),
        }
      : { start, end };
    const lines: FakeProrationLine[] = [
      {
        amount: -Math.round((oldAmount * remaining) / period),
        rates: item.tax_rates,
        description: 'Unused time',
        period: { start: at, end },
      },
      {
        amount: resets ? newAmount : Math.round((newAmount * remaining) / period),
        rates: change.rates,
        description: resets ? 'New price' : 'Remaining time',
        period: resets ? next : { start: at, end },
      },
    ];
    return { lines, next, resets };
  }

  const prorationDateOf = (sub: FakeSubscription, value: unknown) =>
    value === undefined ? state.nowFor(sub.customer as string) : Number(value);

  /** `POST /v1/invoices/create_preview` for a change of a subscription. */
  function createPreview(params: Stripe.InvoiceCreatePreviewParams) {
    if (!params.subscription) {
      throw invalidRequest(
        'The fake previews subscription changes only.',
        undefined,
        'subscription',
      );
    }
    const sub = state.get<FakeSubscription>(
      params.subscription,
      'subscription',
      'subscription',
      'subscription',
    );
    const details = params.subscription_details ?? {};
    const change = changedItem(sub, details.items, 'subscription_details[items]');
    const at = prorationDateOf(sub, details.proration_date);
    const behaviour = details.proration_behavior ?? 'create_prorations';
    const { lines, next } = linesOf(sub, change, at);
    const invoiced = behaviour === 'none' ? [] : lines;
    const amounts = amountsOfLines(invoiced);
    return {
      id: `upcoming_${sub.id}`,
      object: 'invoice',
      customer: sub.customer,
      subscription_proration_date: at,
      currency: sub.currency,
      subtotal: amounts.subtotal,
      total: amounts.total,
      total_taxes: amounts.totalTaxes,
      amount_due: Math.max(0, amounts.total),
      period_start: next.start,
      period_end: next.end,
      lines: {
        object: 'list',
        has_more: false,
        data: invoiced.map((line) => ({
          object: 'line_item',
          amount: line.amount,
          description: line.description,
          period: line.period,
          parent: { subscription_item_details: { proration: true, subscription: sub.id } },
        })),
      },
    };
  }

  /**
   * The `items` part of `POST /v1/subscriptions/{id}`: applies the new price, invoices the
   * proration when asked (charging the saved card), or answers the card's 402 and leaves
   * the subscription as it was. Answers the previous values for the update event.
   */
  function changeItems(
    sub: FakeSubscription,
    params: Stripe.SubscriptionUpdateParams,
  ): Record<string, unknown> {
    const change = changedItem(sub, params.items, 'items');
    const at = prorationDateOf(sub, params.proration_date);
    const behaviour = params.proration_behavior ?? 'create_prorations';
    if (behaviour === 'create_prorations') {
      throw invalidRequest(
        'The fake invoices prorations at once (always_invoice) or not at all (none).',
        undefined,
        'proration_behavior',
      );
    }
    const { lines, next, resets } = linesOf(sub, change, at);
    const previous = { items: copy(sub.items), latest_invoice: sub.latest_invoice };
    const apply = () => {
      change.item.price = change.price;
      change.item.quantity = change.quantity;
      change.item.tax_rates = change.rates;
      if (resets) {
        sub.billing_cycle_anchor = next.start;
        change.item.current_period_start = next.start;
        change.item.current_period_end = next.end;
      }
    };
    if (behaviour === 'none') {
      apply();
      return previous;
    }
    const { invoices, intents } = parts();
    const amounts = amountsOfLines(lines);
    const methodId = sub.default_payment_method ? String(sub.default_payment_method) : null;
    const method = methodId ? (state.objects.get(methodId) as FakePaymentMethod | undefined) : null;
    if (amounts.total > 0) {
      const behaviourOfCard = method ? (state.behaviours.get(method.id) ?? 'succeeds') : 'declined';
      const decline = declineOf(behaviourOfCard, { offSession: true, saved: true });
      if (decline && params.payment_behavior === 'error_if_incomplete') {
        // Nothing changes: no invoice, the old price (pending-updates guide).
        throw new FakeStripeError(402, { type: 'card_error', ...decline });
      }
    }
    apply();
    const invoice = invoices.createInvoice(
      sub,
      'subscription_update',
      next.start,
      next.end,
      false,
      amounts,
    );
    sub.latest_invoice = invoice.id;
    if (amounts.total <= 0) {
      invoice.amount_due = 0;
      invoices.payInvoice(invoice, null);
    } else if (method) {
      intents.succeedPaymentIntent(invoices.invoiceIntent(invoice, 'Subscription update'), method);
    }
    return previous;
  }

  return { createPreview, changeItems };
}

/** The fake's prorated subscription changes. */
export type FakeProrations = ReturnType<typeof createFakeProrations>;
