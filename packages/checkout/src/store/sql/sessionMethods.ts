import { StoreError } from '../../errors/errors.js';
import type {
  CheckoutStore,
  SessionRecord,
  SqlClient,
  StartAttemptOutcome,
  StartAttemptResult,
} from '../types.js';
import { oneSession, parseJson } from './readRows.js';
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
import {
  applyEventStatement,
  claimStaleStatement,
  expireStatement,
  releaseLeaseStatement,
  sessionRecordStatement,
} from './sessionStatements.js';
import { startAttemptStatement } from './startAttemptStatement.js';
import type { Tables } from './statementParts.js';

/** The store's operations on checkout sessions. */
export type SessionMethods = Pick<
  CheckoutStore,
  | 'startAttempt'
  | 'applyEvent'
  | 'releaseLease'
  | 'getSession'
  | 'getSessionByIdempotencyKey'
  | 'getSessionRecord'
  | 'claimStaleAttempts'
  | 'expireSessions'
  | 'listExpiredWaiting'
  | 'recordIntent'
  | 'getSessionByIntent'
>;

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

/** How often a statement that lost a race runs again (see startAttemptStatement). */
const START_ATTEMPT_TRIES = 3;

/** Checkout sessions: their attempts, lifecycle events, leases and the finish step's read. */
export function sessionMethods(client: SqlClient, t: Tables): SessionMethods {
  return {
    async startAttempt(input): Promise<StartAttemptResult> {
      const statement = startAttemptStatement(t, input);
      for (let tries = 0; tries < START_ATTEMPT_TRIES; tries++) {
        const { rows } = await client.query<StartAttemptRow>(statement.text, statement.values);
        const row = rows[0];
        // Lost a race to insert or to start the attempt: a fresh snapshot sees the winner.
        if (!row) continue;
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
        client,
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
      return oneSession(client, {
        text: `SELECT * FROM ${t.sessions} WHERE id = $1`,
        values: [id],
      });
    },

    getSessionByIdempotencyKey(key) {
      return oneSession(client, {
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
      return oneSession(client, {
        text: `SELECT * FROM ${t.sessions} WHERE provider_payment_id = $1`,
        values: [intentId],
      });
    },
  };
}
