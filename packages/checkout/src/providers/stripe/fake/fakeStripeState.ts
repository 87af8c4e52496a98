// The fake Stripe account's state, shared by every resource of the fake: its objects by
// id, what each test card does, the events it emitted, and its clocks (the account's own,
// and the test clocks customers may belong to: https://docs.stripe.com/billing/testing/test-clocks).

import type Stripe from 'stripe';
import type { FakeCardBehaviour } from './fakeStripeCards.js';
import { notFound } from './fakeStripeErrors.js';
import type { AnyObject, FakeTestClock } from './fakeStripeTypes.js';

/** The API version of the fake's objects and events: the one `stripe@23.1.0` pins. */
export const FAKE_API_VERSION = '2026-10-28.endive';

/** Options of {@link createFakeStripeState}. */
export interface FakeStripeStateOptions {
  /** Base URL of the fake's own pages (the hosted Checkout page, the 3-D Secure page). */
  pagesBase: () => string;
  /** Called with every event the fake emits. */
  onEvent: (event: Stripe.Event) => void;
  /** The account's clock (default: the system's), in milliseconds. */
  now?: () => number;
}

/** The state every resource module of the fake works on. */
export interface FakeStripeState {
  readonly objects: Map<string, AnyObject>;
  readonly behaviours: Map<string, FakeCardBehaviour>;
  readonly events: Stripe.Event[];
  readonly pagesBase: () => string;
  /** The account's time, in Unix seconds. */
  now(): number;
  /** The time of a customer's objects: its test clock's frozen time, else the account's. */
  nowFor(customer: string | null | undefined): number;
  /** The test clock a customer belongs to, if any. */
  clockOf(customer: string | null | undefined): FakeTestClock | null;
  put<T extends AnyObject>(object: T): T;
  get<T extends AnyObject>(id: string, object: T['object'], kind: string, param?: string): T;
  emit(type: string, object: AnyObject, previous?: Record<string, unknown>): Stripe.Event;
  /** A copy of `object` with the `expand` paths replaced by the objects they name. */
  expand<T>(object: T, paths: readonly string[]): T;
}

/** A random id suffix, as long as Stripe's. */
export const randomId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

/** A deep copy, so an answer never shares objects with the state. */
export const copy = <T>(value: T): T => structuredClone(value);

/**
 * Adds `count` months or years to a Unix time, as Stripe's billing periods move: a day the
 * target month lacks becomes its last day ("a monthly subscription with a billing cycle
 * anchor date of January 31 bills the last day of the month closest to the anchor date, so
 * February 28 …, then March 31", https://docs.stripe.com/billing/subscriptions/billing-cycle).
 */
export function addInterval(time: number, interval: 'month' | 'year', count = 1): number {
  const date = new Date(time * 1000);
  const months = interval === 'month' ? count : 12 * count;
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** The first billing date after `after` of a subscription anchored at `anchor`. */
export function nextBillingDate(anchor: number, after: number, interval: 'month' | 'year') {
  let count = 1;
  while (addInterval(anchor, interval, count) <= after) count += 1;
  return addInterval(anchor, interval, count);
}

/** Creates the state of an empty fake account. */
export function createFakeStripeState(options: FakeStripeStateOptions): FakeStripeState {
  const clock = options.now ?? Date.now;
  const objects = new Map<string, AnyObject>();
  const now = () => Math.floor(clock() / 1000);

  const clockOf = (customer: string | null | undefined): FakeTestClock | null => {
    const owner = customer ? (objects.get(customer) as { test_clock?: unknown } | undefined) : null;
    const id = typeof owner?.test_clock === 'string' ? owner.test_clock : null;
    const found = id ? objects.get(id) : undefined;
    return found?.object === 'test_helpers.test_clock' ? (found as FakeTestClock) : null;
  };

  const state: FakeStripeState = {
    objects,
    behaviours: new Map(),
    events: [],
    pagesBase: options.pagesBase,
    now,
    nowFor: (customer) => clockOf(customer)?.frozen_time ?? now(),
    clockOf,
    put(object) {
      objects.set(object.id, object);
      return object;
    },
    get<T extends AnyObject>(id: string, object: T['object'], kind: string, param?: string): T {
      const found = objects.get(id);
      if (!found || found.object !== object) throw notFound(kind, id, param);
      return found as T;
    },
    emit(type, object, previous) {
      const owner = (object as { customer?: unknown }).customer;
      const event = {
        id: `evt_${randomId()}`,
        object: 'event',
        api_version: FAKE_API_VERSION,
        created: state.nowFor(typeof owner === 'string' ? owner : null),
        data: {
          object: expand(object, []),
          ...(previous ? { previous_attributes: previous } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      } as unknown as Stripe.Event;
      state.events.push(event);
      options.onEvent(event);
      return event;
    },
    expand: (object, paths) => expand(object, paths),
  };

  function expand<T>(object: T, paths: readonly string[]): T {
    const out = copy(object) as Record<string, unknown>;
    // An invoice's `payments` is includable: Stripe sends it only when expanded.
    if (
      out.object === 'invoice' &&
      !paths.some((p) => p === 'payments' || p.startsWith('payments.'))
    ) {
      delete out.payments;
    }
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (!head) continue;
      let value = out[head];
      if (typeof value === 'string' && objects.has(value)) value = copy(objects.get(value));
      if (Array.isArray(value) && rest.length > 0) {
        // `data.invoice` on a list's answer: each entry expanded.
        value = value.map((entry) => expand(entry, [rest.join('.')]));
      } else if (value && typeof value === 'object' && rest.length > 0) {
        const list = value as { object?: string; data?: unknown[] };
        if (list.object === 'list' && Array.isArray(list.data)) {
          // `payments.data.payment.payment_intent`-style paths step through a list.
          const inner = rest[0] === 'data' ? rest.slice(1) : rest;
          list.data = list.data.map((entry) => expand(entry, [inner.join('.')]));
        } else value = expand(value, [rest.join('.')]);
      }
      out[head] = value;
    }
    return out as T;
  }

  return state;
}
