import type { CheckoutStore, SqlClient } from '../types.js';
import { type EventRow, toCheckoutEvent } from './eventRows.js';
import {
  claimDeliveriesStatement,
  listEventsStatement,
  recordAttemptStatement,
  redeliverStatement,
} from './eventStatements.js';
import { toNumber } from './rows.js';
import type { Tables } from './statementParts.js';

/** The store's operations on the event outbox. */
export type OutboxMethods = Pick<
  CheckoutStore,
  | 'registerEventChannel'
  | 'claimEventDeliveries'
  | 'recordDeliveryAttempt'
  | 'listEvents'
  | 'redeliverEvents'
  | 'releaseEventDeliveries'
>;

/**
 * The outbox: events are written by the database's triggers in the transaction of each
 * change (migration 7); these hand their deliveries out, record attempts and replay.
 */
export function outboxMethods(client: SqlClient, t: Tables): OutboxMethods {
  return {
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

    async releaseEventDeliveries(channel, eventIds) {
      // Only still pending and claimed: one sent meanwhile, or never claimed, is not touched.
      // Announced like a new event (migration 12's channel, payload the schema), so the
      // other hosts take them at once.
      const { rows } = await client.query<{ n: number | string }>(
        `WITH released AS (
          UPDATE ${t.eventDeliveries} SET lease_until = NULL
          WHERE channel = $1 AND event_id = ANY($2::text[]) AND status = 'pending'
            AND lease_until IS NOT NULL
          RETURNING 1
        ), counted AS (SELECT count(*) AS n FROM released)
        SELECT n, CASE WHEN n > 0 THEN pg_notify('plankit_events', $3) END FROM counted`,
        [channel, eventIds, t.schema.slice(1, -1)],
      );
      return toNumber(rows[0]?.n ?? 0);
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
  };
}
