// Disputes of the fake Stripe API (https://docs.stripe.com/api/disputes): a buyer's bank
// disputing a succeeded payment, as a test helper (Stripe makes them from test cards and
// the bank's side, never from an API call), with the events Stripe sends:
// `charge.dispute.created` and `charge.dispute.closed` (won, lost or warning_closed).

import { invalidRequest } from './fakeStripeErrors.js';
import type { FakeStripeState } from './fakeStripeState.js';
import { copy, randomId } from './fakeStripeState.js';
import type { FakePaymentIntent } from './fakeStripeTypes.js';

/** A dispute as the fake keeps it: the fields of Stripe's Dispute the kit reads. */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';
  created: number;
}

export function createFakeDisputes(state: FakeStripeState) {
  /** The bank disputes the whole payment of a succeeded intent (`fraudulent` by default). */
  function disputePayment(paymentIntent: string, reason = 'fraudulent'): FakeDispute {
    const intent = state.get<FakePaymentIntent & Record<string, unknown>>(
      paymentIntent,
      'payment_intent',
      'payment_intent',
    );
    if (intent.status !== 'succeeded') {
      throw invalidRequest(`PaymentIntent ${intent.id} has no successful charge to dispute.`);
    }
    const dispute = state.put({
      id: `dp_${randomId()}`,
      object: 'dispute' as const,
      amount: intent.amount_received,
      currency: intent.currency,
      charge: `ch_${intent.id.slice(3)}`,
      payment_intent: intent.id,
      reason,
      status: 'needs_response' as const,
      created: state.nowFor(typeof intent.customer === 'string' ? intent.customer : null),
    });
    state.emit('charge.dispute.created', dispute);
    return copy(dispute);
  }

  /** The dispute is decided: `won` (the money comes back) or `lost`. */
  function closeDispute(id: string, outcome: 'won' | 'lost'): FakeDispute {
    const dispute = state.get<FakeDispute>(id, 'dispute', 'dispute');
    const previous = { status: dispute.status };
    dispute.status = outcome;
    state.emit('charge.dispute.closed', dispute, previous);
    return copy(dispute);
  }

  return { disputePayment, closeDispute };
}
