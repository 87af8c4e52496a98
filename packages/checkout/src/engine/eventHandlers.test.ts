// In-process handlers (`engine.on`): called after commit, at least once, retried when they throw.
import type { CheckoutEvent } from '../events/types.js';
import {
  databases,
  expectRedirect,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

describe.each(databases)('engine.on, on $name', (database) => {
  const h = useEngineHarness(database);

  it('calls the order.paid handler once with the typed order, after the commit', async () => {
    const { engine } = h.setup();
    const seen: CheckoutEvent[] = [];
    engine.on('order.paid', async (event) => {
      // Typed: an order.paid carries the order's reference and total.
      const { reference, total } = event.data;
      expect(typeof reference).toBe('string');
      expect(total).toBeGreaterThan(0);
      // After the commit: the order is there to read.
      const record = await h.store.getSessionRecord(event.data.checkoutSessionId);
      expect(record?.order?.reference).toBe(reference);
      seen.push(event);
    });
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 2 });
    expect(seen.map((event) => [event.type, event.data.id])).toEqual([
      ['order.paid', (await h.store.getSessionRecord(sessionId))?.order?.id],
    ]);
    // Delivered: never again.
    expect(await engine.deliverEvents()).toEqual({
      delivered: 0,
      retrying: 0,
      failed: 0,
      nextRetryInMs: null,
    });
    expect(seen).toHaveLength(1);
  });

  it('retries a handler that throws, on the schedule, until it succeeds', async () => {
    const { engine, logs } = h.setup();
    let calls = 0;
    engine.on('order.paid', () => {
      calls++;
      if (calls === 1) throw new Error('provisioning service down');
    });
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await engine.deliverEvents()).toMatchObject({ retrying: 1 });
    expect(logs.some((line) => JSON.stringify(line).includes('provisioning service down'))).toBe(
      true,
    );
    // Not yet due.
    await engine.deliverEvents();
    expect(calls).toBe(1);
    await h.advance(5_000);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 1, retrying: 0 });
    expect(calls).toBe(2);
  });

  it('runs from the background work once started', async () => {
    const { engine } = h.setup({ deliveryIntervalMs: 50 });
    const paid = new Promise<CheckoutEvent>((resolve) => engine.on('order.paid', resolve));
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    engine.start();
    try {
      expect((await paid).type).toBe('order.paid');
    } finally {
      await engine.stop();
    }
  });
});
