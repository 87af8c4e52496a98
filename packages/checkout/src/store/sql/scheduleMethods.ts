import { StoreError } from '../../errors/errors.js';
import { SESSION_EVENTS } from '../../lifecycle/sessionLifecycle.js';
import { SUBSCRIPTION_EVENTS } from '../../lifecycle/subscriptionLifecycle.js';
import type { CheckoutStore, SqlClient } from '../types.js';
import { toDate } from './rows.js';
import { ms, Params, statusList, type Tables } from './statementParts.js';

/** The store's answer to "when is the background work next due". */
export type ScheduleMethods = Required<Pick<CheckoutStore, 'nextDue'>>;

type Millis = number | string | null;

interface NextDueRow {
  now: Date | string;
  reconcile: Millis;
  expire: Millis;
  renew: Millis;
  end_canceled: Millis;
  refunds: Millis;
  deliveries: Millis;
}

const toMillis = (value: Millis) => (value === null ? null : Math.ceil(Number(value)));

/**
 * One statement of `min()`s, each over the partial index its sweep uses (expirable, stale,
 * subscriptions_due, refunds_pending, event_deliveries_due), so it stays cheap however big
 * the tables grow: an idle host asks it once a minute and runs nothing else.
 */
export function nextDueStatement(t: Tables, channels: string[], pendingRefundAfterMs: number) {
  const p = new Params();
  const until = (time: string) => `(extract(epoch FROM ((${time}) - c.t)) * 1000)::float8`;
  const renewable = statusList(SUBSCRIPTION_EVENTS.renew.from);
  const text = `WITH c AS (SELECT ${t.now} AS t)
    SELECT c.t AS now,
      ${until(`SELECT min(lease_until) FROM ${t.sessions} WHERE status = 'processing'`)} AS reconcile,
      ${until(`SELECT min(expires_at) FROM ${t.sessions}
        WHERE status IN (${statusList(SESSION_EVENTS.expire.from)})`)} AS expire,
      ${until(`SELECT min(GREATEST(next_attempt_at, lease_until)) FROM ${t.subscriptions}
        WHERE status IN (${renewable}) AND renewed_by = 'engine' AND NOT cancel_at_period_end
          AND next_attempt_at IS NOT NULL`)} AS renew,
      ${until(`SELECT min(current_period_end) FROM ${t.subscriptions}
        WHERE cancel_at_period_end AND status IN (${statusList(SUBSCRIPTION_EVENTS.cancel.from)})`)} AS end_canceled,
      ${until(`SELECT min(updated_at) + ${ms(p.add(pendingRefundAfterMs, 'bigint'))} FROM ${t.refunds}
        WHERE status = 'pending'`)} AS refunds,
      ${until(`SELECT min(GREATEST(next_attempt_at, lease_until)) FROM ${t.eventDeliveries}
        WHERE status = 'pending' AND channel = ANY(${p.add(channels, 'text[]')})`)} AS deliveries
    FROM c`;
  return { text, values: p.values };
}

export function scheduleMethods(client: SqlClient, t: Tables): ScheduleMethods {
  return {
    async nextDue({ channels, pendingRefundAfterMs }) {
      const { text, values } = nextDueStatement(t, channels, pendingRefundAfterMs);
      const { rows } = await client.query<NextDueRow>(text, values);
      const row = rows[0];
      if (!row) throw new StoreError('nextDue');
      return {
        now: toDate(row.now),
        reconcile: toMillis(row.reconcile),
        expire: toMillis(row.expire),
        renew: toMillis(row.renew),
        endCanceled: toMillis(row.end_canceled),
        refunds: toMillis(row.refunds),
        deliveries: toMillis(row.deliveries),
      };
    },
  };
}
