import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../store/types.js';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const MINUTE = 60_000;

/** Lifecycle events, the throttle counts, the sweeps, the finish record and the clock. */
export function describeEventsAndSweeps(t: StoreContractContext): void {
  const { START, advance, started } = t;
  const store = () => t.store();
  describe('lifecycle events', () => {
    it('apply only in the states the lifecycle allows, and only to the current attempt', async () => {
      const session = await started();
      expect(await store().applyEvent({ sessionId: session.id, event: 'refund' })).toBeNull();
      expect(
        await store().applyEvent({ sessionId: session.id, event: 'succeed', attempt: 2 }),
      ).toBeNull();
      expect((await store().getSession(session.id))?.status).toBe('processing');
    });

    it('waiting for the buyer records where to send them, then completes', async () => {
      const session = await started();
      const waiting = await store().applyEvent({
        sessionId: session.id,
        event: 'require_action',
        attempt: 1,
        providerPaymentId: 'pay_3ds',
        actionUrl: '/test-processor/authenticate/pi_x',
      });
      expect(waiting).toMatchObject({
        status: 'requires_action',
        providerPaymentId: 'pay_3ds',
        actionUrl: '/test-processor/authenticate/pi_x',
        leaseUntil: null,
      });
      const done = await store().applyEvent({
        sessionId: session.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(session),
      });
      expect(done).toMatchObject({
        status: 'paid',
        actionUrl: null,
        providerPaymentId: 'pay_3ds',
      });
    });

    it('a completion writes one order and one subscription; a second one writes nothing', async () => {
      const session = await started();
      const completion = makeCompletion(session);
      const update = {
        sessionId: session.id,
        event: 'succeed' as const,
        attempt: 1,
        providerPaymentId: 'pay_123',
        completion,
      };
      expect(await store().applyEvent(update)).toMatchObject({ status: 'paid' });
      expect(await store().applyEvent(update)).toBeNull();
      const record = await store().getSessionRecord(session.id);
      const { invoicePrefix, ...written } = completion.order;
      expect(record?.order).toMatchObject({
        ...written,
        invoiceNumber: `${invoicePrefix}2031-000001`,
        sessionId: session.id,
        providerPaymentId: 'pay_123',
        createdAt: START,
      });
      // One calendar month in UTC, clamped: 31 January renews on 28 February.
      expect(record?.subscription).toMatchObject({
        planId: 'team',
        interval: 'monthly',
        seats: 5,
        status: 'active',
        orderId: record?.order?.id,
        currentPeriodEnd: new Date('2031-02-28T12:00:00.000Z'),
        trialEnd: null,
      });
    });

    it('a yearly plan renews a year later; a trial ends after its days', async () => {
      const yearly = await started(makeStartAttempt({ session: { interval: 'yearly' } }));
      await store().applyEvent({
        sessionId: yearly.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(yearly),
      });
      expect((await store().getSessionRecord(yearly.id))?.subscription?.currentPeriodEnd).toEqual(
        new Date('2032-01-31T12:00:00.000Z'),
      );
      const trial = await started();
      expect(
        await store().applyEvent({
          sessionId: trial.id,
          event: 'start_trial',
          attempt: 1,
          completion: makeCompletion(trial, { trialDays: 14 }),
        }),
      ).toMatchObject({ status: 'trialing' });
      const subscription = (await store().getSessionRecord(trial.id))?.subscription;
      const trialEnd = new Date('2031-02-14T12:00:00.000Z');
      expect(subscription).toMatchObject({
        status: 'trialing',
        trialEnd,
        currentPeriodEnd: trialEnd,
      });
    });
  });

  describe('the card-testing counts', () => {
    it('count logged declines per session, per client, per email and overall, inside the window only', async () => {
      const a = makeStartAttempt({ clientKey: 'client-1', emailKey: 'email-1' });
      const sessionA = await started(a);
      await store().applyEvent({
        sessionId: sessionA.id,
        event: 'fail',
        attempt: 1,
        logFailure: { clientKey: 'client-1', emailKey: 'email-1' },
      });
      await advance(10 * MINUTE);
      const b = await started(makeStartAttempt({ clientKey: 'client-1' }));
      await store().applyEvent({
        sessionId: b.id,
        event: 'fail',
        attempt: 1,
        logFailure: { clientKey: 'someone-else', emailKey: 'email-1' },
      });
      await advance(MINUTE);
      const retryA = await store().startAttempt(a);
      expect(retryA.failures).toEqual({
        forSession: 1,
        forClient: 1,
        forEmail: 2,
        overall: 2,
        oldest: START,
        oldestOverall: START,
      });
      await advance(5 * MINUTE); // START + 16 min: the first decline left the window.
      const other = await store().startAttempt(
        makeStartAttempt({ clientKey: null, emailKey: 'email-1' }),
      );
      expect(other.failures).toMatchObject({
        forSession: 0,
        forClient: 0,
        forEmail: 1,
        overall: 1,
      });
    });

    it('count promo code guesses per client and per checkout key, inside the window only', async () => {
      const guess = { clientKey: 'client-1', checkoutKey: 'key-1', windowMs: 15 * MINUTE };
      await expect(store().countPromoFailures(guess)).resolves.toMatchObject({
        forClient: 0,
        forCheckout: 0,
        oldest: null,
      });
      await expect(store().recordPromoFailure(guess)).resolves.toMatchObject({
        forClient: 1,
        forCheckout: 1,
        oldest: START,
      });
      await advance(10 * MINUTE);
      await store().recordPromoFailure({ ...guess, checkoutKey: 'key-2' });
      await store().recordPromoFailure({ ...guess, clientKey: null });
      await expect(store().countPromoFailures(guess)).resolves.toMatchObject({
        forClient: 2,
        forCheckout: 2,
        oldest: START,
      });
      await advance(6 * MINUTE); // the first guess left the window
      await expect(store().countPromoFailures(guess)).resolves.toMatchObject({
        forClient: 1,
        forCheckout: 1,
      });
    });
  });

  describe('the sweeps', () => {
    it('take over only attempts whose lease ran out, oldest first, once', async () => {
      const older = await started();
      await advance(MINUTE);
      const newer = await started();
      const running = await started(makeStartAttempt({ leaseMs: 60 * MINUTE }));
      await advance(2 * MINUTE);
      const taken = await store().claimStaleAttempts(10, 2 * MINUTE);
      expect(taken.map((s) => s.id)).toEqual([older.id, newer.id]);
      expect(taken.every((s) => s.attempt === 1 && s.status === 'processing')).toBe(true);
      expect(await store().claimStaleAttempts(10, 2 * MINUTE)).toEqual([]);
      expect((await store().getSession(running.id))?.status).toBe('processing');
    });

    it('expire open and failed sessions past their expiry; list the waiting ones; nothing else', async () => {
      const failed = await started();
      await store().applyEvent({ sessionId: failed.id, event: 'fail', attempt: 1 });
      const waiting = await started();
      await store().applyEvent({ sessionId: waiting.id, event: 'require_action', attempt: 1 });
      const processing = await started();
      const paid = await started();
      await store().applyEvent({
        sessionId: paid.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(paid),
      });
      await advance(20 * MINUTE);
      const inTime = await started();
      await store().applyEvent({ sessionId: inTime.id, event: 'fail', attempt: 1 });
      await advance(11 * MINUTE);
      expect(await store().expireSessions()).toBe(1);
      const status = async (s: CheckoutSession) => (await store().getSession(s.id))?.status;
      expect(await status(failed)).toBe('expired');
      // Waiting for the buyer: its intent is canceled at the provider first, by the engine.
      expect(await status(waiting)).toBe('requires_action');
      expect((await store().listExpiredWaiting(10)).map((s) => s.id)).toEqual([waiting.id]);
      expect(await status(processing)).toBe('processing');
      expect(await status(paid)).toBe('paid');
      expect(await status(inTime)).toBe('failed');
      expect(await store().expireSessions()).toBe(0);
    });
  });

  describe('the finish record', () => {
    it('binds a session nobody owns to the first browser only, and tells expiry', async () => {
      const session = await started(makeStartAttempt({ session: { visitorHash: null } }));
      const first = await store().getSessionRecord(session.id, { bindVisitorHash: 'hash-first' });
      expect(first?.session.visitorHash).toBe('hash-first');
      const second = await store().getSessionRecord(session.id, { bindVisitorHash: 'hash-2' });
      expect(second?.session.visitorHash).toBe('hash-first');
      expect(second).toMatchObject({ order: null, subscription: null, expired: false });
      await advance(31 * MINUTE);
      expect((await store().getSessionRecord(session.id))?.expired).toBe(true);
    });
  });

  describe('the clock', () => {
    it('travels, stands still when frozen, and goes back to the server time', async () => {
      expect(await store().clock.now()).toEqual(START);
      await store().clock.travel(new Date('2040-05-01T00:00:00.000Z'));
      const running = await store().clock.now();
      expect(Math.abs(running.getTime() - Date.parse('2040-05-01T00:00:00.000Z'))).toBeLessThan(
        60_000,
      );
      await store().clock.reset();
      expect(Math.abs((await store().clock.now()).getTime() - Date.now())).toBeLessThan(60_000);
    });
  });
}
