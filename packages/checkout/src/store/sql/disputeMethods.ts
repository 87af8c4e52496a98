import type { CheckoutStore, SqlClient } from '../types.js';
import type { Tables } from './statementParts.js';

/** Disputes: one statement records a new one or its change (migration 13 writes the events). */
export type DisputeMethods = Pick<CheckoutStore, 'recordDispute'>;

export function disputeMethods(client: SqlClient, t: Tables): DisputeMethods {
  return {
    async recordDispute(input) {
      const { rows } = await client.query<{ found: number | string; written: number | string }>(
        `WITH target AS (
          SELECT id FROM ${t.orders} WHERE provider_payment_id = $2 ORDER BY created_at LIMIT 1
        ),
        written AS (
          INSERT INTO ${t.disputes} AS d
            (id, order_id, amount, currency, reason, status, closed, created_at, updated_at)
          SELECT $1, target.id, $3, $4, $5, $6, $7, ${t.now}, ${t.now} FROM target
          ON CONFLICT (id) DO UPDATE SET
            status = EXCLUDED.status,
            amount = EXCLUDED.amount,
            reason = EXCLUDED.reason,
            closed = d.closed OR EXCLUDED.closed,
            updated_at = EXCLUDED.updated_at
          WHERE d.status IS DISTINCT FROM EXCLUDED.status OR (EXCLUDED.closed AND NOT d.closed)
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM target)::int AS found,
          (SELECT count(*) FROM written)::int AS written`,
        [
          input.disputeRef,
          input.providerPaymentId,
          input.amount,
          input.currency.toUpperCase(),
          input.reason,
          input.status,
          input.closed,
        ],
      );
      const row = rows[0];
      if (!row || Number(row.found) === 0) return 'order_not_found';
      return Number(row.written) > 0 ? 'recorded' : 'unchanged';
    },
  };
}
