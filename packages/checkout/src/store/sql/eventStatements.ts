// The SQL of the outbox's deliveries. Events themselves are written by triggers (migration 7)
// in the transaction of the change they report; these statements hand them out: each due
// delivery to one process at a time (SKIP LOCKED and a lease), every attempt recorded.

import type { DeliveryAttempt, EventChannel, EventFilter } from '../types.js';
import { ms, Params, type Tables } from './statementParts.js';

const DEFAULT_LIMIT = 1000;

/** Takes due deliveries of a channel for a lease, oldest event first. */
export function claimDeliveriesStatement(
  t: Tables,
  channel: EventChannel,
  limit: number,
  leaseMs: number,
) {
  const p = new Params();
  const text = `WITH due AS (
      SELECT d.event_id, d.channel FROM ${t.eventDeliveries} d
      JOIN ${t.events} e ON e.id = d.event_id
      WHERE d.channel = ${p.add(channel)} AND d.status = 'pending'
        AND d.next_attempt_at <= ${t.now}
        AND (d.lease_until IS NULL OR d.lease_until <= ${t.now})
      ORDER BY d.next_attempt_at, e.seq
      LIMIT ${p.add(limit, 'int')}
      FOR UPDATE OF d SKIP LOCKED
    ), taken AS (
      UPDATE ${t.eventDeliveries} d SET lease_until = ${t.now} + ${ms(p.add(leaseMs, 'bigint'))}
      FROM due WHERE d.event_id = due.event_id AND d.channel = due.channel
      RETURNING d.event_id, d.attempts
    )
    SELECT e.*, taken.attempts FROM taken JOIN ${t.events} e ON e.id = taken.event_id
    ORDER BY e.seq`;
  return { text, values: p.values };
}

/** Records one attempt and moves the delivery on: delivered, due again later, or failed. */
export function recordAttemptStatement(t: Tables, attempt: DeliveryAttempt) {
  const p = new Params();
  const ok = p.add(attempt.ok, 'boolean');
  const retry = p.add(attempt.ok ? null : (attempt.retryInMs ?? null), 'bigint');
  const error = p.add(attempt.error ?? null, 'text');
  const eventId = p.add(attempt.eventId);
  const channel = p.add(attempt.channel);
  const text = `WITH clock AS (SELECT ${t.now} AS t), upd AS (
      UPDATE ${t.eventDeliveries} d SET
        attempts = d.attempts + 1,
        lease_until = NULL,
        status = CASE WHEN ${ok} THEN 'delivered' WHEN ${retry} IS NULL THEN 'failed' ELSE 'pending' END,
        next_attempt_at = CASE WHEN ${retry} IS NULL THEN d.next_attempt_at
          ELSE clock.t + ${ms(retry)} END,
        delivered_at = CASE WHEN ${ok} THEN clock.t END,
        last_error = ${error}
      FROM clock
      WHERE d.event_id = ${eventId} AND d.channel = ${channel} AND d.status = 'pending'
      RETURNING d.event_id
    )
    INSERT INTO ${t.eventAttempts} (event_id, channel, at, ok, status_code, error)
    SELECT ${eventId}, ${channel}, clock.t, ${ok}, ${p.add(attempt.statusCode ?? null, 'int')}, ${error}
    FROM clock`;
  return { text, values: p.values };
}

function filterConditions(p: Params, filter: EventFilter): string {
  const conditions = ['true'];
  if (filter.ids) conditions.push(`e.id = ANY(${p.add([...filter.ids], 'text[]')})`);
  if (filter.since) conditions.push(`e.created_at >= ${p.add(filter.since, 'timestamptz')}`);
  return conditions.join(' AND ');
}

/** Events matching a filter, oldest first. */
export function listEventsStatement(t: Tables, filter: EventFilter) {
  const p = new Params();
  const where = filterConditions(p, filter);
  return {
    text: `SELECT e.* FROM ${t.events} e WHERE ${where}
      ORDER BY e.seq LIMIT ${p.add(filter.limit ?? DEFAULT_LIMIT, 'int')}`,
    values: p.values,
  };
}

/** Makes the deliveries of matching events on a channel due now (creating missing ones). */
export function redeliverStatement(t: Tables, channel: EventChannel, filter: EventFilter) {
  const p = new Params();
  const where = filterConditions(p, filter);
  const text = `INSERT INTO ${t.eventDeliveries} (event_id, channel, next_attempt_at)
    SELECT e.id, ${p.add(channel)}, ${t.now} FROM ${t.events} e WHERE ${where}
    ORDER BY e.seq LIMIT ${p.add(filter.limit ?? DEFAULT_LIMIT, 'int')}
    ON CONFLICT (event_id, channel) DO UPDATE SET status = 'pending', attempts = 0,
      next_attempt_at = EXCLUDED.next_attempt_at, lease_until = NULL, delivered_at = NULL,
      last_error = NULL`;
  return { text, values: p.values };
}
