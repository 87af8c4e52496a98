import type { BillingInterval } from '../catalog/schema.js';
import type { Quote } from '../pricing/quote.js';
import { applyMigrations, quoteSchema } from './migrations.js';
import {
  type CheckoutSession,
  type CheckoutStore,
  type CompletionRecord,
  type NewSession,
  type Order,
  OUTCOME_UNKNOWN,
  type SessionSelection,
  type SessionStatus,
  type SqlClient,
  type Subscription,
} from './types.js';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** Postgres schema that holds the tables (default `plankit`). */
  schema?: string;
}

/** Schema used when none is given. */
export const DEFAULT_SCHEMA = 'plankit';

interface SessionRow {
  id: string;
  idempotency_key: string;
  status: SessionStatus;
  attempt: number;
  next_action: 'authenticate' | null;
  plan_id: string;
  billing_interval: BillingInterval;
  currency: string;
  seats: number;
  country: string;
  promo_code: string | null;
  email: string;
  name: string;
  amount_due: number | string;
  quote: Quote | string;
  provider_payment_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  visitor_hash: string | null;
  claim_token: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  expires_at: Date | string;
}

interface OrderRow {
  id: string;
  reference: string;
  session_id: string;
  plan_id: string;
  billing_interval: BillingInterval;
  seats: number;
  currency: string;
  subtotal: number | string;
  discount: number | string;
  tax: number | string;
  total: number | string;
  amount_paid: number | string;
  email: string;
  provider_payment_id: string | null;
  created_at: Date | string;
}

interface SubscriptionRow {
  id: string;
  session_id: string;
  order_id: string;
  plan_id: string;
  billing_interval: BillingInterval;
  seats: number;
  status: 'active' | 'trialing';
  current_period_end: Date | string;
  trial_end: Date | string | null;
  email: string;
  created_at: Date | string;
}

// `pg` hands BIGINT over as a string and PGlite as a number; amounts are far below 2^53.
function toNumber(value: number | string | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function toSession(row: SessionRow): CheckoutSession {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    attempt: toNumber(row.attempt),
    nextAction: row.next_action,
    planId: row.plan_id,
    interval: row.billing_interval,
    currency: row.currency,
    seats: toNumber(row.seats),
    country: row.country,
    promoCode: row.promo_code,
    email: row.email,
    name: row.name,
    amountDue: toNumber(row.amount_due),
    quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as Quote) : row.quote,
    providerPaymentId: row.provider_payment_id,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    visitorHash: row.visitor_hash,
    claimToken: row.claim_token,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    expiresAt: toDate(row.expires_at),
  };
}

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    reference: row.reference,
    sessionId: row.session_id,
    planId: row.plan_id,
    interval: row.billing_interval,
    seats: toNumber(row.seats),
    currency: row.currency,
    subtotal: toNumber(row.subtotal),
    discount: toNumber(row.discount),
    tax: toNumber(row.tax),
    total: toNumber(row.total),
    amountPaid: toNumber(row.amount_paid),
    email: row.email,
    providerPaymentId: row.provider_payment_id,
    createdAt: toDate(row.created_at),
  };
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    sessionId: row.session_id,
    orderId: row.order_id,
    planId: row.plan_id,
    interval: row.billing_interval,
    seats: toNumber(row.seats),
    status: row.status,
    currentPeriodEnd: toDate(row.current_period_end),
    trialEnd: row.trial_end === null ? null : toDate(row.trial_end),
    email: row.email,
    createdAt: toDate(row.created_at),
  };
}

/** Selection columns in the order {@link selectionParams} binds them. */
const SELECTION_COLUMNS = [
  'plan_id',
  'billing_interval',
  'currency',
  'seats',
  'country',
  'promo_code',
  'email',
  'name',
  'amount_due',
  'quote',
] as const;

function selectionParams(selection: SessionSelection): unknown[] {
  return [
    selection.planId,
    selection.interval,
    selection.currency,
    selection.seats,
    selection.country,
    selection.promoCode,
    selection.email,
    selection.name,
    selection.amountDue,
    // Serialised here so both drivers bind the same text; the SQL casts it to jsonb.
    JSON.stringify(selection.quote),
  ];
}

function placeholder(column: (typeof SELECTION_COLUMNS)[number], index: number): string {
  return column === 'quote' ? `$${index}::jsonb` : `$${index}`;
}

/**
 * A {@link CheckoutStore} over any {@link SqlClient} (PGlite or a Postgres pool).
 *
 * Every state change is one conditional statement (or one transaction) whose `WHERE`
 * clause names the state it leaves, so when callers race, the database lets exactly one
 * row change and the others see no row come back. Nothing relies on process memory, so
 * any number of host instances may share one database.
 */
export function createSqlStore(client: SqlClient, options: SqlStoreOptions = {}): CheckoutStore {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const q = quoteSchema(schema);
  const sessions = `${q}.checkout_sessions`;
  const orders = `${q}.orders`;
  const subscriptions = `${q}.subscriptions`;
  const failures = `${q}.payment_failures`;

  async function oneSession(
    text: string,
    params: readonly unknown[],
  ): Promise<CheckoutSession | null> {
    const { rows } = await client.query<SessionRow>(text, params);
    const row = rows[0];
    return row ? toSession(row) : null;
  }

  const getSessionByIdempotencyKey = (key: string) =>
    oneSession(`SELECT * FROM ${sessions} WHERE idempotency_key = $1`, [key]);

  const insertSessionSql = `INSERT INTO ${sessions}
      (id, idempotency_key, visitor_hash, expires_at, ${SELECTION_COLUMNS.join(', ')})
    VALUES ($1, $2, $3, $4, ${SELECTION_COLUMNS.map((c, i) => placeholder(c, i + 5)).join(', ')})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING *`;

  // One statement for both ways in, so a racing caller cannot slip between two checks.
  // `status` in SET expressions is the value before this update. A reclaimed session
  // ('processing'), or one whose last attempt ended with an unknown outcome (the provider
  // threw: it may have charged before the connection dropped), keeps its attempt and
  // selection, so the provider sees the same idempotency key and amount again and cannot
  // charge twice.
  const keepOnReclaim = (column: string, value: string) =>
    `${column} = CASE WHEN status = 'processing'
        OR (status = 'failed' AND failure_code = '${OUTCOME_UNKNOWN}')
      THEN ${column} ELSE ${value} END`;
  const claimSql = `UPDATE ${sessions} SET
      status = 'processing',
      ${keepOnReclaim('attempt', 'attempt + 1')},
      ${keepOnReclaim('provider_payment_id', 'NULL')},
      ${SELECTION_COLUMNS.map((c, i) => keepOnReclaim(c, placeholder(c, i + 4))).join(',\n      ')},
      next_action = NULL,
      failure_code = NULL,
      failure_message = NULL,
      claim_token = $${4 + SELECTION_COLUMNS.length},
      updated_at = $2
    WHERE id = $1
      AND (
        (status IN ('open', 'failed') AND expires_at > $2)
        -- An unknown outcome stays claimable after expiry, so the reconcile sweep can
        -- still learn whether it charged (the engine refuses a visitor's payment on an
        -- expired session before it claims).
        OR (status = 'failed' AND failure_code = '${OUTCOME_UNKNOWN}')
        OR (status = 'processing' AND next_action IS NULL AND updated_at < $3)
      )
    RETURNING *`;

  return {
    async migrate() {
      await applyMigrations(client, schema);
    },

    async createOrGetSession(input: NewSession) {
      const inserted = await oneSession(insertSessionSql, [
        input.id,
        input.idempotencyKey,
        input.visitorHash,
        input.expiresAt,
        ...selectionParams(input),
      ]);
      if (inserted) return { session: inserted, created: true };
      // ON CONFLICT DO NOTHING waited for any concurrent insert of this key to commit, and
      // this next statement takes a fresh snapshot, so the winner's row is visible.
      const existing = await getSessionByIdempotencyKey(input.idempotencyKey);
      if (!existing) {
        throw new Error('Checkout session vanished between insert and select; retry.');
      }
      return { session: existing, created: false };
    },

    getSession(id) {
      return oneSession(`SELECT * FROM ${sessions} WHERE id = $1`, [id]);
    },

    getSessionByIdempotencyKey,

    async bindVisitor(id, visitorHash) {
      await client.query(
        `UPDATE ${sessions} SET visitor_hash = $2 WHERE id = $1 AND visitor_hash IS NULL`,
        [id, visitorHash],
      );
      return oneSession(`SELECT * FROM ${sessions} WHERE id = $1`, [id]);
    },

    claimForPayment(id, selection, now, staleBefore) {
      return oneSession(claimSql, [
        id,
        now,
        staleBefore,
        ...selectionParams(selection),
        crypto.randomUUID(),
      ]);
    },

    markActionRequired(id, providerPaymentId, claimToken) {
      return oneSession(
        `UPDATE ${sessions}
          SET next_action = 'authenticate', provider_payment_id = $2, updated_at = now()
          WHERE id = $1 AND status = 'processing' AND claim_token IS NOT DISTINCT FROM $3
          RETURNING *`,
        [id, providerPaymentId, claimToken],
      );
    },

    completeSession(id: string, record: CompletionRecord, now: Date, claimToken: string | null) {
      return client.transaction(async (tx) => {
        const { rows } = await tx.query<SessionRow>(
          `UPDATE ${sessions}
            SET status = 'complete', next_action = NULL, failure_code = NULL,
                failure_message = NULL, provider_payment_id = $2, updated_at = $3
            WHERE id = $1 AND status = 'processing' AND claim_token IS NOT DISTINCT FROM $4
            RETURNING *`,
          [id, record.providerPaymentId, now, claimToken],
        );
        const row = rows[0];
        // Someone else completed or failed it: write nothing, the winner wrote the order.
        if (!row) return null;
        const { order, subscription } = record;
        const orderId = crypto.randomUUID();
        await tx.query(
          `INSERT INTO ${orders} (id, reference, session_id, plan_id, billing_interval, seats,
              currency, subtotal, discount, tax, total, amount_paid, email,
              provider_payment_id, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          [
            orderId,
            order.reference,
            id,
            order.planId,
            order.interval,
            order.seats,
            order.currency,
            order.subtotal,
            order.discount,
            order.tax,
            order.total,
            order.amountPaid,
            order.email,
            order.providerPaymentId,
            now,
          ],
        );
        await tx.query(
          `INSERT INTO ${subscriptions} (id, session_id, order_id, plan_id, billing_interval,
              seats, status, current_period_end, trial_end, email, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            crypto.randomUUID(),
            id,
            orderId,
            subscription.planId,
            subscription.interval,
            subscription.seats,
            subscription.status,
            subscription.currentPeriodEnd,
            subscription.trialEnd,
            subscription.email,
            now,
          ],
        );
        return toSession(row);
      });
    },

    failSession(id, failure, claimToken) {
      return oneSession(
        `UPDATE ${sessions}
          SET status = 'failed', next_action = NULL, failure_code = $2, failure_message = $3,
              provider_payment_id = $4, updated_at = now()
          WHERE id = $1 AND status = 'processing' AND claim_token IS NOT DISTINCT FROM $5
          RETURNING *`,
        [id, failure.code, failure.message, failure.providerPaymentId, claimToken],
      );
    },

    async expireStaleSessions(now) {
      const { affectedRows } = await client.query(
        `UPDATE ${sessions} SET status = 'expired', next_action = NULL, updated_at = $1
          WHERE expires_at <= $1
            AND (
              status = 'open'
              OR (status = 'failed' AND failure_code IS DISTINCT FROM '${OUTCOME_UNKNOWN}')
              OR (status = 'processing' AND next_action = 'authenticate')
            )`,
        [now],
      );
      return affectedRows;
    },

    async listUnresolvedPayments(staleBefore, limit) {
      const { rows } = await client.query<SessionRow>(
        `SELECT * FROM ${sessions}
          WHERE (status = 'failed' AND failure_code = '${OUTCOME_UNKNOWN}')
             OR (status = 'processing' AND next_action IS NULL AND updated_at < $1)
          ORDER BY updated_at
          LIMIT $2`,
        [staleBefore, limit],
      );
      return rows.map(toSession);
    },

    async getOrderBySession(sessionId) {
      const { rows } = await client.query<OrderRow>(
        `SELECT * FROM ${orders} WHERE session_id = $1`,
        [sessionId],
      );
      const row = rows[0];
      return row ? toOrder(row) : null;
    },

    async getSubscriptionBySession(sessionId) {
      const { rows } = await client.query<SubscriptionRow>(
        `SELECT * FROM ${subscriptions} WHERE session_id = $1`,
        [sessionId],
      );
      const row = rows[0];
      return row ? toSubscription(row) : null;
    },

    async recordPaymentFailure(entry) {
      await client.query(
        `INSERT INTO ${failures} (session_id, client_key, at) VALUES ($1, $2, $3)`,
        [entry.sessionId, entry.clientKey, entry.at],
      );
    },

    async countRecentFailures(query, since) {
      const { rows } = await client.query<{
        for_session: number | string;
        for_client: number | string;
        oldest: Date | string | null;
        overall: number | string;
        oldest_overall: Date | string | null;
      }>(
        `SELECT
            count(*) FILTER (WHERE session_id = $1)::int AS for_session,
            count(*) FILTER (WHERE client_key = $2)::int AS for_client,
            min(at) FILTER (WHERE session_id = $1 OR client_key = $2) AS oldest,
            count(*)::int AS overall,
            min(at) AS oldest_overall
          FROM ${failures}
          WHERE at >= $3`,
        [query.sessionId, query.clientKey, since],
      );
      const row = rows[0];
      return {
        forSession: row ? toNumber(row.for_session) : 0,
        forClient: row ? toNumber(row.for_client) : 0,
        oldest: row?.oldest ? toDate(row.oldest) : null,
        overall: row ? toNumber(row.overall) : 0,
        oldestOverall: row?.oldest_overall ? toDate(row.oldest_overall) : null,
      };
    },

    close() {
      return client.close();
    },
  };
}
