// The SQL of the session store, one builder per statement. Every status change is a
// conditional update whose `status IN (…)` comes from the lifecycle table, and every time
// is the database's (`clock_now()`), so hosts sharing a database agree on expiry, leases
// and throttle windows. Each operation is one statement (data-modifying CTEs instead of
// BEGIN … COMMIT): one round trip, which is what a checkout's latency is made of on
// PGlite and Postgres alike (bench/checkout.mjs).

import { SESSION_EVENTS, type SessionEvent } from '../../lifecycle/sessionLifecycle.js';
import type { SessionUpdate, StartAttemptInput } from '../types.js';
import { SELECTION_CASTS, SELECTION_COLUMNS, selectionParams } from './rows.js';

/** Collects bound parameters; `add` returns the placeholder of the value. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** `'a', 'b'`: states are constants of the lifecycle, never input, so they are inlined. */
function statusList(states: readonly string[]): string {
  return states.map((state) => `'${state}'`).join(', ');
}

const ms = (placeholder: string) => `(${placeholder} * interval '1 millisecond')`;

/** Table names of one schema. */
export interface Tables {
  schema: string;
  sessions: string;
  orders: string;
  subscriptions: string;
  failures: string;
  clock: string;
  now: string;
}

export function tablesOf(quotedSchema: string): Tables {
  return {
    schema: quotedSchema,
    sessions: `${quotedSchema}.checkout_sessions`,
    orders: `${quotedSchema}.orders`,
    subscriptions: `${quotedSchema}.subscriptions`,
    failures: `${quotedSchema}.payment_failures`,
    clock: `${quotedSchema}.clock`,
    now: `${quotedSchema}.clock_now()`,
  };
}

/**
 * Inserts the session already in its first attempt (`open` + `pay`), or starts the next
 * attempt on the stored one (`pay`), or resumes an attempt whose lease ran out; returns the
 * session with the outcome and the recent failures. When two first submissions of one key
 * race, the loser's statement returns no row (its snapshot predates the winner's insert):
 * the caller runs it again and finds the session held.
 */
export function startAttemptStatement(t: Tables, input: StartAttemptInput) {
  const p = new Params();
  const { session } = input;
  const id = p.add(session.id, 'text');
  const key = p.add(session.idempotencyKey, 'text');
  const visitor = p.add(session.visitorHash, 'text');
  const ttl = p.add(session.ttlMs, 'bigint');
  const lease = p.add(input.leaseMs, 'bigint');
  const window = p.add(input.failureWindowMs, 'bigint');
  const clientKey = p.add(input.clientKey, 'text');
  const claimant = p.add(input.visitorHash, 'text');
  // Cast explicitly: in INSERT … SELECT an untyped parameter would be text.
  const selection = selectionParams(session).map((value, i) =>
    p.add(value, SELECTION_CASTS[SELECTION_COLUMNS[i] as (typeof SELECTION_COLUMNS)[number]]),
  );
  // A resumed attempt keeps its stored selection: the provider must see the same amount
  // under the same key. `s.status` in SET is the value before this update.
  const keepOnResume = (column: string, value: string) =>
    `${column} = CASE WHEN s.status = 'processing' THEN s.${column} ELSE ${value} END`;
  const pay = SESSION_EVENTS.pay;
  const text = `WITH clock AS (SELECT ${t.now} AS t),
    existing AS (SELECT * FROM ${t.sessions} WHERE idempotency_key = ${key}),
    inserted AS (
      INSERT INTO ${t.sessions} (id, idempotency_key, visitor_hash, status, attempt,
          lease_until, created_at, updated_at, expires_at, ${SELECTION_COLUMNS.join(', ')})
      SELECT ${id}, ${key}, ${visitor}, '${pay.to}', 1, clock.t + ${ms(lease)}, clock.t,
          clock.t, clock.t + ${ms(ttl)}, ${selection.join(', ')}
      FROM clock
      WHERE NOT EXISTS (SELECT 1 FROM existing)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING *
    ),
    claimed AS (
      UPDATE ${t.sessions} s SET
        status = '${pay.to}',
        attempt = CASE WHEN s.status = 'processing' THEN s.attempt ELSE s.attempt + 1 END,
        ${keepOnResume('provider_payment_id', 'NULL')},
        ${SELECTION_COLUMNS.map((column, i) => keepOnResume(column, selection[i] as string)).join(',\n        ')},
        failure_code = NULL,
        failure_message = NULL,
        action_url = NULL,
        lease_until = clock.t + ${ms(lease)},
        updated_at = clock.t
      FROM clock, existing e
      WHERE s.id = e.id
        AND (s.visitor_hash IS NULL OR s.visitor_hash = ${claimant})
        AND (
        (s.status IN (${statusList(pay.from)}) AND s.expires_at > clock.t)
        OR (s.status = 'processing' AND s.lease_until <= clock.t)
      )
      RETURNING s.*, CASE WHEN e.status = 'processing' THEN 'resumed' ELSE 'retried' END AS outcome
    ),
    result AS (
      SELECT inserted.*, 'created' AS outcome FROM inserted
      UNION ALL SELECT * FROM claimed
      UNION ALL
      SELECT e.*, CASE
          WHEN e.visitor_hash IS NOT NULL AND e.visitor_hash IS DISTINCT FROM ${claimant}
            THEN 'foreign'
          WHEN e.status = 'processing' THEN 'held'
          ELSE 'unavailable' END
      FROM existing e WHERE NOT EXISTS (SELECT 1 FROM claimed)
    )
    SELECT r.*, c.t AS clock_now, f.for_session, f.for_client, f.oldest, f.overall,
      f.oldest_overall
    FROM result r CROSS JOIN clock c CROSS JOIN LATERAL (
      SELECT
        count(*) FILTER (WHERE x.session_id = r.id)::int AS for_session,
        count(*) FILTER (WHERE x.client_key = ${clientKey})::int AS for_client,
        min(x.at) FILTER (WHERE x.session_id = r.id OR x.client_key = ${clientKey}) AS oldest,
        count(*)::int AS overall,
        min(x.at) AS oldest_overall
      FROM ${t.failures} x
      WHERE x.at >= c.t - ${ms(window)}
    ) f`;
  return { text, values: p.values };
}

/**
 * Applies one lifecycle event as one statement: the status change (conditional on the
 * event's `from` states and, when given, the attempt), and in data-modifying CTEs that run
 * only if it matched, the order and subscription of a completion and the throttle's
 * failure record.
 */
export function applyEventStatement(
  t: Tables,
  update: SessionUpdate,
  ids: { orderId: string; subscriptionId: string },
) {
  const p = new Params();
  const rule = SESSION_EVENTS[update.event as SessionEvent];
  const id = p.add(update.sessionId);
  const conditions = [`s.id = ${id}`, `s.status IN (${statusList(rule.from)})`];
  if (update.attempt !== undefined) conditions.push(`s.attempt = ${p.add(update.attempt, 'int')}`);
  const paymentId =
    update.providerPaymentId === undefined
      ? 's.provider_payment_id'
      : `COALESCE(${p.add(update.providerPaymentId, 'text')}, s.provider_payment_id)`;
  const lease =
    update.leaseMs === undefined ? 'NULL' : `clock.t + ${ms(p.add(update.leaseMs, 'bigint'))}`;
  const ctes = [
    `clock AS (SELECT ${t.now} AS t)`,
    `upd AS (
      UPDATE ${t.sessions} s SET
        status = '${rule.to}',
        provider_payment_id = ${paymentId},
        action_url = ${p.add(update.actionUrl ?? null, 'text')},
        failure_code = ${p.add(update.failure?.code ?? null, 'text')},
        failure_message = ${p.add(update.failure?.message ?? null, 'text')},
        lease_until = ${lease},
        updated_at = clock.t
      FROM clock
      WHERE ${conditions.join(' AND ')}
      RETURNING s.*
    )`,
  ];
  const { completion } = update;
  if (completion) {
    const { order, subscription } = completion;
    ctes.push(`ord AS (
      INSERT INTO ${t.orders} (id, reference, session_id, plan_id, billing_interval, seats,
          currency, subtotal, discount, tax, total, amount_paid, email, provider_payment_id,
          created_at)
      SELECT ${p.add(ids.orderId)}, ${p.add(order.reference)}, u.id, ${p.add(order.planId)},
          ${p.add(order.interval)}, ${p.add(order.seats, 'int')}, ${p.add(order.currency)},
          ${p.add(order.subtotal, 'bigint')}, ${p.add(order.discount, 'bigint')},
          ${p.add(order.tax, 'bigint')}, ${p.add(order.total, 'bigint')},
          ${p.add(order.amountPaid, 'bigint')}, ${p.add(order.email)}, u.provider_payment_id,
          clock.t
      FROM upd u, clock
      RETURNING id, session_id
    )`);
    const trialDays = p.add(subscription.trialDays, 'int');
    const interval = p.add(subscription.interval, 'text');
    // Calendar months in UTC, clamped by Postgres to the end of a shorter month
    // (31 January + 1 month = 28 or 29 February), the way billing systems renew.
    const periodEnd = `CASE WHEN ${trialDays} IS NOT NULL THEN clock.t + ${trialDays} * interval '1 day'
        ELSE ((clock.t AT TIME ZONE 'UTC') + CASE ${interval} WHEN 'yearly' THEN interval '12 months'
          ELSE interval '1 month' END) AT TIME ZONE 'UTC' END`;
    ctes.push(`sub AS (
      INSERT INTO ${t.subscriptions} (id, session_id, order_id, plan_id, billing_interval,
          seats, status, current_period_end, trial_end, email, created_at)
      SELECT ${p.add(ids.subscriptionId)}, o.session_id, o.id, ${p.add(subscription.planId)},
          ${interval}, ${p.add(subscription.seats, 'int')},
          CASE WHEN ${trialDays} IS NULL THEN 'active' ELSE 'trialing' END, ${periodEnd},
          CASE WHEN ${trialDays} IS NULL THEN NULL ELSE clock.t + ${trialDays} * interval '1 day' END,
          ${p.add(subscription.email)}, clock.t
      FROM ord o, clock
    )`);
  }
  if (update.logFailure) {
    ctes.push(`logged AS (
      INSERT INTO ${t.failures} (session_id, client_key, at)
      SELECT u.id, ${p.add(update.logFailure.clientKey, 'text')}, clock.t FROM upd u, clock
    )`);
  }
  return { text: `WITH ${ctes.join(',\n    ')}\n    SELECT * FROM upd`, values: p.values };
}

/**
 * The session, its order and subscription in one query; binds an unowned session to the
 * visitor first when asked. The orders and subscriptions come back as JSON so their
 * columns cannot collide with the session's.
 */
export function sessionRecordStatement(t: Tables, id: string, bindVisitorHash: string | null) {
  const p = new Params();
  const sessionId = p.add(id);
  const visitor = p.add(bindVisitorHash, 'text');
  const text = `WITH bound AS (
      UPDATE ${t.sessions} SET visitor_hash = ${visitor}
      WHERE id = ${sessionId} AND visitor_hash IS NULL AND ${visitor} IS NOT NULL
      RETURNING visitor_hash
    )
    SELECT s.*, (SELECT visitor_hash FROM bound) AS bound_visitor_hash,
      to_jsonb(o) AS order_json, to_jsonb(sub) AS subscription_json,
      s.expires_at <= ${t.now} AS is_expired
    FROM ${t.sessions} s
    LEFT JOIN ${t.orders} o ON o.session_id = s.id
    LEFT JOIN ${t.subscriptions} sub ON sub.session_id = s.id
    WHERE s.id = ${sessionId}`;
  return { text, values: p.values };
}

/** Takes over attempts whose lease ran out, skipping rows another process is taking. */
export function claimStaleStatement(t: Tables, limit: number, leaseMs: number) {
  const p = new Params();
  const text = `UPDATE ${t.sessions} s
    SET lease_until = ${t.now} + ${ms(p.add(leaseMs, 'bigint'))}, updated_at = ${t.now}
    FROM (
      SELECT id FROM ${t.sessions}
      WHERE status = 'processing' AND lease_until <= ${t.now}
      ORDER BY lease_until
      LIMIT ${p.add(limit, 'int')}
      FOR UPDATE SKIP LOCKED
    ) stale
    WHERE s.id = stale.id
    RETURNING s.*`;
  return { text, values: p.values };
}

/** Applies `expire` to every session past its expiry that the lifecycle lets expire. */
export function expireStatement(t: Tables) {
  const rule = SESSION_EVENTS.expire;
  return {
    text: `UPDATE ${t.sessions}
      SET status = '${rule.to}', lease_until = NULL, action_url = NULL, updated_at = ${t.now}
      WHERE status IN (${statusList(rule.from)}) AND expires_at <= ${t.now}`,
    values: [],
  };
}

/** Ends a running attempt's lease now, so it can be resumed at once. */
export function releaseLeaseStatement(t: Tables, sessionId: string, attempt: number) {
  return {
    text: `UPDATE ${t.sessions} SET lease_until = ${t.now}
      WHERE id = $1 AND attempt = $2 AND status = 'processing' AND lease_until > ${t.now}`,
    values: [sessionId, attempt],
  };
}
