import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../store/types.js';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const DAY = 24 * 60 * 60_000;

/** The merchant's lists (issue 22.6): orders by buyer and date, subscriptions by status. */
export function describeQueries(t: StoreContractContext): void {
  const { started, advance } = t;
  const store = () => t.store();

  /** A completed checkout of `email`: paid, or a trial. */
  async function bought(email: string, trialDays: number | null = null): Promise<CheckoutSession> {
    const session = await started(
      makeStartAttempt({ session: { email, ...(trialDays ? { amountDue: 0 } : {}) } }),
    );
    await store().applyEvent({
      sessionId: session.id,
      event: trialDays ? 'start_trial' : 'succeed',
      attempt: 1,
      completion: makeCompletion(session, { trialDays }),
    });
    return session;
  }

  describe('the merchant’s lists', () => {
    it('orders by buyer (any case) and by date, oldest first, within the limit', async () => {
      const first = await bought('ada@example.com');
      await advance(2 * DAY);
      const since = await store().clock.now();
      const second = await bought('grace@example.com');
      await advance(DAY);
      const third = await bought('Ada@Example.com');
      const sessionsOf = (orders: { sessionId: string | null }[]) => orders.map((o) => o.sessionId);

      expect(sessionsOf(await store().listOrders({ limit: 100 }))).toEqual([
        first.id,
        second.id,
        third.id,
      ]);
      expect(
        sessionsOf(await store().listOrders({ email: 'ADA@example.com', limit: 100 })),
      ).toEqual([first.id, third.id]);
      expect(sessionsOf(await store().listOrders({ since, limit: 100 }))).toEqual([
        second.id,
        third.id,
      ]);
      expect(
        sessionsOf(await store().listOrders({ email: 'ada@example.com', since, limit: 100 })),
      ).toEqual([third.id]);
      expect(
        sessionsOf(
          await store().listOrders({ until: new Date(since.getTime() + DAY / 2), limit: 100 }),
        ),
      ).toEqual([first.id, second.id]);
      expect(sessionsOf(await store().listOrders({ limit: 2 }))).toEqual([first.id, second.id]);
      expect(await store().listOrders({ email: 'nobody@example.com', limit: 100 })).toEqual([]);
      const [order] = await store().listOrders({ limit: 1 });
      expect(order).toMatchObject({ email: 'ada@example.com', invoiceNumber: 'INV-2031-000001' });
    });

    it('subscriptions by status and buyer', async () => {
      const paid = await bought('ada@example.com');
      await advance(DAY);
      const trial = await bought('grace@example.com', 14);
      const all = await store().listSubscriptions({ limit: 100 });
      expect(all.map((s) => [s.sessionId, s.status])).toEqual([
        [paid.id, 'active'],
        [trial.id, 'trialing'],
      ]);
      const trialing = await store().listSubscriptions({ status: 'trialing', limit: 100 });
      expect(trialing.map((s) => s.sessionId)).toEqual([trial.id]);
      const ada = await store().listSubscriptions({ email: 'ADA@EXAMPLE.COM', limit: 100 });
      expect(ada.map((s) => s.sessionId)).toEqual([paid.id]);
      expect(await store().listSubscriptions({ status: 'canceled', limit: 100 })).toEqual([]);
    });
  });
}
