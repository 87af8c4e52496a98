import { vi } from 'vitest';
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { makeStartAttempt } from '../testing/storeFixtures.js';
import { BATCHES_PER_PASS, pruneBatches } from './retention.js';

describe.each(databases)('retention, on $name', (database) => {
  const h = useEngineHarness(database);

  /** A paid starter checkout and a declined one left to expire; every event delivered. */
  async function aDayOfSales(engine: ReturnType<typeof h.setup>['engine']) {
    const paid = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    const declined = await engine.submitPlanStep(
      h.post({ paymentMethod: h.cards.declined }),
      visitor,
    );
    expect(declined.kind).toBe('state');
    await h.advance(25 * HOUR);
    expect(await engine.expireStaleSessions()).toBe(1);
    expect(await engine.deliverEvents()).toMatchObject({ failed: 0, retrying: 0 });
    const events = await h.store.listEvents();
    const expired = events.find((e) => e.type === 'checkout.expired')?.data.id ?? '';
    return { paidSession: paid.sessionId, expiredSession: expired, events };
  }

  it('a month on, the sweeps delete the expired checkout and the delivered events; the sale keeps its order, subscription and receipt', async () => {
    const { engine } = h.setup();
    engine.on('order.paid', () => {});
    const { paidSession, expiredSession, events } = await aDayOfSales(engine);
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.expired',
      'order.paid',
      'payment.failed',
      'subscription.created',
    ]);
    expect(await engine.prune()).toMatchObject({ events: 0, sessions: 0 });

    await h.advance(31 * DAY);
    expect(await engine.prune()).toEqual({
      events: 4,
      deliveries: 4,
      attempts: 4,
      sessions: 1,
      failures: 1,
      providerEvents: 0,
    });
    expect(await h.store.getSession(expiredSession)).toBeNull();
    expect(await engine.getFinishView(expiredSession, visitor)).toMatchObject({
      status: 'not_found',
    });
    const view = await engine.getFinishView(paidSession, visitor);
    expect(view.status).toBe('paid');
    const record = await h.store.getSessionRecord(paidSession);
    expect(record?.subscription?.status).toBe('active');
    const receipt = await engine.getReceiptView(
      engine
        .receiptPath(record?.order?.id ?? '')
        .split('/')
        .pop() ?? '',
    );
    expect(receipt.status).toBe('found');
    expect(await h.countRows('orders')).toBe(1);
    expect(await h.countRows('subscriptions')).toBe(1);
  });

  it('keeps each kind for its own number of days', async () => {
    const { engine } = h.setup({ sessionRetentionDays: 7, eventRetentionDays: 60 });
    engine.on('order.paid', () => {});
    const { expiredSession } = await aDayOfSales(engine);
    await h.advance(8 * DAY);
    expect(await engine.prune()).toMatchObject({ sessions: 1, events: 0 });
    expect(await h.store.getSession(expiredSession)).toBeNull();
    expect(await h.store.listEvents()).toHaveLength(4);
    await h.advance(60 * DAY);
    expect(await engine.prune()).toMatchObject({ sessions: 0, events: 4 });
  });

  it('start() prunes with its first sweep, and logs what it deleted', async () => {
    const { engine, logs } = h.setup();
    engine.on('order.paid', () => {});
    const { expiredSession } = await aDayOfSales(engine);
    await h.advance(31 * DAY);
    engine.start();
    try {
      await vi.waitFor(async () => expect(await h.store.getSession(expiredSession)).toBeNull(), {
        timeout: 10_000,
      });
    } finally {
      await engine.stop();
    }
    expect(logs).toContainEqual([
      'info',
      '[plankit] retention: deleted what is past its retention',
      expect.objectContaining({ sessions: 1, events: 4 }),
    ]);
  });

  it('one pass deletes at most its batches; the next passes work off the rest', async () => {
    for (let i = 0; i < 2 * BATCHES_PER_PASS + 1; i++) {
      const { session } = await h.store.startAttempt(makeStartAttempt());
      await h.store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
      await h.store.applyEvent({ sessionId: session.id, event: 'cancel' });
    }
    await h.advance(31 * DAY);
    const days = { eventRetentionDays: 30, sessionRetentionDays: 30 };
    const pass = () => pruneBatches(h.store, days, { maxBatches: BATCHES_PER_PASS, limit: 1 });
    expect((await pass()).sessions).toBe(BATCHES_PER_PASS);
    expect((await pass()).sessions).toBe(BATCHES_PER_PASS);
    expect((await pass()).sessions).toBe(1);
    expect((await pass()).sessions).toBe(0);
  });
});
