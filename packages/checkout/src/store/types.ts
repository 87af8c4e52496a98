import type { BillingInterval } from '../catalog/constants.js';

/**
 * The smallest SQL client the store needs. PGlite and a node `pg` pool both fit it
 * through the adapters in this folder, so one store implementation serves both.
 */
export interface SqlClient {
  /** Runs one parameterised statement (`$1`, `$2`, …) and returns its rows. */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: Row[]; affectedRows: number }>;
  /** Runs `fn` inside one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Releases connections or closes the embedded database. */
  close(): Promise<void>;
}

/** What a transaction body may call. */
export type SqlQueryable = Pick<SqlClient, 'query'>;

/**
 * Failure code of an attempt whose outcome is unknown: the provider threw (a timeout, a
 * dropped connection) and may or may not have charged. The next claim keeps the attempt
 * number, so the provider sees the same idempotency key and returns the first outcome.
 */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** Lifecycle of a checkout session (see DESIGN.md, "Checkout flow"). */
export type SessionStatus = 'open' | 'processing' | 'complete' | 'failed' | 'expired';

/** What the visitor chose, as recomputed by the server from the catalog. */
export interface SessionSelection {
  planId: string;
  interval: BillingInterval;
  currency: string;
  seats: number;
  country: string;
  promoCode: string | null;
  email: string;
  name: string;
  /** Amount due now in minor units (0 for a trial or a free plan). */
  amountDue: number;
  /** The full quote as computed when the session was last submitted. */
  quote: import('../pricing/quote.js').Quote;
}

/** A stored checkout session. */
export interface CheckoutSession extends SessionSelection {
  id: string;
  idempotencyKey: string;
  status: SessionStatus;
  /** Payment attempts made so far; the provider's idempotency key includes it. */
  attempt: number;
  /** Set while the provider waits for the visitor (e.g. `authenticate`). */
  nextAction: 'authenticate' | null;
  providerPaymentId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /**
   * Set anew by every claim. The outcome of a payment is recorded only with the token of
   * the claim that made it, so a slow request cannot overwrite the outcome of the request
   * that took the session over after it went stale.
   */
  claimToken: string | null;
  /** Hash of the visitor's browser token; the finish step only shows a session to its owner. */
  visitorHash: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

/** The order a completed session yields. */
export interface Order {
  id: string;
  reference: string;
  sessionId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  amountPaid: number;
  email: string;
  providerPaymentId: string | null;
  createdAt: Date;
}

/** The subscription a completed session yields. */
export interface Subscription {
  id: string;
  sessionId: string;
  orderId: string;
  planId: string;
  interval: BillingInterval;
  seats: number;
  status: 'active' | 'trialing';
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  email: string;
  createdAt: Date;
}

/** Input for a new session. */
export interface NewSession extends SessionSelection {
  id: string;
  idempotencyKey: string;
  visitorHash: string | null;
  expiresAt: Date;
}

/** Outcome details recorded when a session completes. */
export interface CompletionRecord {
  providerPaymentId: string | null;
  order: Omit<Order, 'id' | 'createdAt' | 'sessionId'>;
  subscription: Omit<Subscription, 'id' | 'createdAt' | 'sessionId' | 'orderId'>;
}

/**
 * Durable storage for the checkout engine. Every state change is a conditional update in
 * SQL so that concurrent callers (one process or many sharing a database) cannot both win.
 */
export interface CheckoutStore {
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Inserts the session unless one with the same idempotency key exists; returns the
   * stored session either way and whether this call created it.
   */
  createOrGetSession(input: NewSession): Promise<{ session: CheckoutSession; created: boolean }>;
  getSession(id: string): Promise<CheckoutSession | null>;
  /**
   * Binds a session that no browser owns yet (made without JavaScript, before the visitor
   * cookie existed) to `visitorHash`. Only the first call wins; returns the session as
   * stored afterwards, or null if there is none.
   */
  bindVisitor(id: string, visitorHash: string): Promise<CheckoutSession | null>;
  getSessionByIdempotencyKey(key: string): Promise<CheckoutSession | null>;
  /**
   * Moves an `open` or `failed`, unexpired session to `processing`, storing the new
   * selection and incrementing `attempt`. Also reclaims a session stuck in `processing`
   * (no next action, not updated since `staleBefore`) without incrementing `attempt`, so
   * the provider's idempotency key repeats and no second charge can happen. A reclaim
   * also keeps the stored selection (amount, quote…) of the stuck attempt and ignores
   * `selection`: the repeated provider call must ask for the same amount. A new attempt
   * clears `nextAction`, `providerPaymentId` and the failure fields.
   * Returns null when another caller holds it or it cannot be paid.
   */
  claimForPayment(
    id: string,
    selection: SessionSelection,
    now: Date,
    staleBefore: Date,
  ): Promise<CheckoutSession | null>;
  /** Records that the provider waits for the visitor; only from `processing` under `claimToken`. */
  markActionRequired(
    id: string,
    providerPaymentId: string,
    claimToken: string | null,
  ): Promise<CheckoutSession | null>;
  /**
   * Atomically moves `processing → complete` and writes the order and subscription.
   * Returns null if the session was not `processing` (someone else finished it).
   */
  completeSession(
    id: string,
    record: CompletionRecord,
    now: Date,
    claimToken: string | null,
  ): Promise<CheckoutSession | null>;
  /** Moves `processing → failed` with the reason; returns null if it was not processing. */
  failSession(
    id: string,
    failure: { code: string; message: string; providerPaymentId: string | null },
    claimToken: string | null,
  ): Promise<CheckoutSession | null>;
  /**
   * Moves sessions past their expiry to `expired`: `open` and `failed` ones, and ones
   * still waiting for the visitor's authentication (nothing was charged). A failed
   * attempt whose outcome is unknown ({@link OUTCOME_UNKNOWN}) is left for
   * {@link CheckoutStore.listUnresolvedPayments}: it may have charged. Returns how many.
   */
  expireStaleSessions(now: Date): Promise<number>;
  /**
   * Sessions whose payment outcome nobody recorded: failed with an unknown outcome, or
   * `processing` with no visitor action and not touched since `staleBefore` (the request
   * that held it died). Oldest first, at most `limit`.
   */
  listUnresolvedPayments(staleBefore: Date, limit: number): Promise<CheckoutSession[]>;
  getOrderBySession(sessionId: string): Promise<Order | null>;
  getSubscriptionBySession(sessionId: string): Promise<Subscription | null>;
  /** Records one payment attempt outcome for throttling (card-testing defence). */
  recordPaymentFailure(entry: {
    sessionId: string;
    clientKey: string | null;
    at: Date;
  }): Promise<void>;
  /**
   * Counts failures since `since`: for a session, for a client key, and overall (the
   * backstop when clients forge their address). `oldest` is the oldest of the session's
   * and client's, `oldestOverall` the oldest of all.
   */
  countRecentFailures(
    query: { sessionId: string; clientKey: string | null },
    since: Date,
  ): Promise<{
    forSession: number;
    forClient: number;
    oldest: Date | null;
    overall: number;
    oldestOverall: Date | null;
  }>;
  close(): Promise<void>;
}
