// The merchant's typed reads (issue 22.6): the orders and subscriptions behind the host's
// own admin pages, the same lists `plankit orders` and `plankit subscriptions` print.

import { InvalidArgumentError } from '../errors/errors.js';
import { SUBSCRIPTION_STATES, type SubscriptionState } from '../lifecycle/subscriptionLifecycle.js';
import type { CheckoutStore, Order, Subscription } from '../store/types.js';
import type { Guards } from './guards.js';

/** The most rows one call returns; page with `since` (orders) for more. */
export const MAX_LIST_LIMIT = 10_000;
const DEFAULT_LIMIT = 100;

/** Which orders {@link listOrders} returns, oldest first. */
export interface OrderQuery {
  /** The buyer's email, without regard to case. */
  email?: string;
  /** Made at or after. */
  since?: Date;
  /** Made before. */
  until?: Date;
  /** At most this many (default 100, at most 10 000). */
  limit?: number;
}

/** Which subscriptions {@link listSubscriptions} returns, oldest first. */
export interface SubscriptionQuery {
  status?: SubscriptionState;
  /** The buyer's email, without regard to case. */
  email?: string;
  /** At most this many (default 100, at most 10 000). */
  limit?: number;
}

type QueryContext = Guards & { store: CheckoutStore };

function limitOf(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new InvalidArgumentError(`limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`);
  }
  return limit;
}

function dateOf(name: string, value: Date | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidArgumentError(`${name} must be a valid Date.`);
  }
  return value;
}

function emailOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidArgumentError('email must be a non-empty string.');
  }
  return value.trim();
}

/** Orders by buyer and date, oldest first. */
export function listOrders(ctx: QueryContext, query: OrderQuery = {}): Promise<Order[]> {
  const checked = {
    email: emailOf(query.email),
    since: dateOf('since', query.since),
    until: dateOf('until', query.until),
    limit: limitOf(query.limit),
  };
  return ctx.fromStore('listOrders', {}, () => ctx.store.listOrders(checked));
}

/** Subscriptions by status and buyer, oldest first. */
export function listSubscriptions(
  ctx: QueryContext,
  query: SubscriptionQuery = {},
): Promise<Subscription[]> {
  if (query.status !== undefined && !SUBSCRIPTION_STATES.includes(query.status)) {
    throw new InvalidArgumentError(
      `status must be one of ${SUBSCRIPTION_STATES.join(', ')} (got ${String(query.status)}).`,
    );
  }
  const checked = {
    status: query.status,
    email: emailOf(query.email),
    limit: limitOf(query.limit),
  };
  return ctx.fromStore('listSubscriptions', {}, () => ctx.store.listSubscriptions(checked));
}
