import { describe, expect, it } from 'vitest';
import type { StoreContractContext } from './storeContractContext.js';
import { makeCompletion, makeSelection, makeStartAttempt } from './storeFixtures.js';

const MINUTE = 60_000;

/** Starting, retrying, resuming and refusing payment attempts. */
export function describeAttempts(t: StoreContractContext): void {
  const { START, advance, started } = t;
  const store = () => t.store();
  describe('a first submission', () => {
    it('stores the session in its first attempt, every field typed, on the store clock', async () => {
      const input = makeStartAttempt({ session: { promoCode: null, visitorHash: null } });
      const result = await store().startAttempt(input);
      expect(result.outcome).toBe('created');
      expect(result.now).toEqual(START);
      expect(result.session).toMatchObject({
        ...makeSelection({ promoCode: null }),
        id: input.session.id,
        idempotencyKey: input.session.idempotencyKey,
        status: 'processing',
        attempt: 1,
        actionUrl: null,
        providerPaymentId: null,
        failureCode: null,
        failureMessage: null,
        visitorHash: null,
      });
      expect(result.session.createdAt).toEqual(START);
      expect(result.session.leaseUntil).toEqual(new Date(START.getTime() + 2 * MINUTE));
      expect(result.session.expiresAt).toEqual(new Date(START.getTime() + 30 * MINUTE));
      expect(await store().getSession(input.session.id)).toEqual(result.session);
      expect(await store().getSessionByIdempotencyKey(input.session.idempotencyKey)).toEqual(
        result.session,
      );
    });

    it('answers null for an unknown session', async () => {
      expect(await store().getSession('cs_missing')).toBeNull();
      expect(await store().getSessionByIdempotencyKey('key_missing')).toBeNull();
      expect(await store().getSessionRecord('cs_missing')).toBeNull();
    });
  });

  describe('the same key again', () => {
    it('while the first attempt runs: held, nothing new stored', async () => {
      const input = makeStartAttempt();
      const first = await started(input);
      const again = await store().startAttempt({
        ...input,
        session: { ...input.session, id: 'cs_other', seats: 9 },
      });
      expect(again.outcome).toBe('held');
      expect(again.session).toMatchObject({ id: first.id, seats: 5, attempt: 1 });
      expect(await store().getSession('cs_other')).toBeNull();
    });

    it("from another visitor: foreign, untouched; a session nobody owns is anyone's", async () => {
      const input = makeStartAttempt();
      const first = await started(input);
      await store().applyEvent({ sessionId: first.id, event: 'fail', attempt: 1 });
      const stranger = await store().startAttempt({ ...input, visitorHash: 'someone-else' });
      expect(stranger.outcome).toBe('foreign');
      expect(stranger.session.status).toBe('failed');
      expect((await store().startAttempt({ ...input, visitorHash: null })).outcome).toBe('foreign');

      const unowned = makeStartAttempt({ session: { visitorHash: null } });
      const session = await started(unowned);
      await store().applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
      const anyone = await store().startAttempt({ ...unowned, visitorHash: 'whoever' });
      expect(anyone.outcome).toBe('retried');
    });

    it('after a decline: the next attempt, with the new selection', async () => {
      const input = makeStartAttempt();
      const first = await started(input);
      const failed = await store().applyEvent({
        sessionId: first.id,
        event: 'fail',
        attempt: 1,
        providerPaymentId: 'pay_declined',
        failure: { code: 'card_declined', message: 'Declined.' },
      });
      expect(failed).toMatchObject({
        status: 'failed',
        failureCode: 'card_declined',
        failureMessage: 'Declined.',
        providerPaymentId: 'pay_declined',
        leaseUntil: null,
      });
      const retry = await store().startAttempt({
        ...input,
        session: { ...input.session, seats: 7, amountDue: 7997, promoCode: null },
      });
      expect(retry.outcome).toBe('retried');
      expect(retry.session).toMatchObject({
        status: 'processing',
        attempt: 2,
        seats: 7,
        amountDue: 7997,
        promoCode: null,
        failureCode: null,
        failureMessage: null,
        providerPaymentId: null,
      });
    });

    it('after the lease ran out: the same attempt resumed with its stored selection, once', async () => {
      const input = makeStartAttempt();
      const first = await started(input);
      await advance(3 * MINUTE);
      const resumed = await store().startAttempt({
        ...input,
        session: { ...input.session, seats: 9, amountDue: 1 },
      });
      expect(resumed.outcome).toBe('resumed');
      expect(resumed.session).toMatchObject({ attempt: 1, seats: 5, amountDue: first.amountDue });
      expect((await store().startAttempt(input)).outcome).toBe('held');
    });

    it('after the lease was released: resumed at once', async () => {
      const input = makeStartAttempt();
      const first = await started(input);
      expect(await store().releaseLease(first.id, 2)).toBe(false);
      expect(await store().releaseLease(first.id, 1)).toBe(true);
      expect((await store().startAttempt(input)).outcome).toBe('resumed');
    });

    it('when paid, waiting for the buyer, or past its expiry: unavailable', async () => {
      const paidInput = makeStartAttempt();
      const paid = await started(paidInput);
      await store().applyEvent({
        sessionId: paid.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(paid),
      });
      expect((await store().startAttempt(paidInput)).outcome).toBe('unavailable');

      const waitingInput = makeStartAttempt();
      const waiting = await started(waitingInput);
      await store().applyEvent({
        sessionId: waiting.id,
        event: 'require_action',
        attempt: 1,
        actionUrl: '/bank',
      });
      await advance(10 * MINUTE);
      expect((await store().startAttempt(waitingInput)).outcome).toBe('unavailable');

      const lateInput = makeStartAttempt();
      const late = await started(lateInput);
      await store().applyEvent({ sessionId: late.id, event: 'fail', attempt: 1 });
      await advance(31 * MINUTE);
      expect((await store().startAttempt(lateInput)).outcome).toBe('unavailable');
      expect(await store().expireSessions()).toBe(1);
      expect((await store().startAttempt(lateInput)).session.status).toBe('expired');
    });
  });
}
