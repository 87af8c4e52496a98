// Canceling what an attempt made at Stripe, as Stripe allows it: a subscription's first
// invoice is voided (Stripe cancels an invoice's PaymentIntent no other way) and the
// subscription canceled; a trial waiting for its card is canceled with its SetupIntent; any
// other intent is canceled itself. What succeeded is left alone.

import type Stripe from 'stripe';
import type { StripeSubscriptionLinks } from './stripeSubscriptionLinks.js';
import { subscriptionOfInvoice } from './stripeSubscriptionLinks.js';

/** Cancels the unfinished intents of one Stripe account and what they pay for. */
export function createStripeCancellation(stripe: Stripe, links: StripeSubscriptionLinks) {
  /** Cancels a subscription that has not started for good (no payment, or no card). */
  async function cancelSubscription(id: string) {
    const subscription = await stripe.subscriptions.retrieve(id);
    if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
      await stripe.subscriptions.cancel(id);
    }
  }

  /**
   * An unpaid PaymentIntent and what it pays for: a subscription's first invoice is voided
   * (which cancels its PaymentIntent; Stripe cancels an invoice's payment no other way) and
   * the subscription canceled; any other PaymentIntent is canceled itself.
   */
  async function cancelPayment(id: string) {
    const intent = await stripe.paymentIntents.retrieve(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return;
    const invoice = await links.invoiceOfPayment(id);
    if (!invoice) {
      await stripe.paymentIntents.cancel(id);
      return;
    }
    const subscription = subscriptionOfInvoice(invoice);
    if (subscription) await cancelSubscription(subscription);
    if (invoice.status === 'open') await stripe.invoices.voidInvoice(invoice.id);
  }

  /** An unfinished SetupIntent, and the trial that waits for its card. */
  async function cancelSetup(id: string) {
    const intent = await stripe.setupIntents.retrieve(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return;
    const subscription = intent.metadata?.plankit_subscription;
    if (subscription) await cancelSubscription(subscription);
    await stripe.setupIntents.cancel(id);
  }

  return { cancelPayment, cancelSetup };
}
