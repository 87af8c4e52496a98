// The store contract: what every CheckoutStore must do, as one vitest suite any store
// implementation runs (`describeStoreContract('my store', { open })`). The built-in SQL
// store runs it on PGlite and on PostgreSQL (store/sql/createSqlStore.test.ts).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStore, StartAttemptInput } from '../store/types.js';
import { makeCompletion, makeSelection, makeStartAttempt } from './storeFixtures.js';

const MINUTE = 60_000;

/** A store under test and how to let go of it. */
export interface OpenedStore {
  store: CheckoutStore;
  /** Removes what the test stored and closes what `open` opened. */
  dispose(): Promise<void>;
}

/** What {@link describeStoreContract} tests. */
export interface StoreContractSubject {
  /** Opens a fresh, migrated, empty store. Called before every test. */
  open(): Promise<OpenedStore>;
  /**
   * Opens a second store on the same data, as another host process would. When given,
   * the concurrency tests run: 50 callers at once through both stores. Leave it out for
   * stores whose callers never run at once (PGlite runs one query at a time).
   */
  openSibling?(): Promise<OpenedStore>;
}

/** Registers the store contract suite under `name`. */
export function describeStoreContract(name: string, subject: StoreContractSubject): void {
  describe(`${name}: the store contract`, () => {
    let opened: OpenedStore;
    let store: CheckoutStore;
    const START = new Date('2031-01-31T12:00:00.000Z');

    beforeEach(async () => {
      opened = await subject.open();
      store = opened.store;
      await store.clock.travel(START, { freeze: true });
    });
    afterEach(async () => {
      await opened.dispose();
    });

    const advance = (ms: number) =>
      store.clock
        .now()
        .then((now) => store.clock.travel(new Date(now.getTime() + ms), { freeze: true }));

    async function started(
      input: StartAttemptInput = makeStartAttempt(),
    ): Promise<CheckoutSession> {
      const result = await store.startAttempt(input);
      expect(result.outcome).toBe('created');
      return result.session;
    }

    describe('a first submission', () => {
      it('stores the session in its first attempt, every field typed, on the store clock', async () => {
        const input = makeStartAttempt({ session: { promoCode: null, visitorHash: null } });
        const result = await store.startAttempt(input);
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
        expect(await store.getSession(input.session.id)).toEqual(result.session);
        expect(await store.getSessionByIdempotencyKey(input.session.idempotencyKey)).toEqual(
          result.session,
        );
      });

      it('answers null for an unknown session', async () => {
        expect(await store.getSession('cs_missing')).toBeNull();
        expect(await store.getSessionByIdempotencyKey('key_missing')).toBeNull();
        expect(await store.getSessionRecord('cs_missing')).toBeNull();
      });
    });

    describe('the same key again', () => {
      it('while the first attempt runs: held, nothing new stored', async () => {
        const input = makeStartAttempt();
        const first = await started(input);
        const again = await store.startAttempt({
          ...input,
          session: { ...input.session, id: 'cs_other', seats: 9 },
        });
        expect(again.outcome).toBe('held');
        expect(again.session).toMatchObject({ id: first.id, seats: 5, attempt: 1 });
        expect(await store.getSession('cs_other')).toBeNull();
      });

      it("from another visitor: foreign, untouched; a session nobody owns is anyone's", async () => {
        const input = makeStartAttempt();
        const first = await started(input);
        await store.applyEvent({ sessionId: first.id, event: 'fail', attempt: 1 });
        const stranger = await store.startAttempt({ ...input, visitorHash: 'someone-else' });
        expect(stranger.outcome).toBe('foreign');
        expect(stranger.session.status).toBe('failed');
        expect((await store.startAttempt({ ...input, visitorHash: null })).outcome).toBe('foreign');

        const unowned = makeStartAttempt({ session: { visitorHash: null } });
        const session = await started(unowned);
        await store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
        const anyone = await store.startAttempt({ ...unowned, visitorHash: 'whoever' });
        expect(anyone.outcome).toBe('retried');
      });

      it('after a decline: the next attempt, with the new selection', async () => {
        const input = makeStartAttempt();
        const first = await started(input);
        const failed = await store.applyEvent({
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
        const retry = await store.startAttempt({
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
        const resumed = await store.startAttempt({
          ...input,
          session: { ...input.session, seats: 9, amountDue: 1 },
        });
        expect(resumed.outcome).toBe('resumed');
        expect(resumed.session).toMatchObject({ attempt: 1, seats: 5, amountDue: first.amountDue });
        expect((await store.startAttempt(input)).outcome).toBe('held');
      });

      it('after the lease was released: resumed at once', async () => {
        const input = makeStartAttempt();
        const first = await started(input);
        expect(await store.releaseLease(first.id, 2)).toBe(false);
        expect(await store.releaseLease(first.id, 1)).toBe(true);
        expect((await store.startAttempt(input)).outcome).toBe('resumed');
      });

      it('when paid, waiting for the buyer, or past its expiry: unavailable', async () => {
        const paidInput = makeStartAttempt();
        const paid = await started(paidInput);
        await store.applyEvent({
          sessionId: paid.id,
          event: 'succeed',
          attempt: 1,
          completion: makeCompletion(paid),
        });
        expect((await store.startAttempt(paidInput)).outcome).toBe('unavailable');

        const waitingInput = makeStartAttempt();
        const waiting = await started(waitingInput);
        await store.applyEvent({
          sessionId: waiting.id,
          event: 'require_action',
          attempt: 1,
          actionUrl: '/bank',
        });
        await advance(10 * MINUTE);
        expect((await store.startAttempt(waitingInput)).outcome).toBe('unavailable');

        const lateInput = makeStartAttempt();
        const late = await started(lateInput);
        await store.applyEvent({ sessionId: late.id, event: 'fail', attempt: 1 });
        await advance(31 * MINUTE);
        expect((await store.startAttempt(lateInput)).outcome).toBe('unavailable');
        expect(await store.expireSessions()).toBe(2);
        expect((await store.startAttempt(lateInput)).session.status).toBe('expired');
      });
    });

    describe('lifecycle events', () => {
      it('apply only in the states the lifecycle allows, and only to the current attempt', async () => {
        const session = await started();
        expect(await store.applyEvent({ sessionId: session.id, event: 'refund' })).toBeNull();
        expect(
          await store.applyEvent({ sessionId: session.id, event: 'succeed', attempt: 2 }),
        ).toBeNull();
        expect((await store.getSession(session.id))?.status).toBe('processing');
      });

      it('waiting for the buyer records where to send them, then completes', async () => {
        const session = await started();
        const waiting = await store.applyEvent({
          sessionId: session.id,
          event: 'require_action',
          attempt: 1,
          providerPaymentId: 'pay_3ds',
          actionUrl: '/checkout/finish/authenticate?session=x',
        });
        expect(waiting).toMatchObject({
          status: 'requires_action',
          providerPaymentId: 'pay_3ds',
          actionUrl: '/checkout/finish/authenticate?session=x',
          leaseUntil: null,
        });
        const done = await store.applyEvent({
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
        expect(await store.applyEvent(update)).toMatchObject({ status: 'paid' });
        expect(await store.applyEvent(update)).toBeNull();
        const record = await store.getSessionRecord(session.id);
        expect(record?.order).toMatchObject({
          ...completion.order,
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
        await store.applyEvent({
          sessionId: yearly.id,
          event: 'succeed',
          attempt: 1,
          completion: makeCompletion(yearly),
        });
        expect((await store.getSessionRecord(yearly.id))?.subscription?.currentPeriodEnd).toEqual(
          new Date('2032-01-31T12:00:00.000Z'),
        );
        const trial = await started();
        expect(
          await store.applyEvent({
            sessionId: trial.id,
            event: 'start_trial',
            attempt: 1,
            completion: makeCompletion(trial, { trialDays: 14 }),
          }),
        ).toMatchObject({ status: 'trialing' });
        const subscription = (await store.getSessionRecord(trial.id))?.subscription;
        const trialEnd = new Date('2031-02-14T12:00:00.000Z');
        expect(subscription).toMatchObject({
          status: 'trialing',
          trialEnd,
          currentPeriodEnd: trialEnd,
        });
      });
    });

    describe('the card-testing counts', () => {
      it('count logged declines per session, per client and overall, inside the window only', async () => {
        const a = makeStartAttempt({ clientKey: 'client-1' });
        const sessionA = await started(a);
        await store.applyEvent({
          sessionId: sessionA.id,
          event: 'fail',
          attempt: 1,
          logFailure: { clientKey: 'client-1' },
        });
        await advance(10 * MINUTE);
        const b = await started(makeStartAttempt({ clientKey: 'client-1' }));
        await store.applyEvent({
          sessionId: b.id,
          event: 'fail',
          attempt: 1,
          logFailure: { clientKey: 'someone-else' },
        });
        await advance(MINUTE);
        const retryA = await store.startAttempt(a);
        expect(retryA.failures).toEqual({
          forSession: 1,
          forClient: 1,
          overall: 2,
          oldest: START,
          oldestOverall: START,
        });
        await advance(5 * MINUTE); // START + 16 min: the first decline left the window.
        const other = await store.startAttempt(makeStartAttempt({ clientKey: null }));
        expect(other.failures).toMatchObject({ forSession: 0, forClient: 0, overall: 1 });
      });
    });

    describe('the sweeps', () => {
      it('take over only attempts whose lease ran out, oldest first, once', async () => {
        const older = await started();
        await advance(MINUTE);
        const newer = await started();
        const running = await started(makeStartAttempt({ leaseMs: 60 * MINUTE }));
        await advance(2 * MINUTE);
        const taken = await store.claimStaleAttempts(10, 2 * MINUTE);
        expect(taken.map((s) => s.id)).toEqual([older.id, newer.id]);
        expect(taken.every((s) => s.attempt === 1 && s.status === 'processing')).toBe(true);
        expect(await store.claimStaleAttempts(10, 2 * MINUTE)).toEqual([]);
        expect((await store.getSession(running.id))?.status).toBe('processing');
      });

      it('expire what is past its expiry and may expire, nothing else', async () => {
        const failed = await started();
        await store.applyEvent({ sessionId: failed.id, event: 'fail', attempt: 1 });
        const waiting = await started();
        await store.applyEvent({ sessionId: waiting.id, event: 'require_action', attempt: 1 });
        const processing = await started();
        const paid = await started();
        await store.applyEvent({
          sessionId: paid.id,
          event: 'succeed',
          attempt: 1,
          completion: makeCompletion(paid),
        });
        await advance(20 * MINUTE);
        const inTime = await started();
        await store.applyEvent({ sessionId: inTime.id, event: 'fail', attempt: 1 });
        await advance(11 * MINUTE);
        expect(await store.expireSessions()).toBe(2);
        const status = async (s: CheckoutSession) => (await store.getSession(s.id))?.status;
        expect(await status(failed)).toBe('expired');
        expect(await status(waiting)).toBe('expired');
        expect(await status(processing)).toBe('processing');
        expect(await status(paid)).toBe('paid');
        expect(await status(inTime)).toBe('failed');
        expect(await store.expireSessions()).toBe(0);
      });
    });

    describe('the finish record', () => {
      it('binds a session nobody owns to the first browser only, and tells expiry', async () => {
        const session = await started(makeStartAttempt({ session: { visitorHash: null } }));
        const first = await store.getSessionRecord(session.id, { bindVisitorHash: 'hash-first' });
        expect(first?.session.visitorHash).toBe('hash-first');
        const second = await store.getSessionRecord(session.id, { bindVisitorHash: 'hash-2' });
        expect(second?.session.visitorHash).toBe('hash-first');
        expect(second).toMatchObject({ order: null, subscription: null, expired: false });
        await advance(31 * MINUTE);
        expect((await store.getSessionRecord(session.id))?.expired).toBe(true);
      });
    });

    describe('the clock', () => {
      it('travels, stands still when frozen, and goes back to the server time', async () => {
        expect(await store.clock.now()).toEqual(START);
        await store.clock.travel(new Date('2040-05-01T00:00:00.000Z'));
        const running = await store.clock.now();
        expect(Math.abs(running.getTime() - Date.parse('2040-05-01T00:00:00.000Z'))).toBeLessThan(
          60_000,
        );
        await store.clock.reset();
        expect(Math.abs((await store.clock.now()).getTime() - Date.now())).toBeLessThan(60_000);
      });
    });

    const { openSibling } = subject;
    describe.skipIf(!openSibling)('concurrent callers in two processes', () => {
      let sibling: OpenedStore;
      beforeEach(async () => {
        sibling = await (openSibling as () => Promise<OpenedStore>)();
      });
      afterEach(async () => {
        await sibling.dispose();
      });
      const either = (i: number) => (i % 2 === 0 ? store : sibling.store);

      it('50 first submissions of one key: one session, one holder', async () => {
        const input = makeStartAttempt();
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            either(i).startAttempt({ ...input, session: { ...input.session, id: `cs_${i}` } }),
          ),
        );
        expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
        expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'held')).toHaveLength(49);
      });

      it('50 retries after a decline: one new attempt', async () => {
        const input = makeStartAttempt();
        const session = await started(input);
        await store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => either(i).startAttempt(input)),
        );
        expect(results.filter((r) => r.outcome === 'retried')).toHaveLength(1);
        expect((await store.getSession(session.id))?.attempt).toBe(2);
      });

      it('20 completions at once: one order', async () => {
        const session = await started();
        const completion = makeCompletion(session);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            either(i).applyEvent({
              sessionId: session.id,
              event: 'succeed',
              attempt: 1,
              completion,
            }),
          ),
        );
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        expect((await store.getSessionRecord(session.id))?.order?.reference).toBe(
          completion.order.reference,
        );
      });

      it('two sweeps at once take disjoint attempts', async () => {
        const sessions = [];
        for (let i = 0; i < 10; i++) sessions.push(await started());
        await advance(3 * MINUTE);
        const [a, b] = await Promise.all([
          store.claimStaleAttempts(10, 2 * MINUTE),
          sibling.store.claimStaleAttempts(10, 2 * MINUTE),
        ]);
        const ids = [...a, ...b].map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(10);
      });
    });
  });
}
