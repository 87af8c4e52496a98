// Refunds of the fake Stripe API (https://docs.stripe.com/api/refunds): create one for a
// succeeded PaymentIntent, in full (the rest) or in part, never more than remains
// (`amount_too_large`), a fully refunded one refused (`charge_already_refunded`); in test
// mode a card refund succeeds at once. Each emits `refund.created` and `charge.refunded`
// (the charge with its `amount_refunded`), as Stripe does; a refund made in the Dashboard is
// the same call without the kit's metadata (`refundFromDashboard`).

import { invalidRequest } from './fakeStripeErrors.js';
import type { FakeStripeState } from './fakeStripeState.js';
import { copy, randomId } from './fakeStripeState.js';
import type { FakePaymentIntent } from './fakeStripeTypes.js';

/** A refund as the fake keeps it: the fields of Stripe's Refund the kit reads. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** What `POST /v1/refunds` takes (the parameters the fake reads). */
export interface RefundParams {
  payment_intent?: string;
  amount?: number | string;
  reason?: string;
  metadata?: Record<string, string>;
}

/** The charge a PaymentIntent made, as `charge.refunded` carries it. */
const chargeIdOf = (intent: FakePaymentIntent) => `ch_${intent.id.slice(3)}`;

export function createFakeRefunds(state: FakeStripeState) {
  /** What was refunded of an intent so far (refunds not failed). */
  const refundedOf = (intentId: string) =>
    [...state.objects.values()]
      .filter((o): o is FakeRefund & Record<string, unknown> => o.object === 'refund')
      .filter(
        (r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled',
      )
      .reduce((sum, r) => sum + r.amount, 0);

  function createRefund(params: RefundParams): FakeRefund {
    if (!params.payment_intent) {
      throw invalidRequest(
        'One of `charge` or `payment_intent` is required.',
        undefined,
        'payment_intent',
      );
    }
    const intent = state.get<FakePaymentIntent & Record<string, unknown>>(
      params.payment_intent,
      'payment_intent',
      'payment_intent',
      'payment_intent',
    );
    if (intent.status !== 'succeeded') {
      throw invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'charge_not_refundable',
        'payment_intent',
      );
    }
    const remaining = intent.amount_received - refundedOf(intent.id);
    if (remaining <= 0) {
      throw invalidRequest(
        `Charge ${chargeIdOf(intent)} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund = state.put({
      id: `re_${randomId()}`,
      object: 'refund' as const,
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: chargeIdOf(intent),
      status: 'succeeded' as const,
      reason: params.reason ?? null,
      metadata: { ...(params.metadata ?? {}) },
      created: state.nowFor(typeof intent.customer === 'string' ? intent.customer : null),
    });
    state.emit('refund.created', refund);
    // Stripe's Charge, the fields a receiver reads (the fake keeps no charges of its own).
    const charge = {
      id: chargeIdOf(intent),
      object: 'charge',
      amount: intent.amount_received,
      amount_refunded: intent.amount_received - remaining + amount,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      refunded: intent.amount_received - remaining + amount >= intent.amount_received,
    };
    state.emit('charge.refunded', charge as unknown as Parameters<typeof state.emit>[1]);
    return copy(refund);
  }

  return {
    createRefund,
    /** A refund made in Stripe's Dashboard: no metadata of the kit's. */
    refundFromDashboard: (paymentIntent: string, amount?: number) =>
      createRefund({ payment_intent: paymentIntent, ...(amount === undefined ? {} : { amount }) }),
  };
}
