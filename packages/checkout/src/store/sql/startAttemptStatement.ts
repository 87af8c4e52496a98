import { SESSION_EVENTS } from '../../lifecycle/sessionLifecycle.js';
import type { StartAttemptInput } from '../types.js';
import { SELECTION_CASTS, SELECTION_COLUMNS, selectionParams } from './rows.js';
import { ms, Params, statusList, type Tables } from './statementParts.js';

/**
 * Inserts the session already in its first attempt (`open` + `pay`), or starts the next
 * attempt on the stored one (`pay`), or resumes an attempt whose lease ran out; returns the
 * session with the outcome and the recent failures. When two first submissions of one key
 * race, the loser's statement returns no row (its snapshot predates the winner's insert),
 * and so does one that lost the race to start the next attempt (its snapshot predates the
 * winner's update): the caller runs it again and finds the session held.
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
  const emailKey = p.add(input.emailKey, 'text');
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
        -- Claimable in this statement's snapshot, yet not claimed: another caller claimed it
        -- after the snapshot (its update went first). No row, so the caller runs the
        -- statement again and sees that attempt held, never the state it replaced.
        -- (COALESCE: a caller with no visitor hash claims only a session bound to nobody.)
        AND NOT ((e.visitor_hash IS NULL OR COALESCE(e.visitor_hash = ${claimant}, false))
          AND e.status IN (${statusList(pay.from)}) AND e.expires_at > (SELECT t FROM clock))
    )
    SELECT r.*, c.t AS clock_now, f.for_session, f.for_client, f.for_email, f.oldest, f.overall,
      f.oldest_overall
    FROM result r CROSS JOIN clock c CROSS JOIN LATERAL (
      SELECT
        count(*) FILTER (WHERE x.session_id = r.id)::int AS for_session,
        count(*) FILTER (WHERE x.client_key = ${clientKey})::int AS for_client,
        count(*) FILTER (WHERE x.email_key = ${emailKey})::int AS for_email,
        min(x.at) FILTER (WHERE x.session_id = r.id OR x.client_key = ${clientKey}
          OR x.email_key = ${emailKey}) AS oldest,
        count(*)::int AS overall,
        min(x.at) AS oldest_overall
      FROM ${t.failures} x
      WHERE x.at >= c.t - ${ms(window)}
    ) f`;
  return { text, values: p.values };
}
