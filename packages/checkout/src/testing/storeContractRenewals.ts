import { describe, expect, it } from 'vitest';
import type { CheckoutSession, Subscription } from '../store/types.js';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const DAY = 24 * 60 * 60_000;

/** Subscriptions the engine renews: due charges, one outcome per period, the buyer's cancel. */
export function describeRenewals(t: StoreContractContext): void {
  const { START, advance, started } = t;
  const store = () => t.store();

  /** A paid monthly subscription renewed by the engine (period: START to 28 February). */
  async function subscribed(
    options: {
      interval?: 'monthly' | 'yearly';
      trialDays?: number;
      paymentMethodId?: string | null;
    } = {},
  ): Promise<{ session: CheckoutSession; subscription: Subscription }> {
    const session = await started(
      makeStartAttempt({ session: { interval: options.interval ?? 'monthly' } }),
    );
    await store().applyEvent({
      sessionId: session.id,
      event: options.trialDays ? 'start_trial' : 'succeed',
      attempt: 1,
      completion: makeCompletion(session, options),
    });
    const record = await store().getSessionRecord(session.id);
    if (!record?.subscription) throw new Error('fixture: no subscription');
    return { session, subscription: record.subscription };
  }

  describe('subscriptions a provider renews', () => {
    it('are found by the provider’s subscription id, and are never due for the engine', async () => {
      const session = await started(makeStartAttempt());
      const completion = makeCompletion(session);
      completion.subscription = {
        ...completion.subscription,
        renewedBy: 'provider',
        providerSubscriptionRef: `sub_${session.id.slice(-12)}`,
      };
      await store().applyEvent({ sessionId: session.id, event: 'succeed', attempt: 1, completion });
      const found = await store().getSubscriptionByProviderRef(`sub_${session.id.slice(-12)}`);
      expect(found).toMatchObject({ sessionId: session.id, renewedBy: 'provider' });
      expect(await store().getSubscriptionByProviderRef('sub_unknown')).toBeNull();
      await advance(40 * DAY);
      expect(await store().claimDueRenewals(10, 60_000)).toEqual([]);
    });
  });

  describe('renewals', () => {
    it('a new subscription is due at its period’s end, with its amount and saved method', async () => {
      const { subscription } = await subscribed();
      expect(subscription).toMatchObject({
        status: 'active',
        amount: 5712,
        currency: 'EUR',
        renewedBy: 'engine',
        paymentMethodId: 'pm_saved',
        customerRef: 'cus_saved',
        currentPeriodStart: START,
        currentPeriodEnd: new Date('2031-02-28T12:00:00.000Z'),
        nextAttemptAt: new Date('2031-02-28T12:00:00.000Z'),
        renewalAttempt: 0,
        cancelAtPeriodEnd: false,
      });
      const free = await subscribed({ paymentMethodId: null });
      expect(free.subscription.nextAttemptAt).toBeNull();
      expect(await store().claimDueRenewals(10, 60_000)).toEqual([]);
    });

    it('a paid renewal moves the period on once and writes its order', async () => {
      const { subscription } = await subscribed();
      await advance(29 * DAY);
      const [due] = await store().claimDueRenewals(10, 60_000);
      expect(due?.id).toBe(subscription.id);
      expect(await store().claimDueRenewals(10, 60_000)).toEqual([]); // leased
      const update = {
        subscriptionId: subscription.id,
        event: 'renew' as const,
        periodEnd: subscription.currentPeriodEnd,
        renewalAttempt: 0,
        renewal: {
          reference: 'PK-RENEW-0001',
          providerPaymentId: 'pi_r1',
          paymentMethod: { brand: 'visa', last4: '4242' },
        },
      };
      const renewed = await store().applySubscriptionEvent(update);
      expect(renewed).toMatchObject({
        status: 'active',
        currentPeriodStart: new Date('2031-02-28T12:00:00.000Z'),
        currentPeriodEnd: new Date('2031-03-28T12:00:00.000Z'),
        nextAttemptAt: new Date('2031-03-28T12:00:00.000Z'),
      });
      // The same outcome again (a second process, a retried call): nothing more.
      expect(await store().applySubscriptionEvent(update)).toBeNull();
      const orders = await store().listRenewalOrders(subscription.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        kind: 'renewal',
        reference: 'PK-RENEW-0001',
        sessionId: null,
        subscriptionId: subscription.id,
        total: 5712,
        amountPaid: 5712,
        providerPaymentId: 'pi_r1',
        paymentMethod: { brand: 'visa', last4: '4242' },
        periodEnd: new Date('2031-03-28T12:00:00.000Z'),
      });
    });

    it('a trial’s first charge is due when it ends', async () => {
      const { subscription } = await subscribed({ trialDays: 14 });
      expect(subscription).toMatchObject({
        status: 'trialing',
        nextAttemptAt: new Date(START.getTime() + 14 * DAY),
      });
    });

    it('a declined renewal is retried when told, then ends', async () => {
      const { subscription } = await subscribed();
      await advance(29 * DAY);
      const base = { subscriptionId: subscription.id, periodEnd: subscription.currentPeriodEnd };
      const retryAt = new Date(subscription.currentPeriodEnd.getTime() + DAY);
      const pastDue = await store().applySubscriptionEvent({
        ...base,
        event: 'fail_renewal',
        renewalAttempt: 0,
        nextAttemptAt: retryAt,
      });
      expect(pastDue).toMatchObject({
        status: 'past_due',
        renewalAttempt: 1,
        nextAttemptAt: retryAt,
      });
      // A late copy of the first failure changes nothing.
      expect(
        await store().applySubscriptionEvent({
          ...base,
          event: 'fail_renewal',
          renewalAttempt: 0,
          nextAttemptAt: retryAt,
        }),
      ).toBeNull();
      const ended = await store().applySubscriptionEvent({
        ...base,
        event: 'cancel',
        renewalAttempt: 1,
      });
      expect(ended).toMatchObject({
        status: 'canceled',
        nextAttemptAt: null,
        canceledAt: expect.any(Date),
      });
      expect(
        await store().applySubscriptionEvent({ ...base, event: 'renew', renewalAttempt: 1 }),
      ).toBeNull();
    });

    it('canceled by the buyer, it is not charged and ends at its period’s end; resumed, it is due again', async () => {
      const { subscription } = await subscribed();
      const canceled = await store().setCancelAtPeriodEnd(subscription.id, true);
      expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, nextAttemptAt: null });
      const resumed = await store().setCancelAtPeriodEnd(subscription.id, false);
      expect(resumed?.nextAttemptAt).toEqual(subscription.currentPeriodEnd);
      await store().setCancelAtPeriodEnd(subscription.id, true);
      expect(await store().endCanceledSubscriptions()).toEqual([]);
      await advance(29 * DAY);
      expect(await store().claimDueRenewals(10, 60_000)).toEqual([]);
      const ended = await store().endCanceledSubscriptions();
      expect(ended.map((s) => [s.id, s.status])).toEqual([[subscription.id, 'canceled']]);
      expect(await store().setCancelAtPeriodEnd(subscription.id, false)).toBeNull();
      expect(await store().getSubscription(subscription.id)).toMatchObject({ status: 'canceled' });
    });
  });
}
