import { StoreError } from '../../errors/errors.js';
import type {
  CheckoutSession,
  CheckoutStore,
  PromoFailureCounts,
  PromoFailureInput,
  SessionRecord,
  SqlClient,
  StartAttemptOutcome,
  StartAttemptResult,
  StoreClock,
  Subscription,
} from '../types.js';
import { type EventRow, toCheckoutEvent } from './eventRows.js';
import {
  claimDeliveriesStatement,
  listEventsStatement,
  recordAttemptStatement,
  redeliverStatement,
} from './eventStatements.js';
import { applyMigrations } from './migrations.js';
import {
  type OrderRow,
  type SessionRow,
  type SubscriptionRow,
  toDate,
  toNumber,
  toOrder,
  toSession,
  toSubscription,
} from './rows.js';
import { DEFAULT_SCHEMA, quoteSchema } from './schemaName.js';
import {
  applyEventStatement,
  claimStaleStatement,
  expireStatement,
  releaseLeaseStatement,
  sessionRecordStatement,
} from './sessionStatements.js';
import { startAttemptStatement } from './startAttemptStatement.js';
import { type Tables, tablesOf } from './statementParts.js';
import {
  cancelAtPeriodEndStatement,
  claimDueRenewalsStatement,
  endCanceledStatement,
  subscriptionEventStatement,
} from './subscriptionStatements.js';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** Postgres schema that holds the tables (default `plankit`). */
  schema?: string;
}

type Time = Date | string;

interface StartAttemptRow extends SessionRow {
  outcome: StartAttemptOutcome;
  clock_now: Time;
  for_session: number | string;
  for_email: number | string;
  for_client: number | string;
  oldest: Time | null;
  overall: number | string;
  oldest_overall: Time | null;
}

interface SessionRecordRow extends SessionRow {
  bound_visitor_hash: string | null;
  order_json: OrderRow | string | null;
  subscription_json: SubscriptionRow | string | null;
  is_expired: boolean;
}

/** How often a statement that lost a first-insert race runs again (see startAttemptStatement). */
const START_ATTEMPT_TRIES = 3;

function parseJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function createClock(client: SqlClient, t: Tables): StoreClock {
  const listeners = new Set<() => Promise<void> | void>();
  const changed = async () => {
    for (const listener of listeners) await listener();
  };
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async now() {
      const { rows } = await client.query<{ t: Time }>(`SELECT ${t.now} AS t`);
      const row = rows[0];
      if (!row) throw new StoreError('clock.now');
      return toDate(row.t);
    },
    async travel(to, options = {}) {
      await client.query(
        `UPDATE ${t.clock} SET
          frozen_at = CASE WHEN $2::boolean THEN $1::timestamptz END,
          offset_ms = CASE WHEN $2::boolean THEN 0
            ELSE round(extract(epoch FROM ($1::timestamptz - now())) * 1000)::bigint END
          WHERE id = 1`,
        [to, options.freeze === true],
      );
      await changed();
    },
    async reset() {
      await client.query(`UPDATE ${t.clock} SET frozen_at = NULL, offset_ms = 0 WHERE id = 1`);
      await changed();
    },
  };
}

/**
 * A {@link CheckoutStore} over any {@link SqlClient} (PGlite or a Postgres pool).
 *
 * Every operation is one statement whose conditions come from the lifecycle table, so when
 * callers race, the database lets exactly one row change and the others see no row come
 * back. Nothing relies on process memory, so any number of host instances may share one
 * database; times are the database's.
 */
export function createSqlStore(client: SqlClient, options: SqlStoreOptions = {}): CheckoutStore {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const t = tablesOf(quoteSchema(schema));

  async function oneSubscription(statement: {
    text: string;
    values: readonly unknown[];
  }): Promise<Subscription | null> {
    const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
    const row = rows[0];
    return row ? toSubscription(row) : null;
  }

  async function oneSession(statement: {
    text: string;
    values: readonly unknown[];
  }): Promise<CheckoutSession | null> {
    const { rows } = await client.query<SessionRow>(statement.text, statement.values);
    const row = rows[0];
    return row ? toSession(row) : null;
  }

  /** Records (when `record`) and counts promo failures in one statement. */
  async function promoFailures(
    input: PromoFailureInput,
    record: boolean,
  ): Promise<PromoFailureCounts> {
    const { rows } = await client.query<{
      for_client: number | string;
      for_checkout: number | string;
      oldest: Time | null;
      now: Time;
    }>(
      `WITH clock AS (SELECT ${t.now} AS t),
      logged AS (
        INSERT INTO ${t.promoFailures} (client_key, checkout_key, at)
        SELECT $1, $2, clock.t FROM clock WHERE $4::boolean
        RETURNING client_key, checkout_key, at
      ),
      recent AS (
        SELECT client_key, checkout_key, at FROM ${t.promoFailures}, clock
          WHERE at >= clock.t - ($3::bigint * interval '1 millisecond')
            AND ((client_key = $1) OR (checkout_key = $2))
        UNION ALL SELECT * FROM logged
      )
      SELECT
        count(*) FILTER (WHERE client_key = $1)::int AS for_client,
        count(*) FILTER (WHERE checkout_key = $2)::int AS for_checkout,
        min(at) AS oldest, (SELECT t FROM clock) AS now
      FROM recent`,
      [input.clientKey, input.checkoutKey, input.windowMs, record],
    );
    const row = rows[0];
    if (!row) throw new StoreError(record ? 'recordPromoFailure' : 'countPromoFailures');
    return {
      forClient: toNumber(row.for_client),
      forCheckout: toNumber(row.for_checkout),
      oldest: row.oldest === null ? null : toDate(row.oldest),
      now: toDate(row.now),
    };
  }

  return {
    clock: createClock(client, t),

    async migrate() {
      await applyMigrations(client, schema);
    },

    async startAttempt(input): Promise<StartAttemptResult> {
      const statement = startAttemptStatement(t, input);
      for (let tries = 0; tries < START_ATTEMPT_TRIES; tries++) {
        const { rows } = await client.query<StartAttemptRow>(statement.text, statement.values);
        const row = rows[0];
        if (!row) continue; // Lost a first-insert race: a fresh snapshot sees the winner.
        return {
          outcome: row.outcome,
          session: toSession(row),
          now: toDate(row.clock_now),
          failures: {
            forSession: toNumber(row.for_session),
            forClient: toNumber(row.for_client),
            forEmail: toNumber(row.for_email),
            overall: toNumber(row.overall),
            oldest: row.oldest === null ? null : toDate(row.oldest),
            oldestOverall: row.oldest_overall === null ? null : toDate(row.oldest_overall),
          },
        };
      }
      // Three lost races in a row: something else is wrong.
      throw new StoreError('startAttempt');
    },

    applyEvent(update) {
      return oneSession(
        applyEventStatement(t, update, {
          orderId: crypto.randomUUID(),
          subscriptionId: crypto.randomUUID(),
        }),
      );
    },

    async releaseLease(sessionId, attempt) {
      const statement = releaseLeaseStatement(t, sessionId, attempt);
      const { affectedRows } = await client.query(statement.text, statement.values);
      return affectedRows > 0;
    },

    getSession(id) {
      return oneSession({ text: `SELECT * FROM ${t.sessions} WHERE id = $1`, values: [id] });
    },

    getSessionByIdempotencyKey(key) {
      return oneSession({
        text: `SELECT * FROM ${t.sessions} WHERE idempotency_key = $1`,
        values: [key],
      });
    },

    async getSessionRecord(id, recordOptions = {}): Promise<SessionRecord | null> {
      const statement = sessionRecordStatement(t, id, recordOptions.bindVisitorHash ?? null);
      const { rows } = await client.query<SessionRecordRow>(statement.text, statement.values);
      const row = rows[0];
      if (!row) return null;
      const session = toSession(row);
      if (row.bound_visitor_hash !== null) session.visitorHash = row.bound_visitor_hash;
      const order = parseJson(row.order_json);
      const subscription = parseJson(row.subscription_json);
      return {
        session,
        order: order ? toOrder(order) : null,
        subscription: subscription ? toSubscription(subscription) : null,
        expired: row.is_expired,
      };
    },

    async claimStaleAttempts(limit, leaseMs) {
      const statement = claimStaleStatement(t, limit, leaseMs);
      const { rows } = await client.query<SessionRow>(statement.text, statement.values);
      return rows.map(toSession);
    },

    async expireSessions() {
      const statement = expireStatement(t);
      const { affectedRows } = await client.query(statement.text, statement.values);
      return affectedRows;
    },

    async listExpiredWaiting(limit) {
      const { rows } = await client.query<SessionRow>(
        `SELECT * FROM ${t.sessions} WHERE status = 'requires_action' AND expires_at <= ${t.now}
          ORDER BY expires_at LIMIT $1`,
        [limit],
      );
      return rows.map(toSession);
    },

    async recordIntent(sessionId, attempt, intentId) {
      const { affectedRows } = await client.query(
        `UPDATE ${t.sessions} SET provider_payment_id = $3, updated_at = ${t.now}
          WHERE id = $1 AND attempt = $2 AND status = 'processing'`,
        [sessionId, attempt, intentId],
      );
      return affectedRows > 0;
    },

    getSessionByIntent(intentId) {
      return oneSession({
        text: `SELECT * FROM ${t.sessions} WHERE provider_payment_id = $1`,
        values: [intentId],
      });
    },

    async recordProviderEvent(provider, eventId) {
      const { affectedRows } = await client.query(
        `INSERT INTO ${t.providerEvents} (provider, event_id) VALUES ($1, $2)
          ON CONFLICT DO NOTHING`,
        [provider, eventId],
      );
      return affectedRows > 0;
    },

    async hasProviderEvent(provider, eventId) {
      const { rows } = await client.query(
        `SELECT 1 FROM ${t.providerEvents} WHERE provider = $1 AND event_id = $2`,
        [provider, eventId],
      );
      return rows.length > 0;
    },

    async claimDueRenewals(limit, leaseMs) {
      const statement = claimDueRenewalsStatement(t, limit, leaseMs);
      const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
      return rows.map(toSubscription);
    },

    applySubscriptionEvent(update) {
      return oneSubscription(subscriptionEventStatement(t, update, crypto.randomUUID()));
    },

    async endCanceledSubscriptions() {
      const statement = endCanceledStatement(t);
      const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
      return rows.map(toSubscription);
    },

    setCancelAtPeriodEnd(subscriptionId, cancel) {
      return oneSubscription(cancelAtPeriodEndStatement(t, subscriptionId, cancel));
    },

    getSubscription(id) {
      return oneSubscription({
        text: `SELECT * FROM ${t.subscriptions} WHERE id = $1`,
        values: [id],
      });
    },

    getSubscriptionByProviderRef(providerSubscriptionRef) {
      return oneSubscription({
        text: `SELECT * FROM ${t.subscriptions} WHERE provider_subscription_ref = $1`,
        values: [providerSubscriptionRef],
      });
    },

    async listRenewalOrders(subscriptionId) {
      const { rows } = await client.query<OrderRow>(
        `SELECT * FROM ${t.orders} WHERE subscription_id = $1 AND kind = 'renewal'
          ORDER BY period_end`,
        [subscriptionId],
      );
      return rows.map(toOrder);
    },

    async recordPromoFailure(input) {
      return promoFailures(input, true);
    },

    async countPromoFailures(input) {
      return promoFailures(input, false);
    },

    async activeProvider() {
      const { rows } = await client.query<{ provider_id: string | null }>(
        `SELECT provider_id FROM ${t.clock} WHERE id = 1`,
      );
      return rows[0]?.provider_id ?? null;
    },

    async setActiveProvider(providerId) {
      await client.query(`UPDATE ${t.clock} SET provider_id = $1 WHERE id = 1`, [providerId]);
    },

    async getOrderRecord(orderId) {
      const { rows } = await client.query<{
        order_json: OrderRow | string;
        session_json: SessionRow | string | null;
        subscription_json: SubscriptionRow | string | null;
      }>(
        `SELECT to_jsonb(o) AS order_json, to_jsonb(sub) AS subscription_json,
            to_jsonb(s) AS session_json
          FROM ${t.orders} o
          LEFT JOIN ${t.subscriptions} sub ON sub.id = o.subscription_id OR sub.order_id = o.id
          LEFT JOIN ${t.sessions} s ON s.id = COALESCE(o.session_id, sub.session_id)
          WHERE o.id = $1`,
        [orderId],
      );
      const row = rows[0];
      const order = row ? parseJson(row.order_json) : null;
      const session = row ? parseJson(row.session_json) : null;
      if (!row || !order || !session) return null;
      const subscription = parseJson(row.subscription_json);
      return {
        order: toOrder(order),
        session: toSession(session),
        subscription: subscription ? toSubscription(subscription) : null,
      };
    },

    async registerEventChannel(channel) {
      await client.query(
        `INSERT INTO ${t.eventChannels} (channel) VALUES ($1) ON CONFLICT DO NOTHING`,
        [channel],
      );
    },

    async claimEventDeliveries(channel, limit, leaseMs) {
      const statement = claimDeliveriesStatement(t, channel, limit, leaseMs);
      const { rows } = await client.query<EventRow & { attempts: number | string }>(
        statement.text,
        statement.values,
      );
      return rows.map((row) => ({
        event: toCheckoutEvent(row),
        channel,
        attempts: toNumber(row.attempts),
      }));
    },

    async recordDeliveryAttempt(attempt) {
      const statement = recordAttemptStatement(t, attempt);
      await client.query(statement.text, statement.values);
    },

    async listEvents(filter = {}) {
      const statement = listEventsStatement(t, filter);
      const { rows } = await client.query<EventRow>(statement.text, statement.values);
      return rows.map(toCheckoutEvent);
    },

    async redeliverEvents(channel, filter) {
      const statement = redeliverStatement(t, channel, filter);
      const { affectedRows } = await client.query(statement.text, statement.values);
      return affectedRows;
    },

    close() {
      return client.close();
    },
  };
}
