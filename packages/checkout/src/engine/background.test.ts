import { vi } from 'vitest';
import {
  DAY,
  databases,
  expectState,
  HOUR,
  MINUTE,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { makeStartAttempt } from '../testing/storeFixtures.js';

describe.each(databases)('the background work runs each sweep when due, on $name', (database) => {
  const h = useEngineHarness(database);

  it('the store says when each kind of work is next due', async () => {
    const ask = () =>
      h.store.nextDue?.({ channels: ['webhook'], pendingRefundAfterMs: 5 * MINUTE });
    expect(await ask()).toMatchObject({
      reconcile: null,
      expire: null,
      renew: null,
      endCanceled: null,
      refunds: null,
      deliveries: null,
    });
    // A running attempt: its lease ends; once it failed, the session expires.
    const { session } = await h.store.startAttempt(
      makeStartAttempt({ leaseMs: 30_000, session: { ttlMs: DAY } }),
    );
    const running = await ask();
    expect(running?.reconcile).toBe(30_000);
    expect(running?.expire).toBeNull();
    expect(running?.now).toEqual(await h.store.clock.now());
    await h.store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
    expect(await ask()).toMatchObject({ reconcile: null, expire: DAY });
    await h.advance(DAY + 1);
    expect((await ask())?.expire).toBe(-1);
  });

  it('claimed deliveries handed back unsent are due again at once, for any process', async () => {
    await h.store.registerEventChannel('webhook');
    const { session } = await h.store.startAttempt(makeStartAttempt());
    await h.store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
    const claimed = await h.store.claimEventDeliveries('webhook', 10, 25_000);
    expect(claimed).toHaveLength(1);
    expect(await h.store.claimEventDeliveries('webhook', 10, 25_000)).toHaveLength(0);
    const ids = claimed.map(({ event }) => event.id);
    expect(await h.store.releaseEventDeliveries?.('webhook', ids)).toBe(1);
    expect(await h.store.claimEventDeliveries('webhook', 10, 25_000)).toHaveLength(1);
  });

  it('a declined checkout is expired when its expiry comes, not a sweep interval later', async () => {
    // The sweep interval is an hour: only the store's schedule can make it run in time.
    const { engine } = h.setup({ sweepIntervalMs: HOUR });
    engine.start();
    try {
      const post = h.post({ paymentMethod: h.cards.declined });
      expectState(await engine.submitPlanStep(post, visitor));
      const session = await h.store.getSessionByIdempotencyKey(post.idempotencyKey);
      expect(session?.status).toBe('failed');
      const sessionId = session?.id ?? '';
      await h.advance(25 * HOUR);
      // Any engine call has the background work look at the schedule again.
      await engine.getFinishView(sessionId, visitor);
      await vi.waitFor(
        async () => expect((await h.store.getSession(sessionId))?.status).toBe('expired'),
        { timeout: 15_000, interval: 200 },
      );
    } finally {
      await engine.stop();
    }
  });
});
