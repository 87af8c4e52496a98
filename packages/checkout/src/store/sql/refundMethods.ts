import type { CheckoutStore, SqlClient } from '../types.js';
import { parseJson } from './readRows.js';
import { type RefundRow, toRefund } from './refundRows.js';
import {
  beginRefundStatement,
  pendingRefundsStatement,
  providerRefundStatement,
  settleRefundStatement,
} from './refundStatements.js';
import { type OrderRow, toNumber, toOrder } from './rows.js';
import type { Tables } from './statementParts.js';

/** The store's refunds and the order lookup they start from. */
export type RefundMethods = Pick<
  CheckoutStore,
  'findOrder' | 'beginRefund' | 'settleRefund' | 'recordProviderRefund' | 'listPendingRefunds'
>;

/** Postgres' unique_violation: two writers of one key at once; the loser reads the winner. */
const UNIQUE_VIOLATION = '23505';

export function refundMethods(client: SqlClient, t: Tables): RefundMethods {
  const beginOnce = async (input: Parameters<RefundMethods['beginRefund']>[0]) => {
    const { text, values } = beginRefundStatement(t, input);
    return client.query<RefundRow & { outcome: 'created' | 'exists' }>(text, values);
  };
  return {
    async findOrder(reference) {
      const { rows } = await client.query<{
        order_json: OrderRow | string;
        refunds_json: RefundRow[] | string | null;
      }>(
        `SELECT to_jsonb(o) AS order_json,
            (SELECT jsonb_agg(to_jsonb(r) ORDER BY r.created_at, r.id) FROM ${t.refunds} r
              WHERE r.order_id = o.id) AS refunds_json
          FROM ${t.orders} o WHERE o.reference = $1`,
        [reference],
      );
      const order = rows[0] ? parseJson(rows[0].order_json) : null;
      if (!rows[0] || !order) return null;
      return {
        order: toOrder(order),
        refunds: (parseJson(rows[0].refunds_json) ?? []).map(toRefund),
      };
    },

    async beginRefund(input) {
      let result: Awaited<ReturnType<typeof beginOnce>>;
      try {
        result = await beginOnce(input);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== UNIQUE_VIOLATION) throw error;
        result = await beginOnce(input);
      }
      const row = result.rows[0];
      if (row) return { outcome: row.outcome, refund: toRefund(row) };
      const { rows } = await client.query<{
        amount_paid: number | string;
        amount_refunded: number | string;
      }>(`SELECT amount_paid, amount_refunded FROM ${t.orders} WHERE id = $1`, [input.orderId]);
      const order = rows[0];
      if (!order) return { outcome: 'order_not_found' };
      return {
        outcome: 'exceeds',
        remaining: toNumber(order.amount_paid) - toNumber(order.amount_refunded),
      };
    },

    async settleRefund(input) {
      const { text, values } = settleRefundStatement(t, input);
      const { rows } = await client.query<RefundRow>(text, values);
      return rows[0] ? toRefund(rows[0]) : null;
    },

    async recordProviderRefund(input) {
      const { text, values } = providerRefundStatement(t, input);
      const { rows } = await client.query<RefundRow>(text, values);
      return rows[0] ? toRefund(rows[0]) : null;
    },

    async listPendingRefunds(olderThanMs, limit) {
      const { text, values } = pendingRefundsStatement(t, olderThanMs, limit);
      const { rows } = await client.query<RefundRow>(text, values);
      return rows.map(toRefund);
    },
  };
}
