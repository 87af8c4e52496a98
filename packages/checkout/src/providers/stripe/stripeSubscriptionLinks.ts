// Where Stripe says which subscription a payment belongs to and when its period runs, read
// from Stripe's own objects, never from Plankit's metadata or calendar:
// - a PaymentIntent pays an invoice (`GET /v1/invoice_payments?payment[payment_intent]=…`),
//   and the invoice names its subscription in `parent.subscription_details.subscription`
//   (API 2025-03-31.basil and later: invoices lost their `subscription` field);
// - a subscription's period is its items' `current_period_start` / `current_period_end`
//   (moved there from the subscription in the same version).
//
// A trial's SetupIntent is the one link Stripe does not keep (a subscription names its
// `pending_setup_intent` only until it succeeds), so the provider writes the subscription's
// id on it when it creates the subscription (`plankit_subscription`).

import type Stripe from 'stripe';
import type { OpenRenewalPayment, ProviderPeriod } from '../types.js';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A subscription's current period, from its items. */
export function periodOf(subscription: Pick<Stripe.Subscription, 'items'>): ProviderPeriod | null {
  const items = subscription.items.data;
  if (items.length === 0) return null;
  return {
    start: new Date(Math.min(...items.map((item) => item.current_period_start)) * 1000),
    end: new Date(Math.max(...items.map((item) => item.current_period_end)) * 1000),
  };
}

/** The subscription an invoice belongs to, as Stripe names it. */
export const subscriptionOfInvoice = (invoice: Pick<Stripe.Invoice, 'parent'>): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription);

/** Reads the links of one Stripe account. */
export function createStripeSubscriptionLinks(stripe: Stripe) {
  /** The invoice a PaymentIntent pays, if it pays one. */
  async function invoiceOfPayment(paymentIntentId: string): Promise<Stripe.Invoice | null> {
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      expand: ['data.invoice'],
      limit: 1,
    });
    const invoice = payments.data[0]?.invoice;
    return invoice && typeof invoice === 'object' && !('deleted' in invoice && invoice.deleted)
      ? (invoice as Stripe.Invoice)
      : null;
  }

  /** The subscription and its current period, or nulls when there is none. */
  async function subscriptionDetails(
    subscriptionId: string | null,
  ): Promise<{ subscriptionRef: string | null; subscriptionPeriod: ProviderPeriod | null }> {
    if (!subscriptionId) return { subscriptionRef: null, subscriptionPeriod: null };
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    return { subscriptionRef: subscription.id, subscriptionPeriod: periodOf(subscription) };
  }

  /**
   * A renewal's open invoice, on Stripe's hosted invoice page (`hosted_invoice_url`), where
   * the buyer confirms with their bank and pays; null when the latest invoice is not open.
   */
  async function openRenewalPayment(subscriptionId: string): Promise<OpenRenewalPayment | null> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice.payments'],
    });
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice !== 'object' || invoice.status !== 'open') return null;
    if (!invoice.hosted_invoice_url || invoice.amount_due <= 0) return null;
    const payment = invoice.payments?.data.find((p) => p.payment.payment_intent)?.payment
      .payment_intent;
    const intent =
      typeof payment === 'string' ? await stripe.paymentIntents.retrieve(payment) : payment;
    return {
      url: invoice.hosted_invoice_url,
      amount: invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      needsAuthentication: intent?.status === 'requires_action',
    };
  }

  return { invoiceOfPayment, subscriptionDetails, openRenewalPayment };
}

/** The links of one Stripe account. */
export type StripeSubscriptionLinks = ReturnType<typeof createStripeSubscriptionLinks>;
