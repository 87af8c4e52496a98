// The store interface the engine talks to. Its inputs and outputs live by area beside it
// (sessionTypes, orderTypes, subscriptionTypes, throttleTypes, outboxTypes, storeClock).

import type { CheckoutEvent } from '../events/types.js';
import type { DisputeInput, DisputeResult } from './disputeTypes.js';
import type { OrderRecord } from './orderTypes.js';
import type { DeliveryAttempt, EventChannel, EventDelivery, EventFilter } from './outboxTypes.js';
import type { OrderListQuery, SubscriptionListQuery } from './queryTypes.js';
import type { CheckoutSession, Order, Refund, Subscription } from './records.js';
import type {
  BeginRefundInput,
  BeginRefundResult,
  OrderWithRefunds,
  ProviderRefundInput,
  SettleRefundInput,
} from './refundTypes.js';
import type { PrunePolicy, PruneReport } from './retentionTypes.js';
import type { NextDue, NextDueInput } from './scheduleTypes.js';
import type {
  SessionRecord,
  SessionUpdate,
  StartAttemptInput,
  StartAttemptResult,
} from './sessionTypes.js';
import type { StoreClock } from './storeClock.js';
import type {
  NewSubscriptionPaymentMethod,
  PlanChangeInput,
  SubscriptionUpdate,
} from './subscriptionTypes.js';
import type {
  LinkRequestCounts,
  LinkRequestInput,
  PromoFailureCounts,
  PromoFailureInput,
} from './throttleTypes.js';

/**
 * Durable storage for the checkout engine. Every state change is one conditional statement
 * whose condition comes from the lifecycle (`SESSION_EVENTS`), so concurrent callers, in
 * one process or many sharing a database, cannot both win. Run the store contract suite
 * (`describeStoreContract` from `@plankit/checkout/testing`) against an implementation.
 */
export interface CheckoutStore {
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onWritten` soon after a transaction that wrote events commits (in any process on
   * the same database), and after the watch was lost and made again (events written
   * meanwhile were not announced). Resolves with a function that stops watching. Optional:
   * without it the engine looks for due deliveries on its timer only.
   */
  watchEvents?(onWritten: () => void): Promise<() => Promise<void>>;
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
  /**
   * Records a plan change: applied now (new terms, the proration's order if one was
   * charged, credit added) or scheduled for the period's end (`pending_change`), with
   * `subscription.updated`. Null when the subscription no longer has the expected terms
   * and period (changed meanwhile, or this change was recorded already).
   */
  changeSubscription(input: PlanChangeInput): Promise<Subscription | null>;
  /** Drops a scheduled change (the buyer undid it); null when none was scheduled. */
  cancelPendingChange(subscriptionId: string, changeId: string): Promise<Subscription | null>;
  /**
   * Applies every scheduled change whose period is over (before the renewal that bills the
   * new terms), for subscriptions the engine renews; returns them.
   */
  applyDuePlanChanges(): Promise<Subscription[]>;
  /** The subscription of a provider's own subscription id (`renews: 'provider'`), if any. */
  getSubscriptionByProviderRef(providerSubscriptionRef: string): Promise<Subscription | null>;
  /**
   * Remembers the provider's intent that saves the buyer's new card while they are on the
   * provider's pages; null for an ended subscription.
   */
  recordPaymentMethodIntent(subscriptionId: string, intentId: string): Promise<Subscription | null>;
  /**
   * Sets the card a subscription is charged with, writing `subscription.payment_method_updated`
   * in the same transaction; null for an ended subscription, or when `intentId` is given and
   * is no longer the one recorded (the return was applied already).
   */
  setSubscriptionPaymentMethod(update: NewSubscriptionPaymentMethod): Promise<Subscription | null>;
  /**
   * Takes a past-due subscription the engine renews for `leaseMs`, so its renewal is charged
   * now with a new card by one process only; null when it is not past due or is held.
   */
  claimPastDueRenewal(subscriptionId: string, leaseMs: number): Promise<Subscription | null>;
  /** The renewal and proration (plan change) orders of a subscription, oldest first. */
  listRenewalOrders(subscriptionId: string): Promise<Order[]>;
  /**
   * Records a promo code that does not exist or has expired, for the guessing throttle, and
   * counts such failures within `windowMs` (this one included) for the client and the
   * checkout key.
   */
  recordPromoFailure(input: PromoFailureInput): Promise<PromoFailureCounts>;
  /** Counts promo failures within `windowMs` for the client and the checkout key. */
  countPromoFailures(input: PromoFailureInput): Promise<PromoFailureCounts>;
  /**
   * Records a request for a buyer's links ("Find my subscription") and counts those within
   * `windowMs` (this one included) for the client and the email. Pruned with the throttles'
   * other records.
   */
  recordLinkRequest(input: LinkRequestInput): Promise<LinkRequestCounts>;
  /** The payment provider the engines on this store run with (`engine.start()` records it). */
  activeProvider(): Promise<string | null>;
  setActiveProvider(providerId: string): Promise<void>;
  /**
   * An order with its checkout session and subscription (a renewal's through its
   * subscription), in one query; null when there is no such order.
   */
  getOrderRecord(orderId: string): Promise<OrderRecord | null>;
  /**
   * Records a dispute the provider reports on the order it paid, or its change: the first
   * report writes `order.disputed`, the one that closes it `order.dispute_closed`. A repeat
   * changes nothing (`unchanged`).
   */
  recordDispute(input: DisputeInput): Promise<DisputeResult>;
  /** Orders by buyer and date, oldest first (the merchant's list, `plankit orders`). */
  listOrders(query: OrderListQuery): Promise<Order[]>;
  /** Subscriptions by status and buyer, oldest first (`plankit subscriptions`). */
  listSubscriptions(query: SubscriptionListQuery): Promise<Subscription[]>;
  /** An order by its reference (`PK-…`) with its refunds, oldest first; null when unknown. */
  findOrder(reference: string): Promise<OrderWithRefunds | null>;
  /**
   * Writes a refund `pending` under its key and reserves its amount on the order, in one
   * statement, unless the key was used (that refund) or it is more than remains.
   */
  beginRefund(input: BeginRefundInput): Promise<BeginRefundResult>;
  /**
   * Records the provider's answer to a pending refund: `succeeded` numbers its credit note
   * and writes `order.refunded`, `failed` releases its amount. Null when it was not pending.
   */
  settleRefund(input: SettleRefundInput): Promise<Refund | null>;
  /**
   * Records a refund the provider reports as succeeded, once per provider refund id; null
   * when it was known or no order has that payment.
   */
  recordProviderRefund(input: ProviderRefundInput): Promise<Refund | null>;
  /** Refunds still pending since before `olderThanMs` ago (the sweeps ask the provider). */
  listPendingRefunds(olderThanMs: number, limit: number): Promise<Refund[]>;
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
  /**
   * Hands claimed deliveries back unsent (a process shutting down), so another process may
   * take them at once rather than when their claim runs out. Returns how many. Optional.
   */
  releaseEventDeliveries?(channel: EventChannel, eventIds: string[]): Promise<number>;
  /** Records an attempt and its outcome (delivered, retry later, or failed for good). */
  recordDeliveryAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** Events, oldest first. */
  listEvents(filter?: EventFilter): Promise<CheckoutEvent[]>;
  /** Makes the events' deliveries on a channel due again now (a replay); returns how many. */
  redeliverEvents(channel: EventChannel, filter: EventFilter): Promise<number>;
  /**
   * Deletes what retention lets go ({@link PrunePolicy}), up to `limit` rows of each kind,
   * oldest first, skipping rows another process is deleting. Orders, subscriptions and
   * completed checkouts are never deleted. Optional: a store without it keeps everything.
   */
  prune?(policy: PrunePolicy): Promise<PruneReport>;
  /**
   * When each kind of background work (reconcile, expire, renew, refunds, deliveries) is next
   * due, in one cheap statement: the engine sleeps until then rather than polling. Optional:
   * without it the engine runs every sweep every `sweepIntervalMs`.
   */
  nextDue?(input: NextDueInput): Promise<NextDue>;
  /** Releases connections or closes the embedded database. */
  close(): Promise<void>;
}
