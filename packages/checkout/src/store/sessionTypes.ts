// What the store's checkout-session operations take and return (`CheckoutStore`:
// startAttempt, applyEvent, getSessionRecord…).

import type { SessionEvent } from '../lifecycle/sessionLifecycle.js';
import type { CompletionRecord } from './orderTypes.js';
import type { CheckoutSession, Order, SessionSelection, Subscription } from './records.js';

/** A new session, stored when no session has its idempotency key yet. */
export interface NewSession extends SessionSelection {
  id: string;
  idempotencyKey: string;
  visitorHash: string | null;
  /** How long it can be paid, from the database's now. */
  ttlMs: number;
}

/** What {@link CheckoutStore.startAttempt} is asked to do. */
export interface StartAttemptInput {
  /** Stored when no session has `session.idempotencyKey`; its selection also prices a retry. */
  session: NewSession;
  /**
   * The caller's visitor hash. A stored session bound to another visitor is left alone
   * (outcome `foreign`); one bound to nobody (made without JavaScript) is anyone's.
   */
  visitorHash: string | null;
  /** How long the caller holds the attempt before others may resume it. */
  leaseMs: number;
  /** Window over which recent payment failures are counted (for the throttle). */
  failureWindowMs: number;
  /** The caller's client key, counted in {@link RecentFailures.forClient}. */
  clientKey: string | null;
  /** The buyer's email key, counted in {@link RecentFailures.forEmail}. */
  emailKey: string | null;
}

/**
 * How {@link CheckoutStore.startAttempt} went:
 * - `created`: a new session, already `processing` with attempt 1;
 * - `retried`: an `open` or `failed` session, now `processing` with the next attempt and
 *   the new selection (lifecycle event `pay`);
 * - `resumed`: a `processing` session whose lease ran out, taken over with the same attempt
 *   and the stored selection, so the provider sees the same key and amount again;
 * - `held`: someone else holds the current attempt;
 * - `unavailable`: the session cannot start an attempt (paid, waiting for the buyer,
 *   expired, or past its expiry);
 * - `foreign`: the session belongs to another visitor; nothing was changed.
 */
export type StartAttemptOutcome =
  | 'created'
  | 'retried'
  | 'resumed'
  | 'held'
  | 'unavailable'
  | 'foreign';

/** Payment failures within the window, for the card-testing throttle. */
export interface RecentFailures {
  forSession: number;
  forClient: number;
  /** For the buyer's email, across sessions and addresses. */
  forEmail: number;
  overall: number;
  /** The oldest failure counted for the session, the client or the email. */
  oldest: Date | null;
  /** The oldest failure counted overall. */
  oldestOverall: Date | null;
}

/** What {@link CheckoutStore.startAttempt} returns. */
export interface StartAttemptResult {
  outcome: StartAttemptOutcome;
  /** The session as stored after the call. */
  session: CheckoutSession;
  failures: RecentFailures;
  /** The database's time of the call. */
  now: Date;
}

/** A lifecycle event to apply to one session, with what it records. */
export interface SessionUpdate {
  sessionId: string;
  event: SessionEvent;
  /**
   * Applies only while this is the session's current attempt, so a slow request cannot
   * settle an attempt that a retry has replaced. Omit for events that end a session
   * whatever its attempt (expiry).
   */
  attempt?: number;
  /** The provider's id of the payment, when known. */
  providerPaymentId?: string | null;
  /** Where the buyer must go (`require_action`). */
  actionUrl?: string | null;
  /** Why the attempt failed (`fail`). */
  failure?: { code: string; message: string };
  /** Written in the same statement as the status change (`succeed`, `start_trial`). */
  completion?: CompletionRecord;
  /** Counts the failure against the throttle, in the same statement (`fail` by a decline). */
  logFailure?: { clientKey: string | null; emailKey: string | null };
  /** A new lease for the attempt (`resume`); other events end the lease. */
  leaseMs?: number;
}

/** A session with its order and subscription, read together (the finish step). */
export interface SessionRecord {
  session: CheckoutSession;
  order: Order | null;
  subscription: Subscription | null;
  /** Whether the session is past its expiry by the database's clock. */
  expired: boolean;
}
