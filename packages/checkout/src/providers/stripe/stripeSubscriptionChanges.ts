// Plan changes of a subscription Stripe Billing renews (issue 22.1), as Stripe's guide to
// changing prices describes (https://docs.stripe.com/billing/subscriptions/change-price and
// https://docs.stripe.com/billing/subscriptions/prorations):
//
// - The preview is `invoices.createPreview` with the subscription, its one item's new price
//   and `proration_date` = the instant the engine signed into the confirmation, with
//   `proration_behavior: 'always_invoice'`: its total is what the change costs (or credits)
//   now, to the cent, as Stripe will invoice it.
// - An upgrade (and a downgrade applied now) is `subscriptions.update` with the same item,
//   `proration_behavior: 'always_invoice'` and the same `proration_date`, so Stripe
//   invoices the previewed amounts at once, and `payment_behavior: 'error_if_incomplete'`:
//   a refused card fails the update (402) and leaves the subscription as it was
//   (https://docs.stripe.com/billing/subscriptions/pending-updates). A credit goes to the
//   customer's balance at Stripe, which Stripe takes off the next invoices.
// - A downgrade at the period's end is `subscriptions.update` with
//   `proration_behavior: 'none'`: nothing is invoiced now, and Stripe bills the new price
//   from the next renewal on ("the customer is billed the full amount at the new price when
//   the next invoice is generated"). Simpler than a subscription schedule, and the engine
//   keeps the change pending until that renewal (undoing it puts the old price back the
//   same way).
//
// Amounts are read from Stripe's answer (Stripe keeps the truth): the engine confirms only
// when they equal what the preview showed.

import Stripe from 'stripe';
import type {
  SubscriptionChangeAmounts,
  SubscriptionChangeInput,
  SubscriptionChangeOutcome,
} from '../types.js';
import type { TaxedLine } from './stripeTaxRates.js';

interface Deps {
  productFor(planId: string, name: string): Promise<string>;
  taxedLine(total: number, tax: SubscriptionChangeInput['tax']): Promise<TaxedLine>;
}

type InvoiceAmounts = Pick<Stripe.Invoice, 'subtotal' | 'total' | 'total_taxes'>;

/** An invoice's amounts as the engine's proration has them: net, tax, total. */
export function changeAmountsOf(invoice: InvoiceAmounts): SubscriptionChangeAmounts {
  const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  return { net: invoice.subtotal, tax, total: invoice.total };
}

/** A product's name from the engine's description (`Acme: Pro (monthly)` → `Acme: Pro`). */
const productNameOf = (description: string) =>
  description.replace(/\s*\([^)]*\)\s*$/, '') || description;

/** Previews and makes plan changes at Stripe. */
export function createStripeSubscriptionChanges(stripe: Stripe, deps: Deps) {
  /** The subscription's one item with the new terms' price, as it was made at the checkout. */
  async function itemsOf(input: SubscriptionChangeInput) {
    const sub = await stripe.subscriptions.retrieve(input.subscriptionRef);
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${sub.id} has no item.`);
    const product = await deps.productFor(input.planId, productNameOf(input.description));
    const line = await deps.taxedLine(input.amount, input.tax);
    return [
      {
        id: item.id,
        price_data: {
          currency: input.currency.toLowerCase(),
          product,
          unit_amount: line.unitAmount,
          recurring: { interval: input.interval === 'yearly' ? 'year' : 'month' },
        },
        quantity: 1,
        ...(line.taxRates.length > 0 ? { tax_rates: line.taxRates } : {}),
      } satisfies Stripe.SubscriptionUpdateParams.Item,
    ];
  }

  const seconds = (time: Date) => Math.floor(time.getTime() / 1000);

  async function previewSubscriptionChange(
    input: SubscriptionChangeInput,
  ): Promise<SubscriptionChangeAmounts> {
    const invoice = await stripe.invoices.createPreview({
      subscription: input.subscriptionRef,
      subscription_details: {
        items: await itemsOf(input),
        proration_behavior: input.proration,
        proration_date: seconds(input.prorationDate),
      },
    });
    return changeAmountsOf(invoice);
  }

  async function changeSubscription(
    input: SubscriptionChangeInput & { idempotencyKey: string },
  ): Promise<SubscriptionChangeOutcome> {
    const charges = input.proration === 'always_invoice';
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.update(
        input.subscriptionRef,
        {
          items: await itemsOf(input),
          proration_behavior: input.proration,
          proration_date: seconds(input.prorationDate),
          ...(charges ? { payment_behavior: 'error_if_incomplete' as const } : {}),
          metadata: { plankit_plan: input.planId, plankit_seats: String(input.seats) },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: `${input.idempotencyKey}:update` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', code: error.decline_code ?? error.code ?? 'card_declined' };
      }
      throw error;
    }
    const item = sub.items.data[0];
    const period = item
      ? {
          start: new Date(item.current_period_start * 1000),
          end: new Date(item.current_period_end * 1000),
        }
      : null;
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    if (!charges || !invoice)
      return { status: 'succeeded', net: 0, tax: 0, total: 0, paymentId: null, period };
    const payment = invoice.payments?.data.find((p) => p.payment.payment_intent)?.payment
      .payment_intent;
    return {
      status: 'succeeded',
      ...changeAmountsOf(invoice),
      paymentId: payment ? (typeof payment === 'string' ? payment : payment.id) : invoice.id,
      period,
    };
  }

  return { previewSubscriptionChange, changeSubscription };
}
