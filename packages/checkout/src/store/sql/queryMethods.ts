import type { CheckoutStore, SqlClient } from '../types.js';
import { type OrderRow, type SubscriptionRow, toOrder, toSubscription } from './rows.js';
import type { Tables } from './statementParts.js';

/** The merchant's reads: orders and subscriptions by filter. */
export type QueryMethods = Pick<CheckoutStore, 'listOrders' | 'listSubscriptions'>;

/**
 * One statement each; an absent filter is a NULL parameter, so the statement's text (and a
 * prepared plan) is the same for every combination. Ordered by creation, then id, so two
 * rows made in the same microsecond keep one order between pages. Newest first is its own
 * statement (a direction cannot be a parameter, and the (email, created_at) index serves both).
 */
export function queryMethods(client: SqlClient, t: Tables): QueryMethods {
  return {
    async listOrders(query) {
      const { rows } = await client.query<OrderRow>(
        `SELECT * FROM ${t.orders}
          WHERE ($1::text IS NULL OR lower(email) = lower($1::text))
            AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)
            AND ($3::timestamptz IS NULL OR created_at < $3::timestamptz)
          ORDER BY ${query.newestFirst ? 'created_at DESC, id DESC' : 'created_at, id'}
          LIMIT $4`,
        [query.email ?? null, query.since ?? null, query.until ?? null, query.limit],
      );
      return rows.map(toOrder);
    },

    async listSubscriptions(query) {
      const { rows } = await client.query<SubscriptionRow>(
        `SELECT * FROM ${t.subscriptions}
          WHERE ($1::text IS NULL OR status = $1::text)
            AND ($2::text IS NULL OR lower(email) = lower($2::text))
          ORDER BY created_at, id
          LIMIT $3`,
        [query.status ?? null, query.email ?? null, query.limit],
      );
      return rows.map(toSubscription);
    },
  };
}
