// The lifecycle of a subscription, as data, like the checkout session's
// (sessionLifecycle.ts): every state, every event and the state each event leads to. The
// SQL store builds its conditional updates from it; a CHECK lists its states.

import { PlankitError } from '../errors/errors.js';

/** Every state of a subscription. */
export const SUBSCRIPTION_STATES = [
  /** A trial runs; the first charge is due when it ends. */
  'trialing',
  /** Paid for the current period. */
  'active',
  /** The renewal charge failed; it is tried again on a schedule. */
  'past_due',
  /** Ended: canceled by the buyer (at a period's end) or after the last failed retry. */
  'canceled',
] as const;

/** A state of a subscription. */
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Every subscription event and its transitions (one target state each). */
export const SUBSCRIPTION_EVENTS = {
  /** A period was paid (a renewal, or the first charge after a trial). */
  renew: { from: ['trialing', 'active', 'past_due'], to: 'active' },
  /** A renewal charge failed; it will be retried. */
  fail_renewal: { from: ['trialing', 'active', 'past_due'], to: 'past_due' },
  /** It ends (at the end of a period the buyer canceled, or after the last retry). */
  cancel: { from: ['trialing', 'active', 'past_due'], to: 'canceled' },
} as const satisfies Record<
  string,
  { readonly from: readonly SubscriptionState[]; readonly to: SubscriptionState }
>;

/** An event of the subscription lifecycle. */
export type SubscriptionEvent = keyof typeof SUBSCRIPTION_EVENTS;

/** Thrown when an event is applied to a subscription in a state that does not allow it. */
export class SubscriptionLifecycleError extends PlankitError {
  constructor(
    readonly state: SubscriptionState,
    readonly event: SubscriptionEvent,
  ) {
    super('forbidden_transition', `A subscription in state "${state}" cannot take "${event}".`);
    this.name = 'SubscriptionLifecycleError';
  }
}

/** Whether `event` may happen to a subscription in `state`. */
export function canTransitionSubscription(
  state: SubscriptionState,
  event: SubscriptionEvent,
): boolean {
  return (SUBSCRIPTION_EVENTS[event].from as readonly SubscriptionState[]).includes(state);
}

/**
 * The state `event` leads to from `state`.
 * @throws SubscriptionLifecycleError when the event is not allowed in that state.
 */
export function transitionSubscription(
  state: SubscriptionState,
  event: SubscriptionEvent,
): SubscriptionState {
  if (!canTransitionSubscription(state, event)) throw new SubscriptionLifecycleError(state, event);
  return SUBSCRIPTION_EVENTS[event].to;
}

/**
 * When a failed renewal is tried again, in days after the period ended; after the last
 * failure the subscription is canceled.
 */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 5];
