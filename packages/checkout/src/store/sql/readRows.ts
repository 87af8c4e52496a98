// Reading one row of a statement as a store record: what every area of the SQL store does
// with the session and subscription statements it builds.

import type { CheckoutSession, SqlQueryable, Subscription } from '../types.js';
import { type SessionRow, type SubscriptionRow, toSession, toSubscription } from './rows.js';

/** A statement's text and its bound values, as the statement builders return them. */
export interface Statement {
  text: string;
  values: readonly unknown[];
}

/** A `to_jsonb` column: PGlite hands it over parsed, `pg` too, a text cast as a string. */
export function parseJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The session the statement returns, or null when it returns no row. */
export async function oneSession(
  client: SqlQueryable,
  statement: Statement,
): Promise<CheckoutSession | null> {
  const { rows } = await client.query<SessionRow>(statement.text, statement.values);
  const row = rows[0];
  return row ? toSession(row) : null;
}

/** The subscription the statement returns, or null when it returns no row. */
export async function oneSubscription(
  client: SqlQueryable,
  statement: Statement,
): Promise<Subscription | null> {
  const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
  const row = rows[0];
  return row ? toSubscription(row) : null;
}
