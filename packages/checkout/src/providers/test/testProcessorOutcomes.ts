import type { CardBehaviour } from './testCards.js';

/** What the test processor is asked to do with a payment method. */
export type IntentKind =
  /** Take the amount now, the buyer present (the plan step, the hosted page). */
  | 'payment'
  /** Save the method for later without charging (a trial). */
  | 'setup'
  /** Charge a saved method, the buyer absent (a renewal). */
  | 'charge';

/** The states of a test processor intent (Stripe's names, so the mapping stays familiar). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** What a confirmation leads to: a status, and for a refusal, why. */
export interface ConfirmOutcome {
  status: IntentStatus;
  error: 'card_declined' | 'insufficient_funds' | null;
}

/**
 * Every card behaviour's outcome for every kind of intent: the test card table as data, read
 * by the processor's SQL (one statement per confirmation). A refused payment goes back to
 * `requires_payment_method` with its error, as a real processor's does, so its hosted page
 * can take another card.
 */
export const CONFIRM_OUTCOMES: Record<IntentKind, Record<CardBehaviour, ConfirmOutcome>> = {
  payment: {
    succeeds: { status: 'succeeded', error: null },
    declined: { status: 'requires_payment_method', error: 'card_declined' },
    insufficient_funds: { status: 'requires_payment_method', error: 'insufficient_funds' },
    authenticate: { status: 'requires_action', error: null },
    declines_after_saving: { status: 'requires_payment_method', error: 'card_declined' },
  },
  setup: {
    succeeds: { status: 'succeeded', error: null },
    declined: { status: 'requires_payment_method', error: 'card_declined' },
    // Saving a card checks it, not its balance.
    insufficient_funds: { status: 'succeeded', error: null },
    authenticate: { status: 'requires_action', error: null },
    declines_after_saving: { status: 'succeeded', error: null },
  },
  charge: {
    succeeds: { status: 'succeeded', error: null },
    declined: { status: 'requires_payment_method', error: 'card_declined' },
    insufficient_funds: { status: 'requires_payment_method', error: 'insufficient_funds' },
    // Authenticated when it was saved: later charges go through.
    authenticate: { status: 'succeeded', error: null },
    declines_after_saving: { status: 'requires_payment_method', error: 'card_declined' },
  },
};

/** The table as SQL `VALUES` rows (kind, behaviour, status, error); constants, never input. */
export function outcomeRowsSql(): string {
  const literal = (value: string | null) => (value === null ? 'NULL' : `'${value}'`);
  return Object.entries(CONFIRM_OUTCOMES)
    .flatMap(([kind, byBehaviour]) =>
      Object.entries(byBehaviour).map(
        ([behaviour, outcome]) =>
          `(${literal(kind)}, ${literal(behaviour)}, ${literal(outcome.status)}, ${literal(outcome.error)})`,
      ),
    )
    .join(', ');
}
