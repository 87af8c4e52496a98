// Outgoing webhooks against a real HTTP receiver that verifies every delivery with
// `standardwebhooks` (Webhook.verify), as a host's endpoint does.
import { TEST_CARDS } from '../providers/test/testCards.js';
import { createTestPaymentProvider } from '../providers/test/testPaymentProvider.js';
import { createSqlStore } from '../store/sql/createSqlStore.js';
import type { SqlClient } from '../store/types.js';
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-utils/webhookReceiver.js';
import { deliveryLeaseMs } from './deliverEvents.js';
import { DELIVERY_RETRY_SCHEDULE_MS } from './retrySchedule.js';

describe.each(databases)('outgoing webhooks, on $name', (database) => {
  const h = useEngineHarness(database);
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });
  const webhook = () => ({ url: receiver.url, secret: receiver.secret });

  it('delivers one verified order.paid per paid checkout: { type, timestamp, data }', async () => {
    const { engine } = h.setup({ webhook: webhook() });
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 2, retrying: 0 });
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 0 });
    const paid = receiver.received.filter((delivery) => delivery.type === 'order.paid');
    expect(paid).toHaveLength(1);
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    expect(paid[0]).toMatchObject({
      timestamp: START.toISOString(),
      data: {
        id: order?.id,
        version: 1,
        reference: order?.reference,
        checkoutSessionId: sessionId,
        total: order?.total,
      },
    });
    expect(paid[0]?.id).toMatch(/^evt_/);
    expect(paid[0]?.headers['content-type']).toBe('application/json');
    expect(receiver.rejected).toBe(0);
  });

  it('after a 500, delivers again with the same webhook-id once the retry is due', async () => {
    const { engine } = h.setup({ webhook: webhook() });
    engine.on('subscription.created', () => {}); // unrelated channel, must not interfere
    receiver.answerNext(500);
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    // Handlers took both events; the webhook one of them (the other answered 500).
    expect(await engine.deliverEvents()).toMatchObject({ retrying: 1, delivered: 3 });
    const failed = receiver.received[0];
    expect(failed?.status).toBe(500);
    // The first retry is due within 10 seconds, not before its delay.
    expect(DELIVERY_RETRY_SCHEDULE_MS[0]).toBeLessThanOrEqual(10_000);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 0 });
    await h.advance(DELIVERY_RETRY_SCHEDULE_MS[0] ?? 0);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 1 });
    const again = receiver.received.filter((delivery) => delivery.id === failed?.id);
    expect(again.map((delivery) => delivery.status)).toEqual([500, 200]);
    expect(again[1]?.data).toEqual(failed?.data);
    const { rows } = await h.client.query<{ ok: boolean; status_code: number }>(
      `SELECT ok, status_code FROM "${h.schema}".event_attempts WHERE event_id = $1 AND channel = 'webhook' ORDER BY id`,
      [failed?.id],
    );
    expect(rows.map((row) => [row.ok, row.status_code])).toEqual([
      [false, 500],
      [true, 200],
    ]);
  });

  it('gives up after the last retry (about three days), and a replay sends it again', async () => {
    const { engine } = h.setup({ webhook: webhook() });
    expectRedirect(await engine.submitPlanStep(h.post({ plan: 'pro' }), visitor));
    const total = DELIVERY_RETRY_SCHEDULE_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(2.5 * DAY);
    expect(total).toBeLessThan(4 * DAY);
    receiver.answerNext(
      ...Array.from({ length: DELIVERY_RETRY_SCHEDULE_MS.length + 1 }, () => 503),
    );
    let report = await engine.deliverEvents();
    for (const delay of DELIVERY_RETRY_SCHEDULE_MS) {
      await h.advance(delay);
      report = await engine.deliverEvents();
    }
    expect(report).toMatchObject({ failed: 1, retrying: 0 });
    await h.advance(30 * DAY);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 0, failed: 0 });
    const [event] = await h.store.listEvents();
    expect(await h.store.redeliverEvents('webhook', { ids: [event?.id ?? ''] })).toBe(1);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 1 });
  });

  it('a handler can drop stale events by data.version: subscription events arrive in order', async () => {
    const { engine } = h.setup({ webhook: webhook() });
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro' }), visitor),
    );
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await h.store.setCancelAtPeriodEnd(subscription?.id ?? '', true);
    await engine.advanceTestClock(new Date(START.getTime() + 60 * DAY));
    await engine.deliverEvents();
    const ofSubscription = receiver.received.filter((d) => d.data.id === subscription?.id);
    expect(ofSubscription.map((d) => [d.type, d.data.version])).toEqual([
      ['subscription.created', 1],
      ['subscription.renewed', 2],
      ['subscription.updated', 3],
      ['subscription.canceled', 4],
    ]);
  });

  it('a receiver that does not answer within the timeout is retried', async () => {
    const { engine } = h.setup({ webhook: { ...webhook(), timeoutMs: 200 } });
    receiver.answerNext('hang');
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await engine.deliverEvents()).toMatchObject({ retrying: 1 });
    const { rows } = await h.client.query<{ error: string }>(
      `SELECT error FROM "${h.schema}".event_attempts WHERE NOT ok`,
    );
    expect(rows[0]?.error).toBe('no answer within 200 ms');
  });

  it('a started engine sends a committed event at once, not at its next tick', async () => {
    // Ticks a minute apart: only the store's announcement (LISTEN/NOTIFY) can send it sooner.
    const { engine } = h.setup({
      webhook: webhook(),
      deliveryIntervalMs: 60_000,
      sweepIntervalMs: 60_000,
    });
    engine.start();
    try {
      // The start's first pass is done once the provider is recorded and the sweeps ran.
      await vi.waitFor(async () => expect(await h.store.activeProvider()).toBe('test'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expectRedirect(await engine.submitPlanStep(h.post(), visitor));
      await vi.waitFor(() => expect(receiver.received.map((d) => d.type)).toContain('order.paid'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await engine.stop();
    }
  });

  it('a host killed holding deliveries: another delivers them within 30 s, each once', async () => {
    const first = h.setup({ webhook: webhook() });
    expectRedirect(await first.engine.submitPlanStep(h.post(), visitor));
    // It claimed the deliveries as an engine does, and died before sending them…
    const taken = await h.store.claimEventDeliveries('webhook', 10, deliveryLeaseMs(10_000));
    expect(taken).toHaveLength(2);
    await first.engine.stop();
    // …another host (or the same, restarted) leaves them while the claim holds, and sends
    // them once it ran out: 25 s after the claim (issue 24.5: within 30 s).
    const second = h.setup({ webhook: webhook() });
    expect(await second.engine.deliverEvents()).toMatchObject({ delivered: 0 });
    await h.advance(20_000);
    expect(await second.engine.deliverEvents()).toMatchObject({ delivered: 0 });
    await h.advance(5_000);
    expect(await second.engine.deliverEvents()).toMatchObject({ delivered: 2 });
    expect(await second.engine.deliverEvents()).toMatchObject({ delivered: 0 });
    expect(receiver.received.filter((d) => d.type === 'order.paid')).toHaveLength(1);
  });

  it('sends a claimed delivery only while an attempt still fits in its claim', async () => {
    const { engine } = h.setup();
    const seen: string[] = [];
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      // The first handler call takes 15 s of the 25 s claim: the second event would not be
      // done before the claim ends, so it waits for a later pass.
      engine.on('order.paid', (event) => {
        seen.push(event.type);
        now += 15_000;
      });
      engine.on('subscription.created', (event) => {
        seen.push(event.type);
      });
      expectRedirect(await engine.submitPlanStep(h.post(), visitor));
      expect(await engine.deliverEvents()).toMatchObject({ delivered: 1 });
      expect(seen).toEqual(['order.paid']);
      // Still claimed by this pass: nobody sends it before the claim ends…
      expect(await engine.deliverEvents()).toMatchObject({ delivered: 0 });
      await h.advance(deliveryLeaseMs(10_000));
      // …then it goes, once.
      expect(await engine.deliverEvents()).toMatchObject({ delivered: 1 });
      expect(seen).toEqual(['order.paid', 'subscription.created']);
    } finally {
      clock.mockRestore();
    }
  });

  it.runIf(database.postgres)(
    'two host processes on one Postgres deliver each event once',
    async () => {
      const otherClient: SqlClient = await database.open();
      try {
        const a = h.setup({ webhook: webhook() });
        const b = h.setup({
          webhook: webhook(),
          store: createSqlStore(otherClient, { schema: h.schema }),
          provider: createTestPaymentProvider({ ledger: otherClient, schema: h.schema }),
        });
        await b.engine.deliverEvents(); // Both processes serve the webhook channel.
        for (let i = 0; i < 10; i++) {
          // A payment method pays once: a new one per checkout.
          const method = await a.provider.processor.createPaymentMethod({
            number: TEST_CARDS.success,
            expiry: '12/39',
            cvc: '123',
          });
          if ('errors' in method) throw new Error('card refused');
          const post = h.post({ paymentMethod: method.id });
          expectRedirect(await a.engine.submitPlanStep(post, visitor));
        }
        const reports = await Promise.all(
          Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).engine.deliverEvents()),
        );
        expect(reports.reduce((sum, report) => sum + report.delivered, 0)).toBe(20);
        const ids = receiver.received.map((delivery) => delivery.id);
        expect(ids).toHaveLength(20);
        expect(new Set(ids).size).toBe(20);
      } finally {
        await otherClient.close();
      }
    },
  );
});
