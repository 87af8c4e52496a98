// The store's public types, in one place to import from: the interface (`checkoutStore.ts`)
// and what its operations take and return, one file per area.

export type { CheckoutStore } from './checkoutStore.js';
export type { DisputeInput, DisputeResult } from './disputeTypes.js';
export type { CompletionRecord, OrderRecord } from './orderTypes.js';
export type {
  DeliveryAttempt,
  EventChannel,
  EventDelivery,
  EventFilter,
} from './outboxTypes.js';
export type { OrderListQuery, SubscriptionListQuery } from './queryTypes.js';
export type {
  BusinessBuyer,
  CheckoutSession,
  Order,
  PaymentMethodShown,
  PlanTerms,
  Refund,
  SessionSelection,
  Subscription,
  SubscriptionChange,
} from './records.js';
export type {
  BeginRefundInput,
  BeginRefundResult,
  OrderWithRefunds,
  ProviderRefundInput,
  SettleRefundInput,
} from './refundTypes.js';
export type { PrunePolicy, PruneReport } from './retentionTypes.js';
export type { NextDue, NextDueInput } from './scheduleTypes.js';
export type {
  NewSession,
  RecentFailures,
  SessionRecord,
  SessionUpdate,
  StartAttemptInput,
  StartAttemptOutcome,
  StartAttemptResult,
} from './sessionTypes.js';
export type { SqlClient, SqlQueryable } from './sqlClient.js';
export type { StoreClock } from './storeClock.js';
export type {
  NewSubscriptionPaymentMethod,
  PlanChangeInput,
  SubscriptionUpdate,
} from './subscriptionTypes.js';
export type {
  LinkRequestCounts,
  LinkRequestInput,
  PromoFailureCounts,
  PromoFailureInput,
} from './throttleTypes.js';
