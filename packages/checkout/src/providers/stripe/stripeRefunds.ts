// Refunds and disputes through Stripe (issue 22.5): `refunds.create` for the engine's refunds, under the
// engine's key, and Stripe's `refund.*` events (the answer to one of ours, by its metadata,
// or a refund made in the Dashboard) in the protocol's terms. What a refund is now is read
// from Stripe by id, as for every other event.

import Stripe from 'stripe';
import type { ProviderEvent, RefundInput, RefundOutcome } from '../types.js';

/** Stripe's refund statuses in the protocol's three. */
function statusOf(status: string | null): 'pending' | 'succeeded' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  // `pending` and `requires_action` (a refund Stripe must still send, by its instructions).
  return 'pending';
}

/** The PaymentIntent an order's payment id names (`cs_…` for a hosted Checkout's). */
async function paymentIntentOf(stripe: Stripe, paymentId: string): Promise<string | null> {
  if (paymentId.startsWith('pi_')) return paymentId;
  if (!paymentId.startsWith('cs_')) return null;
  const session = await stripe.checkout.sessions.retrieve(paymentId, {
    expand: ['invoice'],
  });
  if (typeof session.payment_intent === 'string') return session.payment_intent;
  const invoice = session.invoice as (Stripe.Invoice & { payment_intent?: unknown }) | null;
  return typeof invoice?.payment_intent === 'string' ? invoice.payment_intent : null;
}

/** Refunds (part of) a payment; a refusal (more than remains, already refunded) is `failed`. */
export async function refundAtStripe(stripe: Stripe, input: RefundInput): Promise<RefundOutcome> {
  const paymentIntent = await paymentIntentOf(stripe, input.paymentId);
  if (!paymentIntent) {
    return { status: 'failed', refundRef: null, message: `No Stripe payment ${input.paymentId}.` };
  }
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: input.amount,
        // Stripe's reasons are a closed list; the merchant's own words stay in the metadata.
        metadata: input.reason
          ? { ...input.metadata, plankit_reason: input.reason.slice(0, 500) }
          : input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const status = statusOf(refund.status);
    return status === 'failed'
      ? { status, refundRef: refund.id, message: refund.failure_reason ?? 'refused by Stripe' }
      : { status, refundRef: refund.id };
  } catch (error) {
    // Stripe's answer that nothing can be refunded: a decision, not an outage.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      return { status: 'failed', refundRef: null, message: error.message };
    }
    throw error;
  }
}

/** A `refund.*` event as the protocol's `refund.updated`, the refund read again by id. */
export async function refundEventOf(stripe: Stripe, event: Stripe.Event): Promise<ProviderEvent[]> {
  const { id } = event.data.object as { id: string };
  const refund = await stripe.refunds.retrieve(id);
  const paymentIntent =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!paymentIntent) return [];
  return [
    {
      id: event.id,
      type: 'refund.updated',
      refundRef: refund.id,
      paymentId: paymentIntent,
      amount: refund.amount,
      currency: refund.currency.toUpperCase(),
      status: statusOf(refund.status),
      reason: refund.metadata?.plankit_reason ?? refund.reason ?? null,
      plankitRefundId: refund.metadata?.plankit_refund ?? null,
      failureMessage: refund.failure_reason ?? null,
    },
  ];
}

/** Stripe's dispute statuses that end one. */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);

/** A `charge.dispute.*` event as the protocol's `dispute.updated`, read again by id. */
export async function disputeEventOf(
  stripe: Stripe,
  event: Stripe.Event,
): Promise<ProviderEvent[]> {
  const { id } = event.data.object as { id: string };
  const dispute = await stripe.disputes.retrieve(id);
  const paymentIntent =
    typeof dispute.payment_intent === 'string'
      ? dispute.payment_intent
      : (dispute.payment_intent?.id ?? null);
  if (!paymentIntent) return [];
  return [
    {
      id: event.id,
      type: 'dispute.updated',
      disputeRef: dispute.id,
      paymentId: paymentIntent,
      amount: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      reason: dispute.reason ?? null,
      status: dispute.status,
      closed: CLOSED_DISPUTE.has(dispute.status),
    },
  ];
}
