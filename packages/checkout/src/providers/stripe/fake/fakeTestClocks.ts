// Test clocks (https://docs.stripe.com/billing/testing/test-clocks,
// https://docs.stripe.com/api/test_clocks): a customer created with `test_clock` and its
// subscriptions live at the clock's frozen time. Advancing the clock answers `advancing`
// at once and then, as Stripe does, runs everything that falls due on the way (renewals,
// trial ends, cancellations at the period's end) in time order, and ends `ready`.

import type Stripe from 'stripe';
import { invalidRequest } from './fakeStripeErrors.js';
import { addInterval, type FakeStripeState, randomId } from './fakeStripeState.js';
import type { FakeSubscription, FakeTestClock } from './fakeStripeTypes.js';
import { CYCLING, type FakeSubscriptions } from './fakeSubscriptions.js';

const DAY = 86_400;

/** The fake's test clocks. */
export function createFakeTestClocks(state: FakeStripeState, subscriptions: FakeSubscriptions) {
  const running = new Set<Promise<void>>();

  const clock = (id: string) =>
    state.get<FakeTestClock>(id, 'test_helpers.test_clock', 'test_clock', 'test_clock');

  const subscriptionsOn = (id: string) =>
    [...state.objects.values()].filter(
      (o): o is FakeSubscription =>
        o.object === 'subscription' && (o as FakeSubscription).test_clock === id,
    );

  const periodEnd = (sub: FakeSubscription) =>
    Math.min(...sub.items.data.map((item) => item.current_period_end));

  function createTestClock(params: Stripe.TestHelpers.TestClockCreateParams): FakeTestClock {
    const created = state.now();
    const testClock = state.put<FakeTestClock>({
      id: `clock_${randomId()}`,
      object: 'test_helpers.test_clock',
      created,
      // "Time at which this clock is scheduled to auto delete": a week after it was made.
      deletes_after: created + 7 * DAY,
      frozen_time: Number(params.frozen_time),
      livemode: false,
      name: params.name ?? null,
      status: 'ready',
      status_details: {},
    });
    state.emit('test_helpers.test_clock.created', testClock);
    return testClock;
  }

  /** The latest time a clock may be advanced to (the `frozen_time` parameter's limit). */
  function limitOf(testClock: FakeTestClock): number {
    const live = subscriptionsOn(testClock.id).filter((sub) => sub.status !== 'canceled');
    // "Cannot be more than two intervals in the future from the shortest subscription in
    // this test clock. If there are no subscriptions in this test clock, it cannot be more
    // than two years in the future."
    const limits = live.map((sub) => {
      const yearly = sub.items.data.every((i) => i.price.recurring?.interval === 'year');
      const interval = yearly ? 'year' : 'month';
      return addInterval(addInterval(testClock.frozen_time, interval), interval);
    });
    return limits.length > 0
      ? Math.min(...limits)
      : addInterval(addInterval(testClock.frozen_time, 'year'), 'year');
  }

  function advanceTestClock(
    id: string,
    params: Stripe.TestHelpers.TestClockAdvanceParams,
  ): FakeTestClock {
    const testClock = clock(id);
    const target = Number(params.frozen_time);
    if (testClock.status !== 'ready') {
      throw invalidRequest(
        `The test clock ${id} is ${testClock.status}; it can be advanced once it is ready.`,
      );
    }
    if (!(target > testClock.frozen_time)) {
      throw invalidRequest(
        "The test clock's frozen_time must be after its current frozen time.",
        undefined,
        'frozen_time',
      );
    }
    if (target > limitOf(testClock)) {
      throw invalidRequest(
        'Cannot advance more than two intervals in the future from the shortest subscription in this test clock, or two years when it has none.',
        undefined,
        'frozen_time',
      );
    }
    testClock.status = 'advancing';
    testClock.status_details = { advancing: { target_frozen_time: target } };
    state.emit('test_helpers.test_clock.advancing', testClock);
    // Stripe answers at once and works in the background; the caller polls until `ready`.
    const work = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
      runUntil(testClock, target),
    );
    running.add(work);
    void work.finally(() => running.delete(work));
    return testClock;
  }

  /** Moves the clock to `target`, stopping at every period end on the way. */
  function runUntil(testClock: FakeTestClock, target: number) {
    for (;;) {
      const due = subscriptionsOn(testClock.id)
        .filter((sub) => CYCLING.has(sub.status))
        .filter((sub) => periodEnd(sub) <= target)
        .sort((a, b) => periodEnd(a) - periodEnd(b));
      const next = due[0];
      if (!next) break;
      testClock.frozen_time = Math.max(testClock.frozen_time, periodEnd(next));
      subscriptions.cycleSubscription(next.id);
    }
    testClock.frozen_time = target;
    testClock.status = 'ready';
    testClock.status_details = {};
    state.emit('test_helpers.test_clock.ready', testClock);
  }

  /** Deletes the clock and, as Stripe does, every customer and subscription on it. */
  function deleteTestClock(id: string): Stripe.TestHelpers.DeletedTestClock {
    const testClock = clock(id);
    for (const [key, object] of state.objects) {
      if ((object as { test_clock?: unknown }).test_clock === id) state.objects.delete(key);
    }
    state.objects.delete(testClock.id);
    return { id, object: 'test_helpers.test_clock', deleted: true };
  }

  return {
    createTestClock,
    advanceTestClock,
    deleteTestClock,
    /** Resolves once every advance under way has finished. */
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** The fake's test clocks. */
export type FakeTestClocks = ReturnType<typeof createFakeTestClocks>;
