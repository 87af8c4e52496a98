// A buyer's new card for a Stripe subscription (issue 22.2). The card was saved to the
// subscription's Customer by a SetupIntent (which attaches it when it succeeds); here it
// becomes the subscription's default payment method
// (https://docs.stripe.com/api/subscriptions/update#update_subscription-default_payment_method),
// and an open invoice of a past-due subscription is paid with it at once
// (https://docs.stripe.com/api/invoices/pay): Stripe Billing's webhooks then move the
// subscription on (`invoice.paid`, `customer.subscription.updated`), as for any renewal.

import Stripe from 'stripe';
import type { OpenRenewalPaymentResult, PaymentFailureCode } from '../types.js';

/** A declined `invoices.pay` in the protocol's terms. */
function declineOf(error: Stripe.errors.StripeCardError): PaymentFailureCode {
  // The bank wants the cardholder: the hosted invoice page (the manage page links it) asks.
  if (error.code === 'invoice_payment_intent_requires_action') return 'authentication_failed';
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'expired_card') return 'expired_card';
  return 'card_declined';
}

/** Setting a subscription's card and paying its open invoice, on one Stripe account. */
export function createStripeCardUpdates(stripe: Stripe) {
  return {
    async setSubscriptionPaymentMethod(subscription: string, paymentMethod: string) {
      await stripe.subscriptions.update(subscription, { default_payment_method: paymentMethod });
    },

    async payOpenRenewal(subscription: string): Promise<OpenRenewalPaymentResult> {
      const found = await stripe.subscriptions.retrieve(subscription);
      const latest = found.latest_invoice;
      const invoiceId = typeof latest === 'string' ? latest : latest?.id;
      if (!invoiceId) return { status: 'none' };
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (invoice.status !== 'open' || invoice.amount_due <= 0) return { status: 'none' };
      try {
        // With the subscription's default payment method, the card just set.
        const paid = await stripe.invoices.pay(invoiceId);
        return { status: paid.status === 'paid' ? 'paid' : 'pending' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: 'declined', code: declineOf(error) };
        }
        // Paid meanwhile (the hosted invoice page, a retry of Stripe's): nothing is open.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          (error.code === 'invoice_already_paid' || error.code === 'invoice_not_open')
        ) {
          return { status: 'none' };
        }
        throw error;
      }
    },
  };
}
