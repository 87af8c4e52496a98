import type { BillingInterval } from '../catalog/constants.js';
import type { CheckoutEvent } from '../events/types.js';
import type { SessionEvent } from '../lifecycle/sessionLifecycle.js';
import type { SubscriptionEvent } from '../lifecycle/subscriptionLifecycle.js';
import type {
  CheckoutSession,
  Order,
  PaymentMethodShown,
  SessionSelection,
  Subscription,
} from './records.js';

export type {
  BusinessBuyer,
  CheckoutSession,
  Order,
  PaymentMethodShown,
  SessionSelection,
  Subscription,
} from './records.js';
export type { SqlClient, SqlQueryable } from './sqlClient.js';

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

/** Who tried a promo code: keyed hashes, never the address or the key in the clear. */
export interface PromoFailureInput {
  clientKey: string | null;
  checkoutKey: string | null;
  windowMs: number;
}

/** Promo failures within the window, and the oldest of them (for "try again in N min"). */
export interface PromoFailureCounts {
  forClient: number;
  forCheckout: number;
  oldest: Date | null;
  now: Date;
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

/** The order and subscription a session yields when it completes; dates are the store's. */
export interface CompletionRecord {
  order: Omit<
    Order,
    | 'id'
    | 'createdAt'
    | 'sessionId'
    | 'providerPaymentId'
    | 'kind'
    | 'subscriptionId'
    | 'periodEnd'
    | 'paymentMethod'
    // Copied from the session by the store, in the statement that writes the order.
    | 'business'
  > & {
    /** The card it was paid (or saved) with, when the provider said. */
    paymentMethod?: PaymentMethodShown | null;
  };
  subscription: {
    planId: string;
    interval: BillingInterval;
    seats: number;
    email: string;
    /** Charged every period (the quote's total) in `currency`. */
    amount: number;
    currency: string;
    /** Days of trial; the subscription starts `trialing` and its period ends with the trial. */
    trialDays: number | null;
    /** Who renews it; the engine charges `paymentMethodId` of `customerRef` when it does. */
    renewedBy: 'engine' | 'provider';
    paymentMethodId?: string | null;
    customerRef?: string | null;
    /** The provider's own subscription, when it renews. */
    providerSubscriptionRef?: string | null;
  };
}

/** An order read with its checkout session and subscription (the receipt page). */
export interface OrderRecord {
  order: Order;
  session: CheckoutSession;
  subscription: Subscription | null;
}

/** A way events leave the outbox: in-process handlers, outgoing webhooks, the buyer's emails. */
export type EventChannel = 'handlers' | 'webhook' | 'email';

/** An event taken for delivery on one channel (see {@link CheckoutStore.claimEventDeliveries}). */
export interface EventDelivery {
  event: CheckoutEvent;
  channel: EventChannel;
  /** Attempts made before this one. */
  attempts: number;
}

/** What came of one delivery attempt. */
export interface DeliveryAttempt {
  eventId: string;
  channel: EventChannel;
  /** Delivered: the receiver took it (a 2xx, the SMTP server accepted it, the handlers returned). */
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  statusCode?: number | null;
  /** Why it failed, for the attempts log (never a secret). */
  error?: string | null;
  /** When it failed: try again this long from now; null or absent gives up (`failed`). */
  retryInMs?: number | null;
}

/** Which events to list or deliver again. */
export interface EventFilter {
  /** These events. */
  ids?: readonly string[];
  /** Events created at or after this time. */
  since?: Date;
  /** At most this many, oldest first (default 1000). */
  limit?: number;
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

/** What became of one renewal attempt of a subscription, to record. */
export interface SubscriptionUpdate {
  subscriptionId: string;
  /** `renew` (paid), `fail_renewal` (retry later) or `cancel` (ends it now). */
  event: SubscriptionEvent;
  /**
   * Applies only while the subscription's period still ends at this time (and, for a failed
   * renewal, this many attempts were recorded): exactly once per period and attempt.
   */
  periodEnd: Date;
  renewalAttempt: number;
  /** For `fail_renewal`: when to try again. */
  nextAttemptAt?: Date | null;
  /** For `renew`: the renewal's order (amounts are the subscription's own). */
  renewal?: {
    reference: string;
    providerPaymentId: string | null;
    paymentMethod: PaymentMethodShown | null;
  };
}

/** A session with its order and subscription, read together (the finish step). */
export interface SessionRecord {
  session: CheckoutSession;
  order: Order | null;
  subscription: Subscription | null;
  /** Whether the session is past its expiry by the database's clock. */
  expired: boolean;
}

/**
 * The store's clock: the database's time, which every host sharing the store agrees on.
 * In test mode it can travel forward (or stand still) for every process at once.
 */
export interface StoreClock {
  /** The store's current time. */
  now(): Promise<Date>;
  /**
   * Moves the clock to `to`. Time runs on from there, or stands still with `freeze`.
   * For tests and the test clock only: never call it against a live store.
   */
  travel(to: Date, options?: { freeze?: boolean }): Promise<void>;
  /** Back to the database server's own time. */
  reset(): Promise<void>;
  /**
   * Calls `listener` after every `travel` or `reset` made through this object (and awaits
   * it), so an engine in the same process follows at once; returns an unsubscribe function.
   */
  onChange(listener: () => Promise<void> | void): () => void;
}

/**
 * Durable storage for the checkout engine. Every state change is one conditional statement
 * whose condition comes from the lifecycle (`SESSION_EVENTS`), so concurrent callers, in
 * one process or many sharing a database, cannot both win. Run the store contract suite
 * (`describeStoreContract` from `@plankit/checkout/testing`) against an implementation.
 */
export interface CheckoutStore {
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  readonly clock: StoreClock;
  /**
   * Creates the session under its idempotency key and starts its first payment attempt,
   * or starts the next attempt on the existing one, or resumes an attempt whose lease ran
   * out; also counts recent failures. One round trip.
   */
  startAttempt(input: StartAttemptInput): Promise<StartAttemptResult>;
  /**
   * Applies a lifecycle event. Returns the session as stored afterwards, or null when the
   * session is not in a state the event allows, or `attempt` is no longer current.
   */
  applyEvent(update: SessionUpdate): Promise<CheckoutSession | null>;
  /**
   * Ends the lease of a running attempt now (the provider failed to answer), so a retry or
   * the sweep may resume it at once. Returns whether it was still held.
   */
  releaseLease(sessionId: string, attempt: number): Promise<boolean>;
  getSession(id: string): Promise<CheckoutSession | null>;
  getSessionByIdempotencyKey(key: string): Promise<CheckoutSession | null>;
  /**
   * The session with its order and subscription, in one query. With `bindVisitorHash`, a
   * session that no browser owns yet (made without JavaScript) is bound to it first; only
   * the first binding wins.
   */
  getSessionRecord(
    id: string,
    options?: { bindVisitorHash?: string | null },
  ): Promise<SessionRecord | null>;
  /**
   * Takes over up to `limit` attempts whose lease ran out (oldest first) for another
   * `leaseMs`, skipping any another process is taking at the same moment.
   */
  claimStaleAttempts(limit: number, leaseMs: number): Promise<CheckoutSession[]>;
  /**
   * Applies `expire` to every `open` or `failed` session past its expiry. Returns how many.
   * Sessions waiting for the buyer are not touched: their intent is canceled at the provider
   * first ({@link CheckoutStore.listExpiredWaiting}).
   */
  expireSessions(): Promise<number>;
  /** Up to `limit` sessions waiting for the buyer (`requires_action`) past their expiry. */
  listExpiredWaiting(limit: number): Promise<CheckoutSession[]>;
  /**
   * Records the provider's intent of the session's current attempt before it is confirmed,
   * so a crash is settled by asking about it. Returns whether the attempt was still current.
   */
  recordIntent(sessionId: string, attempt: number, intentId: string): Promise<boolean>;
  /** The session whose current or last attempt is this provider intent. */
  getSessionByIntent(intentId: string): Promise<CheckoutSession | null>;
  /**
   * Records a provider's webhook event as handled; false when it was recorded before (a
   * repeat, to be ignored).
   */
  recordProviderEvent(provider: string, eventId: string): Promise<boolean>;
  /** Whether a provider's webhook event was recorded as handled. */
  hasProviderEvent(provider: string, eventId: string): Promise<boolean>;
  /**
   * Takes up to `limit` subscriptions the engine renews whose charge is due (a period's end
   * or a retry), for `leaseMs`, skipping any another process is taking.
   */
  claimDueRenewals(limit: number, leaseMs: number): Promise<Subscription[]>;
  /**
   * Records a renewal attempt's outcome (with the renewal's order, for `renew`). Null when
   * the period or attempt moved on (another process recorded it first).
   */
  applySubscriptionEvent(update: SubscriptionUpdate): Promise<Subscription | null>;
  /** Ends every subscription the buyer canceled whose period is over; returns them. */
  endCanceledSubscriptions(): Promise<Subscription[]>;
  /** Sets or clears "cancel at the end of the period"; null for an ended subscription. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Subscription | null>;
  getSubscription(id: string): Promise<Subscription | null>;
  /** The subscription of a provider's own subscription id (`renews: 'provider'`), if any. */
  getSubscriptionByProviderRef(providerSubscriptionRef: string): Promise<Subscription | null>;
  /** The renewal orders of a subscription, oldest first. */
  listRenewalOrders(subscriptionId: string): Promise<Order[]>;
  /**
   * Records a promo code that does not exist or has expired, for the guessing throttle, and
   * counts such failures within `windowMs` (this one included) for the client and the
   * checkout key.
   */
  recordPromoFailure(input: PromoFailureInput): Promise<PromoFailureCounts>;
  /** Counts promo failures within `windowMs` for the client and the checkout key. */
  countPromoFailures(input: PromoFailureInput): Promise<PromoFailureCounts>;
  /** The payment provider the engines on this store run with (`engine.start()` records it). */
  activeProvider(): Promise<string | null>;
  setActiveProvider(providerId: string): Promise<void>;
  /**
   * An order with its checkout session and subscription (a renewal's through its
   * subscription), in one query; null when there is no such order.
   */
  getOrderRecord(orderId: string): Promise<OrderRecord | null>;
  /**
   * Records that an engine serves this channel: every event written after it gets a
   * delivery on it (the outbox, written by the database in the transaction of each change).
   */
  registerEventChannel(channel: EventChannel): Promise<void>;
  /**
   * Takes up to `limit` due deliveries of the channel, oldest event first, for `leaseMs`,
   * skipping any another process is taking (`FOR UPDATE SKIP LOCKED`).
   */
  claimEventDeliveries(
    channel: EventChannel,
    limit: number,
    leaseMs: number,
  ): Promise<EventDelivery[]>;
  /** Records an attempt and its outcome (delivered, retry later, or failed for good). */
  recordDeliveryAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** Events, oldest first. */
  listEvents(filter?: EventFilter): Promise<CheckoutEvent[]>;
  /** Makes the events' deliveries on a channel due again now (a replay); returns how many. */
  redeliverEvents(channel: EventChannel, filter: EventFilter): Promise<number>;
  /** Releases connections or closes the embedded database. */
  close(): Promise<void>;
}
