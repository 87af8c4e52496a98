// Stripe's webhook events in the provider protocol's terms. What an intent or subscription
// is now is read from Stripe by id, never from the event's copy: events arrive late, twice
// or out of order, and the latest state is the one to settle on.

import type Stripe from 'stripe';
import type { IntentOutcome, ProviderEvent } from '../types.js';
import { subscriptionStatusOf } from './stripeOutcomes.js';
import { disputeEventOf, refundEventOf } from './stripeRefunds.js';
import { periodOf, subscriptionOfInvoice } from './stripeSubscriptionLinks.js';

/** Maps the events of one Stripe account; `retrieve` reads an intent's outcome by id. */
export function createStripeWebhookEvents(
  stripe: Stripe,
  retrieve: (intentId: string) => Promise<IntentOutcome>,
) {
  /**
   * A verified Stripe event in the protocol's terms. What an intent or subscription is now
   * is read from Stripe by id, never from the event's copy: events arrive late, twice or out
   * of order, and the latest state is the one to settle on.
   */
  async function eventsOf(event: Stripe.Event): Promise<ProviderEvent[]> {
    const object = event.data.object as { id: string; object: string };
    const intentEvent = async (intentId: string, id = event.id): Promise<ProviderEvent[]> => [
      { id, type: 'intent.updated', intentId, outcome: await retrieve(intentId) },
    ];
    if (event.type.startsWith('payment_intent.') || event.type.startsWith('setup_intent.')) {
      return intentEvent(object.id);
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return intentEvent(object.id);
      case 'invoice.paid':
      case 'invoice.payment_action_required':
      case 'invoice.payment_failed': {
        // Read again, with its payments (an includable field events never carry).
        const invoice = await stripe.invoices.retrieve(object.id, { expand: ['payments'] });
        const subscriptionId = subscriptionOfInvoice(invoice);
        if (!subscriptionId) return [];
        const events: ProviderEvent[] = [];
        if (invoice.billing_reason === 'subscription_create') {
          // The first invoice: its payment is the checkout's own intent. Settling it here
          // makes the order whichever of this, `payment_intent.succeeded` and
          // `customer.subscription.created` comes first.
          const payment = invoice.payments?.data.find((p) => p.payment.payment_intent)?.payment
            .payment_intent;
          const paymentId = typeof payment === 'string' ? payment : payment?.id;
          if (paymentId) events.push(...(await intentEvent(paymentId, `${event.id}:intent`)));
        }
        const renewal =
          event.type === 'invoice.paid' && invoice.billing_reason === 'subscription_cycle'
            ? { amount: invoice.amount_paid, paymentId: invoice.id }
            : null;
        const update = await subscriptionEvent(event.id, subscriptionId, renewal);
        // A renewal the buyer must confirm (https://docs.stripe.com/billing/subscriptions/overview#requires-action)
        // is past due until they do: the buyer hears of it, and the manage page shows
        // Stripe's page to confirm and pay it (`openRenewalPayment`).
        const unpaid =
          event.type === 'invoice.payment_failed' ||
          event.type === 'invoice.payment_action_required';
        if (update && unpaid && invoice.status === 'open' && update.status !== 'canceled') {
          update.status = 'past_due';
        }
        if (update) events.push(update);
        return events;
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return refundEventOf(stripe, event);
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        return disputeEventOf(stripe, event);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const update = await subscriptionEvent(event.id, object.id, null);
        return update ? [update] : [];
      }
      default:
        return [];
    }
  }

  async function subscriptionEvent(
    id: string,
    subscriptionId: string,
    renewal: { amount: number; paymentId: string } | null,
  ): Promise<Extract<ProviderEvent, { type: 'subscription.updated' }> | null> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const status = subscriptionStatusOf(subscription.status);
    const period = periodOf(subscription);
    if (!status || !period) return null;
    return {
      id,
      type: 'subscription.updated',
      subscriptionRef: subscription.id,
      status,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      renewal,
    };
  }

  return { eventsOf };
}
