// The lifecycle of a checkout session, as data: every state, every event and the one state
// each event leads to. The engine computes every status change with `transition()`, the
// SQL store builds its conditional updates from `SESSION_EVENTS`, and the database holds a
// copy of the table that a trigger checks every status change against (store/sql/
// migrations.ts). A test walks every (state, event) pair. The diagram is in
// docs/ARCHITECTURE.md, "The checkout lifecycle".

import { PlankitError } from '../errors/errors.js';

/** Every state of a checkout session. */
export const SESSION_STATES = [
  /** Created; no payment attempt runs. */
  'open',
  /** A payment attempt runs, or its outcome is not known yet (the provider may still settle it). */
  'processing',
  /** The provider waits for the buyer elsewhere (a bank's authentication page). */
  'requires_action',
  /** Paid, or started at no cost (a free plan): an order exists. */
  'paid',
  /** A trial started: an order and a trialing subscription exist, nothing was charged. */
  'trialing',
  /** The last attempt failed (declined, not authenticated); another attempt may start. */
  'failed',
  /** Nobody paid it in time. */
  'expired',
  /** Paid, then refunded in full. */
  'refunded',
  /** Ended by the buyer or the merchant before it was paid. */
  'canceled',
] as const;

/** A state of a checkout session. */
export type SessionState = (typeof SESSION_STATES)[number];

/** One event: the states it may happen in and the state it leads to. */
export interface SessionEventRule {
  readonly from: readonly SessionState[];
  readonly to: SessionState;
}

/**
 * Every event and its transitions. Each event has exactly one target state, so a store
 * can apply it as one conditional update: `SET status = to WHERE status IN (from)`.
 */
export const SESSION_EVENTS = {
  /** A payment attempt starts (the first, or a retry after a failure). */
  pay: { from: ['open', 'failed'], to: 'processing' },
  /** The provider needs the buyer on another page first (3-D Secure). */
  require_action: { from: ['processing'], to: 'requires_action' },
  /** The buyer is back from that page, and the provider has not decided yet. */
  resume: { from: ['requires_action'], to: 'processing' },
  /**
   * The provider took the money (or nothing was due: a free plan). Also after a failure of
   * the same attempt: when the provider says its payment went through after all (a webhook
   * out of order), the money was taken and the order must exist.
   */
  succeed: { from: ['open', 'processing', 'requires_action', 'failed'], to: 'paid' },
  /** A trial started (also after a failure of the same attempt, as `succeed`). */
  start_trial: { from: ['open', 'processing', 'requires_action', 'failed'], to: 'trialing' },
  /** The attempt failed; nothing was charged. */
  fail: { from: ['processing', 'requires_action'], to: 'failed' },
  /** Its time ran out before anything was charged. */
  expire: { from: ['open', 'failed', 'requires_action'], to: 'expired' },
  /** The payment was refunded in full. */
  refund: { from: ['paid'], to: 'refunded' },
  /** Ended before it was paid. */
  cancel: { from: ['open', 'failed', 'requires_action'], to: 'canceled' },
} as const satisfies Record<string, SessionEventRule>;

/** An event of the checkout lifecycle. */
export type SessionEvent = keyof typeof SESSION_EVENTS;

/** Every event name, in table order. */
export const SESSION_EVENT_NAMES = Object.keys(SESSION_EVENTS) as SessionEvent[];

/** States no event leaves: the checkout is over. */
export const FINAL_STATES: readonly SessionState[] = SESSION_STATES.filter(
  (state) => !SESSION_EVENT_NAMES.some((event) => canTransition(state, event)),
);

/** The events that complete a checkout: an order (and a subscription) is written with them. */
const COMPLETING_EVENTS: readonly SessionEvent[] = ['succeed', 'start_trial'];

/** The states a completing event leads to, and every state reachable from those. */
function completedStates(): Set<SessionState> {
  const reached = new Set<SessionState>(COMPLETING_EVENTS.map((event) => SESSION_EVENTS[event].to));
  for (const state of reached) {
    for (const event of SESSION_EVENT_NAMES) {
      if (canTransition(state, event)) reached.add(SESSION_EVENTS[event].to);
    }
  }
  return reached;
}

/**
 * Final states of a checkout that never completed: no order and no subscription can exist.
 * Retention deletes sessions in these states once they are old enough (expired, canceled).
 */
export const ENDED_UNPAID_STATES: readonly SessionState[] = FINAL_STATES.filter(
  (state) => !completedStates().has(state),
);

/** Thrown when an event is applied in a state that does not allow it. */
export class LifecycleError extends PlankitError {
  readonly state: SessionState;
  readonly event: SessionEvent;

  constructor(state: SessionState, event: SessionEvent) {
    super(
      'forbidden_transition',
      `A checkout session in state "${state}" cannot take the event "${event}".`,
    );
    this.name = 'LifecycleError';
    this.state = state;
    this.event = event;
  }
}

/** Whether `event` may happen to a session in `state`. */
export function canTransition(state: SessionState, event: SessionEvent): boolean {
  return (SESSION_EVENTS[event].from as readonly SessionState[]).includes(state);
}

/**
 * The state `event` leads to from `state`.
 * @throws LifecycleError when the event is not allowed in that state.
 */
export function transition(state: SessionState, event: SessionEvent): SessionState {
  if (!canTransition(state, event)) throw new LifecycleError(state, event);
  return SESSION_EVENTS[event].to;
}

/** Whether a value is one of {@link SESSION_STATES}. */
export function isSessionState(value: unknown): value is SessionState {
  return (SESSION_STATES as readonly unknown[]).includes(value);
}

/** Every allowed (from, to) pair with its event, for the database's copy of the table. */
export function lifecycleTransitions(): {
  event: SessionEvent;
  from: SessionState;
  to: SessionState;
}[] {
  return SESSION_EVENT_NAMES.flatMap((event) =>
    SESSION_EVENTS[event].from.map((from) => ({ event, from, to: SESSION_EVENTS[event].to })),
  );
}
