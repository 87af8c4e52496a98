import { describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStore, PrunePolicy } from '../store/types.js';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion } from './storeFixtures.js';

const DAY = 24 * 60 * 60_000;
const RETENTION: PrunePolicy = {
  eventRetentionMs: 30 * DAY,
  sessionRetentionMs: 30 * DAY,
  limit: 100,
};

/** Every due webhook delivery, delivered (`ok`) or, with `ok: false`, given up for good. */
async function settleDeliveries(store: CheckoutStore, ok = true): Promise<number> {
  const taken = await store.claimEventDeliveries('webhook', 1000, 60_000);
  for (const { event } of taken) {
    await store.recordDeliveryAttempt({
      eventId: event.id,
      channel: 'webhook',
      ok,
      ...(ok ? {} : { error: 'HTTP 500', retryInMs: null }),
    });
  }
  return taken.length;
}

/**
 * Retention (`prune`, optional): what is old enough goes in bounded batches, on the store's
 * clock; orders, subscriptions and completed checkouts stay, and versions keep growing.
 */
export function describeRetention(t: StoreContractContext): void {
  const { advance, started } = t;
  const store = () => t.store();
  const prune = (policy: Partial<PrunePolicy> = {}) => {
    const { prune } = store();
    if (!prune) throw new Error('unreachable: the suite is skipped without prune');
    return prune.call(store(), { ...RETENTION, ...policy });
  };
  const canceled = async (): Promise<CheckoutSession> => {
    const session = await started();
    await store().applyEvent({
      sessionId: session.id,
      event: 'fail',
      attempt: 1,
      failure: { code: 'card_declined', message: 'Declined' },
      logFailure: { clientKey: 'client-key', emailKey: 'email-key' },
    });
    const ended = await store().applyEvent({ sessionId: session.id, event: 'cancel' });
    if (!ended) throw new Error('the session did not cancel');
    return ended;
  };
  const paid = async (): Promise<CheckoutSession> => {
    const session = await started();
    const done = await store().applyEvent({
      sessionId: session.id,
      event: 'succeed',
      attempt: 1,
      completion: makeCompletion(session),
    });
    if (!done) throw new Error('the session did not complete');
    return done;
  };

  describe('retention', () => {
    it('deletes checkouts that ended unpaid and delivered events once older than retention, never orders or subscriptions', async ({
      skip,
    }) => {
      if (!store().prune) skip('the store has no prune: it keeps everything');
      await store().registerEventChannel('webhook');
      const unpaid = await canceled();
      const bought = await paid();
      await store().recordProviderEvent('test', 'evt_provider_1');
      await store().recordPromoFailure({ clientKey: 'c', checkoutKey: 'k', windowMs: DAY });
      expect(await settleDeliveries(store())).toBe(3); // failed, paid, subscription created

      // Ages are on the store's clock: 29 days on, nothing is old enough.
      await advance(29 * DAY);
      expect(await prune()).toEqual({
        events: 0,
        deliveries: 0,
        attempts: 0,
        sessions: 0,
        failures: 0,
        providerEvents: 0,
      });
      await advance(2 * DAY);
      expect(await prune()).toEqual({
        events: 3,
        deliveries: 3,
        attempts: 3,
        sessions: 1,
        failures: 2, // the declined payment and the promo code
        providerEvents: 1,
      });
      expect(await store().getSession(unpaid.id)).toBeNull();
      const record = await store().getSessionRecord(bought.id);
      expect(record?.session.status).toBe('paid');
      expect(record?.order).not.toBeNull();
      expect(record?.subscription).not.toBeNull();
      expect(await store().getOrderRecord(record?.order?.id ?? '')).not.toBeNull();
      expect(await store().listEvents()).toEqual([]);
      expect(await store().hasProviderEvent('test', 'evt_provider_1')).toBe(false);
      expect(await prune()).toMatchObject({ events: 0, sessions: 0 });
    });

    it('keeps events still to deliver and checkouts that are recent; drops deliveries given up for good', async ({
      skip,
    }) => {
      if (!store().prune) skip('the store has no prune: it keeps everything');
      await store().registerEventChannel('webhook');
      await canceled(); // payment.failed, then given up on below
      await settleDeliveries(store(), false);
      const pending = await started();
      await store().applyEvent({
        sessionId: pending.id,
        event: 'fail',
        attempt: 1,
        failure: { code: 'card_declined', message: 'Declined' },
      }); // payment.failed, never delivered
      await advance(31 * DAY);
      const recent = await canceled(); // ended a moment ago
      const report = await prune();
      expect(report).toMatchObject({ events: 1, deliveries: 1, attempts: 1, sessions: 1 });
      expect((await store().listEvents()).map((event) => event.data.id)).toEqual(
        expect.arrayContaining([pending.id, recent.id]),
      );
      expect(await store().getSession(recent.id)).not.toBeNull();
      // The failed session never ended: it stays until it expires and retention passes.
      expect(await store().getSession(pending.id)).not.toBeNull();
    });

    it('does bounded work: at most `limit` of each kind per call, oldest first', async ({
      skip,
    }) => {
      if (!store().prune) skip('the store has no prune: it keeps everything');
      const sessions: CheckoutSession[] = [];
      for (let i = 0; i < 5; i++) {
        sessions.push(await canceled());
        await advance(60_000);
      }
      await advance(31 * DAY);
      expect(await prune({ limit: 2 })).toMatchObject({ sessions: 2, events: 2 });
      expect(await store().getSession(sessions[0]?.id ?? '')).toBeNull();
      expect(await store().getSession(sessions[1]?.id ?? '')).toBeNull();
      expect(await store().getSession(sessions[2]?.id ?? '')).not.toBeNull();
      expect(await prune({ limit: 2 })).toMatchObject({ sessions: 2 });
      expect(await prune({ limit: 2 })).toMatchObject({ sessions: 1 });
      expect(await prune({ limit: 2 })).toMatchObject({ sessions: 0 });
    });

    it('a dry run counts everything due, whatever the limit, and deletes nothing', async ({
      skip,
    }) => {
      if (!store().prune) skip('the store has no prune: it keeps everything');
      await store().registerEventChannel('webhook');
      for (let i = 0; i < 3; i++) await canceled();
      await settleDeliveries(store());
      await advance(31 * DAY);
      const due = await prune({ dryRun: true, limit: 1 });
      expect(due).toEqual({
        events: 3,
        deliveries: 3,
        attempts: 3,
        sessions: 3,
        failures: 3,
        providerEvents: 0,
      });
      expect(await prune({ dryRun: true, limit: 1 })).toEqual(due);
      expect(await prune({ limit: 100 })).toEqual(due);
    });

    it("an object's versions keep growing after its old events are deleted", async ({ skip }) => {
      if (!store().prune) skip('the store has no prune: it keeps everything');
      const bought = await paid();
      const subscriptionId = (await store().getSessionRecord(bought.id))?.subscription?.id ?? '';
      await store().setCancelAtPeriodEnd(subscriptionId, true);
      const before = (await store().listEvents()).filter((e) => e.data.id === subscriptionId);
      expect(before.map((event) => event.data.version)).toEqual([1, 2]);
      await advance(31 * DAY);
      await prune();
      expect(await store().listEvents()).toEqual([]);
      await store().setCancelAtPeriodEnd(subscriptionId, false);
      const after = await store().listEvents();
      expect(after.map((event) => [event.type, event.data.version])).toEqual([
        ['subscription.updated', 3],
      ]);
    });
  });
}
