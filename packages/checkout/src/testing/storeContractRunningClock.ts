import { describe, expect, it } from 'vitest';
import type { CheckoutSession, Subscription } from '../store/types.js';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const DAY = 24 * 60 * 60_000;

/**
 * The rest of the suite freezes the store's clock at a JavaScript time (milliseconds). Here
 * the database's own clock runs (PostgreSQL's has microseconds), and every conditional
 * write is given back the times the store itself returned: a store must match them (issue
 * 20: on PostgreSQL a renewal was charged and never recorded, because a period end written
 * by the database's clock did not equal itself once read into a JavaScript `Date`).
 */
export function describeRunningClock(t: StoreContractContext): void {
  const store = () => t.store();

  /** Lets the database's clock run again, from now plus `ms`. */
  async function runFrom(ms = 0): Promise<void> {
    const now = await store().clock.now();
    await store().clock.travel(new Date(now.getTime() + ms));
  }

  const eventsOf = async (objectId: string) =>
    (await store().listEvents()).filter((event) => event.data.id === objectId);

  async function subscribed(
    options: { trialDays?: number; renewedBy?: 'engine' | 'provider' } = {},
  ): Promise<{ session: CheckoutSession; subscription: Subscription }> {
    await runFrom();
    const { session } = await store().startAttempt(makeStartAttempt());
    const completion = makeCompletion(session, options);
    if (options.renewedBy === 'provider') {
      completion.subscription = {
        ...completion.subscription,
        renewedBy: 'provider',
        providerSubscriptionRef: `sub_${session.id.slice(-12)}`,
      };
    }
    await store().applyEvent({
      sessionId: session.id,
      event: options.trialDays ? 'start_trial' : 'succeed',
      attempt: 1,
      completion,
    });
    const record = await store().getSessionRecord(session.id);
    if (!record?.subscription) throw new Error('fixture: no subscription');
    return { session, subscription: record.subscription };
  }

  describe("with the database's own clock running", () => {
    it('a time the store returns equals itself when read again', async () => {
      const { subscription } = await subscribed();
      const again = await store().getSubscription(subscription.id);
      expect(again?.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
      expect(again?.currentPeriodStart).toEqual(subscription.currentPeriodStart);
    });

    it('a due renewal, given the period end the store returned, is recorded once with its order', async () => {
      const { subscription } = await subscribed();
      await runFrom(32 * DAY);
      const [due] = await store().claimDueRenewals(10, 60_000);
      expect(due?.id).toBe(subscription.id);
      if (!due) return;
      const update = {
        subscriptionId: due.id,
        event: 'renew' as const,
        periodEnd: due.currentPeriodEnd,
        renewalAttempt: due.renewalAttempt,
        renewal: { reference: 'PK-RUN-0001', providerPaymentId: 'pi_run', paymentMethod: null },
      };
      const renewed = await store().applySubscriptionEvent(update);
      expect(renewed).not.toBeNull();
      expect(renewed?.currentPeriodStart).toEqual(due.currentPeriodEnd);
      expect(renewed?.currentPeriodEnd.getTime()).toBeGreaterThan(due.currentPeriodEnd.getTime());
      expect(await store().applySubscriptionEvent(update)).toBeNull();
      const orders = await store().listRenewalOrders(subscription.id);
      expect(orders.map((order) => [order.reference, order.periodEnd])).toEqual([
        ['PK-RUN-0001', renewed?.currentPeriodEnd],
      ]);
      const events = await eventsOf(subscription.id);
      expect(events.map((event) => event.type)).toEqual([
        'subscription.created',
        'subscription.renewed',
      ]);
    });

    it('a declined renewal, then its retry, then the end, each given the times the store returned', async () => {
      const { subscription } = await subscribed({ trialDays: 14 });
      await runFrom(15 * DAY);
      const [due] = await store().claimDueRenewals(10, 60_000);
      expect(due?.id).toBe(subscription.id);
      if (!due) return;
      const base = { subscriptionId: due.id, periodEnd: due.currentPeriodEnd };
      const pastDue = await store().applySubscriptionEvent({
        ...base,
        event: 'fail_renewal',
        renewalAttempt: 0,
        nextAttemptAt: new Date(due.currentPeriodEnd.getTime() + DAY),
      });
      expect(pastDue).toMatchObject({ status: 'past_due', renewalAttempt: 1 });
      const ended = await store().applySubscriptionEvent({
        ...base,
        periodEnd: pastDue?.currentPeriodEnd ?? due.currentPeriodEnd,
        event: 'cancel',
        renewalAttempt: 1,
      });
      expect(ended).toMatchObject({ status: 'canceled' });
    });

    it('a renewal the provider reports applies to the period the store returned', async () => {
      const { subscription } = await subscribed({ renewedBy: 'provider' });
      const found = await store().getSubscriptionByProviderRef(
        subscription.providerSubscriptionRef ?? '',
      );
      if (!found) throw new Error('fixture: not found by its provider reference');
      const renewed = await store().applySubscriptionEvent({
        subscriptionId: found.id,
        event: 'renew',
        periodEnd: found.currentPeriodEnd,
        renewalAttempt: found.renewalAttempt,
        renewal: { reference: 'PK-RUN-0002', providerPaymentId: 'in_run', paymentMethod: null },
      });
      expect(renewed?.currentPeriodStart).toEqual(found.currentPeriodEnd);
    });

    it('events found from a time the store returned include the event written then', async () => {
      const { subscription } = await subscribed();
      const [created] = await eventsOf(subscription.id);
      if (!created) throw new Error('fixture: no event');
      const since = await store().listEvents({ since: new Date(created.createdAt) });
      expect(since.map((event) => event.id)).toContain(created.id);
    });
  });
}
