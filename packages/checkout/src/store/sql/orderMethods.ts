import type { CheckoutStore, SqlClient } from '../types.js';
import { parseJson } from './readRows.js';
import { type RefundRow, toRefund } from './refundRows.js';
import {
  type OrderRow,
  type SessionRow,
  type SubscriptionRow,
  toOrder,
  toSession,
  toSubscription,
} from './rows.js';
import type { Tables } from './statementParts.js';

/** The store's reads of orders (they are written with their session's or renewal's event). */
export type OrderMethods = Pick<CheckoutStore, 'getOrderRecord' | 'listRenewalOrders'>;

/** Orders: the receipt page's read and a subscription's billing history. */
export function orderMethods(client: SqlClient, t: Tables): OrderMethods {
  return {
    async getOrderRecord(orderId) {
      const { rows } = await client.query<{
        order_json: OrderRow | string;
        session_json: SessionRow | string | null;
        subscription_json: SubscriptionRow | string | null;
        refunds_json: RefundRow[] | string | null;
      }>(
        `SELECT to_jsonb(o) AS order_json, to_jsonb(sub) AS subscription_json,
            to_jsonb(s) AS session_json,
            (SELECT jsonb_agg(to_jsonb(r) ORDER BY r.created_at, r.id) FROM ${t.refunds} r
              WHERE r.order_id = o.id) AS refunds_json
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
        refunds: (parseJson(row.refunds_json) ?? []).map(toRefund),
      };
    },

    async listRenewalOrders(subscriptionId) {
      const { rows } = await client.query<OrderRow>(
        `SELECT * FROM ${t.orders} WHERE subscription_id = $1
            AND kind IN ('renewal', 'proration')
          ORDER BY created_at`,
        [subscriptionId],
      );
      return rows.map(toOrder);
    },
  };
}
