// The statements of retention (`CheckoutStore.prune`): what is old enough to go, and its
// deletion in one statement, so a batch is all gone or all there.

import { ENDED_UNPAID_STATES } from '../../lifecycle/sessionLifecycle.js';
import type { PrunePolicy } from '../types.js';
import { ms, Params, statusList, type Tables } from './statementParts.js';

/** What is due, by kind; `take` ends each selection (a limit and its locks, or nothing). */
function dueRows(t: Tables, p: Params, policy: PrunePolicy, take: string): string {
  const eventsBefore = `(SELECT t FROM clock) - ${ms(p.add(policy.eventRetentionMs, 'bigint'))}`;
  const sessionsBefore = `(SELECT t FROM clock) - ${ms(p.add(policy.sessionRetentionMs, 'bigint'))}`;
  return `clock AS (SELECT ${t.now} AS t),
    ended AS (
      SELECT s.id FROM ${t.sessions} s
      WHERE s.status IN (${statusList(ENDED_UNPAID_STATES)}) AND s.updated_at < ${sessionsBefore}
        AND NOT EXISTS (SELECT 1 FROM ${t.orders} o WHERE o.session_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM ${t.subscriptions} sub WHERE sub.session_id = s.id)
      ORDER BY s.updated_at ${take}
    ),
    done AS (
      SELECT e.id FROM ${t.events} e
      WHERE e.created_at < ${eventsBefore}
        AND NOT EXISTS (SELECT 1 FROM ${t.eventDeliveries} d
          WHERE d.event_id = e.id AND d.status = 'pending')
      ORDER BY e.created_at ${take}
    ),
    old_payment_failures AS (
      SELECT f.id FROM ${t.failures} f WHERE f.at < ${sessionsBefore} ORDER BY f.at ${take}
    ),
    old_promo_failures AS (
      SELECT f.id FROM ${t.promoFailures} f WHERE f.at < ${sessionsBefore} ORDER BY f.at ${take}
    ),
    old_link_requests AS (
      SELECT r.id FROM ${t.linkRequests} r WHERE r.at < ${sessionsBefore} ORDER BY r.at ${take}
    ),
    old_provider_events AS (
      SELECT pe.provider, pe.event_id FROM ${t.providerEvents} pe
      WHERE pe.received_at < ${eventsBefore} ORDER BY pe.received_at ${take}
    )`;
}

/**
 * Deletes up to `limit` rows of each kind, oldest first, skipping rows locked by another
 * process pruning at the same moment. An event's deliveries and attempts go with it; a
 * session's last event version (`event_objects`) goes with the session, which can have no
 * event after it (a data-modifying `WITH` runs whether or not it is read). Returns one row of
 * counts.
 */
export function pruneStatement(t: Tables, policy: PrunePolicy) {
  const p = new Params();
  const take = `LIMIT ${p.add(policy.limit, 'integer')} FOR UPDATE SKIP LOCKED`;
  const text = `WITH ${dueRows(t, p, policy, take)},
    gone_attempts AS (
      DELETE FROM ${t.eventAttempts} WHERE event_id IN (SELECT id FROM done) RETURNING 1
    ),
    gone_deliveries AS (
      DELETE FROM ${t.eventDeliveries} WHERE event_id IN (SELECT id FROM done) RETURNING 1
    ),
    gone_events AS (DELETE FROM ${t.events} WHERE id IN (SELECT id FROM done) RETURNING 1),
    gone_sessions AS (DELETE FROM ${t.sessions} WHERE id IN (SELECT id FROM ended) RETURNING 1),
    gone_objects AS (
      DELETE FROM ${t.eventObjects} WHERE object_id IN (SELECT id FROM ended) RETURNING 1
    ),
    gone_payment_failures AS (
      DELETE FROM ${t.failures} WHERE id IN (SELECT id FROM old_payment_failures) RETURNING 1
    ),
    gone_promo_failures AS (
      DELETE FROM ${t.promoFailures} WHERE id IN (SELECT id FROM old_promo_failures) RETURNING 1
    ),
    gone_link_requests AS (
      DELETE FROM ${t.linkRequests} WHERE id IN (SELECT id FROM old_link_requests) RETURNING 1
    ),
    gone_provider_events AS (
      DELETE FROM ${t.providerEvents}
      WHERE (provider, event_id) IN (SELECT provider, event_id FROM old_provider_events)
      RETURNING 1
    )
    SELECT
      (SELECT count(*) FROM gone_events)::int AS events,
      (SELECT count(*) FROM gone_deliveries)::int AS deliveries,
      (SELECT count(*) FROM gone_attempts)::int AS attempts,
      (SELECT count(*) FROM gone_sessions)::int AS sessions,
      ((SELECT count(*) FROM gone_payment_failures)
        + (SELECT count(*) FROM gone_promo_failures)
        + (SELECT count(*) FROM gone_link_requests))::int AS failures,
      (SELECT count(*) FROM gone_provider_events)::int AS provider_events`;
  return { text, values: p.values };
}

/** Counts every row that is due now, whatever the limit, and deletes nothing (a dry run). */
export function countDueStatement(t: Tables, policy: PrunePolicy) {
  const p = new Params();
  const text = `WITH ${dueRows(t, p, policy, '')}
    SELECT
      (SELECT count(*) FROM done)::int AS events,
      (SELECT count(*) FROM ${t.eventDeliveries}
        WHERE event_id IN (SELECT id FROM done))::int AS deliveries,
      (SELECT count(*) FROM ${t.eventAttempts}
        WHERE event_id IN (SELECT id FROM done))::int AS attempts,
      (SELECT count(*) FROM ended)::int AS sessions,
      ((SELECT count(*) FROM old_payment_failures)
        + (SELECT count(*) FROM old_promo_failures)
        + (SELECT count(*) FROM old_link_requests))::int AS failures,
      (SELECT count(*) FROM old_provider_events)::int AS provider_events`;
  return { text, values: p.values };
}
