import { describe, expect, it } from 'vitest';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion } from './storeFixtures.js';

/**
 * The outbox: an event for every change that matters, in the change's own transaction, and
 * its deliveries handed to one caller at a time, attempts recorded, replays.
 */
export function describeOutbox(t: StoreContractContext): void {
  const { started, advance } = t;
  const store = () => t.store();
  describe('the outbox', () => {
    it('a completion writes order.paid with the order and subscription.created, once', async () => {
      await store().registerEventChannel('webhook');
      const session = await started();
      const update = {
        sessionId: session.id,
        event: 'succeed' as const,
        attempt: 1,
        completion: makeCompletion(session),
      };
      await store().applyEvent(update);
      await store().applyEvent(update); // refused by the lifecycle: no second event
      const events = await store().listEvents();
      expect(events.map((event) => event.type).sort()).toEqual([
        'order.paid',
        'subscription.created',
      ]);
      const paid = events.find((event) => event.type === 'order.paid');
      expect(paid?.data).toMatchObject({ checkoutSessionId: session.id, version: 1 });
    });

    it('a decline writes payment.failed; refused changes write nothing', async () => {
      const session = await started();
      expect(await store().applyEvent({ sessionId: session.id, event: 'refund' })).toBeNull();
      await store().applyEvent({
        sessionId: session.id,
        event: 'fail',
        attempt: 1,
        failure: { code: 'card_declined', message: 'Declined' },
      });
      const events = await store().listEvents();
      expect(events.map((event) => [event.type, event.data.id, event.data.version])).toEqual([
        ['payment.failed', session.id, 1],
      ]);
    });

    it('deliveries: one caller at a time, retried after the delay, delivered once, replayed on demand', async () => {
      await store().registerEventChannel('webhook');
      const session = await started();
      await store().applyEvent({
        sessionId: session.id,
        event: 'fail',
        attempt: 1,
        failure: { code: 'card_declined', message: 'Declined' },
      });
      const [first, second] = await Promise.all([
        store().claimEventDeliveries('webhook', 10, 60_000),
        store().claimEventDeliveries('webhook', 10, 60_000),
      ]);
      const claimed = [...(first ?? []), ...(second ?? [])];
      expect(claimed).toHaveLength(1);
      const eventId = claimed[0]?.event.id ?? '';
      await store().recordDeliveryAttempt({
        eventId,
        channel: 'webhook',
        ok: false,
        statusCode: 500,
        retryInMs: 5000,
      });
      expect(await store().claimEventDeliveries('webhook', 10, 60_000)).toEqual([]);
      await advance(5000);
      const retried = await store().claimEventDeliveries('webhook', 10, 60_000);
      expect(retried.map((d) => [d.event.id, d.attempts])).toEqual([[eventId, 1]]);
      await store().recordDeliveryAttempt({ eventId, channel: 'webhook', ok: true });
      await advance(60 * 60_000);
      expect(await store().claimEventDeliveries('webhook', 10, 60_000)).toEqual([]);
      expect(await store().redeliverEvents('webhook', { ids: [eventId] })).toBe(1);
      expect(await store().claimEventDeliveries('webhook', 10, 60_000)).toHaveLength(1);
    });
  });
}
