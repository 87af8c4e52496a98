import { ProviderError, StoreError } from '../errors/errors.js';
import { createSessionId } from '../ids/sessionId.js';
import type { TestPaymentProvider } from '../providers/test/testPaymentProvider.js';
import type { CheckoutStore } from '../store/types.js';
import {
  DAY,
  databases,
  expectRedirect,
  expectState,
  HOUR,
  MINUTE,
  newKey,
  receiptOf,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { makeCatalog } from '../test-utils/factories.js';
import { makeSelection } from '../testing/storeFixtures.js';
import { providerKeyOf } from './pay.js';

describe.each(databases)('recovering from failures on $name', (database) => {
  const h = useEngineHarness(database);

  /** The provider with its confirmations changed: it charges (or not), then the call fails. */
  function losingAnswers(provider: TestPaymentProvider, charge: boolean): TestPaymentProvider {
    let calls = 0;
    return {
      ...provider,
      confirmIntent: async (intentId, confirmation) => {
        calls += 1;
        if (calls > 1) return provider.confirmIntent(intentId, confirmation);
        if (charge) await provider.confirmIntent(intentId, confirmation);
        throw new Error('ETIMEDOUT while confirming');
      },
    };
  }

  /**
   * A request that started the first attempt of a starter checkout and got as far as
   * `step`, then died: the session stays `processing` under its lease.
   */
  async function diedAfter(
    step: 'start' | 'create' | 'record' | 'confirm',
    provider: TestPaymentProvider,
    idempotencyKey = newKey(),
    card = h.cards.success,
  ) {
    const { session } = await h.store.startAttempt({
      session: {
        ...makeSelection({ planId: 'starter', seats: 1, promoCode: null }),
        id: createSessionId(),
        idempotencyKey,
        visitorHash: null,
        ttlMs: DAY,
      },
      visitorHash: null,
      leaseMs: 2 * MINUTE,
      failureWindowMs: 15 * MINUTE,
      clientKey: null,
      emailKey: null,
    });
    if (step === 'start') return session;
    const { intentId } = await provider.createIntent({
      idempotencyKey: providerKeyOf(session),
      mode: 'payment',
      amount: session.amountDue,
      currency: 'EUR',
      description: 'died',
      customer: { email: session.email, name: session.name },
      flow: 'fields',
      returnUrl: '/back',
      cancelUrl: '/plan',
      saveMethod: true,
      metadata: {},
    });
    if (step === 'create') return session;
    await h.store.recordIntent(session.id, 1, intentId);
    if (step === 'record') return session;
    await provider.confirmIntent(intentId, { paymentMethodId: card, returnUrl: '/back' });
    return session;
  }

  describe('a provider answer that was lost', () => {
    it('charged: the visitor’s finish step asks the provider and shows the receipt, one order', async () => {
      const { provider, paid } = h.setup();
      const { engine, logs } = h.setup({ provider: losingAnswers(provider, true) });
      const form = h.post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toMatchObject({
        name: 'ProviderError',
        code: 'provider_failed',
      });
      const session = await h.store.getSessionByIdempotencyKey(form.idempotencyKey);
      // The attempt stays processing, its lease released, its intent recorded.
      expect(session).toMatchObject({
        status: 'processing',
        failureCode: null,
        providerPaymentId: expect.stringMatching(/^pi_/),
      });
      expect((await engine.getFinishView(session?.id, visitor)).status).toBe('paid');
      expect(await paid()).toBe(1);
      expect(await h.countRows('orders')).toBe(1);
      expect((await engine.reconcilePayments()).completed).toBe(0);
      // Logged once, with the session, never the buyer's email.
      expect(logs.filter(([level]) => level === 'error')).toHaveLength(1);
      expect(JSON.stringify(logs)).toContain('ETIMEDOUT');
      expect(JSON.stringify(logs)).not.toContain('ada@example.com');
    });

    it('not charged: "in progress" until the sweep fails it; then the visitor pays again', async () => {
      const { provider, paid } = h.setup();
      const { engine } = h.setup({ provider: losingAnswers(provider, false) });
      const form = h.post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      const session = await h.store.getSessionByIdempotencyKey(form.idempotencyKey);
      // Honest while unknown: not "failed, you were not charged".
      expect((await engine.getFinishView(session?.id, visitor)).status).toBe('pending');
      expect(await engine.reconcilePayments()).toEqual({
        completed: 0,
        failed: 1,
        waiting: 0,
        skipped: 0,
      });
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorProcessing' },
      });
      const retry = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect((await engine.getFinishView(retry.sessionId, visitor)).status).toBe('paid');
      expect(await paid()).toBe(1);
    });

    it('the visitor’s retry of an unknown outcome repeats the same intent: never a second charge', async () => {
      const { provider, paid } = h.setup();
      const { engine } = h.setup({ provider: losingAnswers(provider, true) });
      const form = h.post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      // Even after switching to yearly: the stored amount and key are resumed.
      const retry = expectRedirect(
        await engine.submitPlanStep({ ...form, interval: 'yearly' }, visitor),
      );
      expect(receiptOf(await engine.getFinishView(retry.sessionId, visitor))).toMatchObject({
        interval: 'monthly',
        amountPaid: 1071,
      });
      expect(await paid()).toBe(1);
      expect(await provider.processor.ledger.count('payment')).toBe(1);
    });

    it('an unknown outcome is not expired away: a day later the sweep still finds the charge', async () => {
      const { provider } = h.setup();
      const { engine } = h.setup({ provider: losingAnswers(provider, true) });
      const form = h.post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      await h.advance(25 * HOUR);
      await engine.expireStaleSessions();
      expect((await h.store.getSessionByIdempotencyKey(form.idempotencyKey))?.status).toBe(
        'processing',
      );
      expect((await engine.reconcilePayments()).completed).toBe(1);
      expect(await h.countRows('orders')).toBe(1);
    });

    it('a provider that never answers times out, typed, and the retry pays once', async () => {
      const { provider, paid } = h.setup();
      let hang = true;
      const slow: TestPaymentProvider = {
        ...provider,
        confirmIntent: (intentId, confirmation) =>
          hang ? new Promise(() => {}) : provider.confirmIntent(intentId, confirmation),
      };
      const { engine } = h.setup({ provider: slow, providerTimeoutMs: 200 });
      const form = h.post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toMatchObject({
        code: 'provider_timeout',
        operation: 'confirmIntent',
      });
      hang = false;
      const retry = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect((await engine.getFinishView(retry.sessionId, visitor)).status).toBe('paid');
      expect(await paid()).toBe(1);
    });
  });

  describe('a request that died mid-payment (create, record, then confirm)', () => {
    it.each([
      ['after starting the attempt', 'start', 'failed'],
      ['after creating the intent, before recording it', 'create', 'failed'],
      ['after recording the intent, before confirming it', 'record', 'failed'],
      ['after confirming (charged), before recording the outcome', 'confirm', 'paid'],
    ] as const)('%s: the sweep settles it once it is stale, as %s', async (_, step, outcome) => {
      const { engine, provider, paid } = h.setup();
      const session = await diedAfter(step, provider);
      // Not yet stale: a live request might still be working on it.
      expect(
        (await engine.reconcilePayments()).completed + (await engine.reconcilePayments()).failed,
      ).toBe(0);
      await h.advance(3 * MINUTE);
      await engine.reconcilePayments();
      expect((await h.store.getSession(session.id))?.status).toBe(outcome);
      expect(await paid()).toBe(outcome === 'paid' ? 1 : 0);
      expect(await h.countRows('orders')).toBe(outcome === 'paid' ? 1 : 0);
    });

    it('a visitor’s retry resumes the crashed attempt with the same intent', async () => {
      const { engine, provider, paid } = h.setup();
      const form = h.post();
      const session = await diedAfter('confirm', provider, form.idempotencyKey);
      await h.advance(3 * MINUTE);
      const resumed = expectRedirect(
        await engine.submitPlanStep(form, { clientAddress: visitor.clientAddress }),
      );
      expect(resumed.sessionId).toBe(session.id);
      expect(await h.store.getSession(session.id)).toMatchObject({ status: 'paid', attempt: 1 });
      expect(await paid()).toBe(1);
    });
  });

  describe('throttling (card-testing defence)', () => {
    it('stops a session after N declines, before the provider, with the minutes to wait', async () => {
      const { engine, attempts } = h.setup({ throttle: { maxFailuresPerSession: 3 } });
      const form = h.post({ paymentMethod: h.cards.declined });
      for (let i = 0; i < 3; i++) {
        expect(expectState(await engine.submitPlanStep(form, visitor)).formError).toEqual({
          message: 'errorDeclined',
        });
        await h.advance(MINUTE);
      }
      // Failures at 0, 1 and 2 minutes; now is 3 minutes: the first leaves the window at 15.
      const throttled = expectState(
        await engine.submitPlanStep({ ...form, paymentMethod: h.cards.success }, visitor),
      );
      expect(throttled).toMatchObject({
        status: 'failed',
        formError: { message: 'errorThrottled', values: { minutes: 12 } },
        idempotencyKey: form.idempotencyKey,
      });
      expect(await attempts()).toBe(3);
      await h.advance(12 * MINUTE + 1000); // the window includes its start
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep({ ...form, paymentMethod: h.cards.success }, visitor),
      );
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });

    it('stops a client address across sessions; another address pays', async () => {
      const { engine, attempts, logs } = h.setup({ throttle: { maxFailuresPerClient: 2 } });
      for (let i = 0; i < 2; i++) {
        expectState(
          await engine.submitPlanStep(h.post({ paymentMethod: h.cards.declined }), visitor),
        );
      }
      const form = h.post();
      const state = expectState(await engine.submitPlanStep(form, visitor));
      expect(state.formError).toEqual({ message: 'errorThrottled', values: { minutes: 15 } });
      expect(await attempts()).toBe(2);
      expect(logs).toContainEqual([
        'warn',
        '[plankit] card-testing limit refused a payment',
        expect.objectContaining({ limit: 'client', minutes: 15 }),
      ]);
      const session = await h.store.getSessionByIdempotencyKey(form.idempotencyKey);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorProcessing' },
      });
      expectRedirect(
        await engine.submitPlanStep(h.post(), {
          clientAddress: '198.51.100.2',
          visitorToken: 'token-c',
        }),
      );
    });

    it('past the overall limit nobody is refused: a good card from another visitor pays, slowed down', async () => {
      const { engine, paid, logs } = h.setup({
        throttle: { maxFailuresOverall: 3, overallDelayMs: 10 },
      });
      for (let i = 0; i < 4; i++) {
        const forged = { clientAddress: `198.51.100.${i}`, visitorToken: `t${i}` };
        expectState(
          await engine.submitPlanStep(
            h.post({ paymentMethod: h.cards.declined, email: `tester${i}@example.com` }),
            forged,
          ),
        );
      }
      const good = { clientAddress: '203.0.113.99', visitorToken: 't99' };
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(h.post({ email: 'grace@example.com' }), good),
      );
      expect((await engine.getFinishView(sessionId, good)).status).toBe('paid');
      expect(await paid()).toBe(1);
      // One warning for the attack however many payments it slowed, not one per request.
      const overall = logs.filter(
        ([level, , details]) =>
          level === 'warn' && (details as { limit?: string } | undefined)?.limit === 'overall',
      );
      expect(overall).toEqual([
        [
          'warn',
          '[plankit] card-testing limit: many declines overall, payments slowed down',
          { limit: 'overall', declines: 3, delayMs: 10 },
        ],
      ]);
    });

    it('stops an email across addresses and sessions; another email from there pays', async () => {
      const { engine, attempts, logs } = h.setup({ throttle: { maxFailuresPerEmail: 2 } });
      for (let i = 0; i < 2; i++) {
        expectState(
          await engine.submitPlanStep(h.post({ paymentMethod: h.cards.declined }), {
            clientAddress: `198.51.100.${i}`,
            visitorToken: `t${i}`,
          }),
        );
      }
      const fresh = { clientAddress: '203.0.113.7', visitorToken: 'fresh' };
      const state = expectState(await engine.submitPlanStep(h.post(), fresh));
      expect(state.formError).toEqual({ message: 'errorThrottled', values: { minutes: 15 } });
      expect(await attempts()).toBe(2);
      expect(logs).toContainEqual([
        'warn',
        '[plankit] card-testing limit refused a payment',
        expect.objectContaining({ limit: 'email' }),
      ]);
      // Case does not make it another buyer.
      const shouted = expectState(
        await engine.submitPlanStep(h.post({ email: 'ADA@example.com' }), fresh),
      );
      expect(shouted.formError?.message).toBe('errorThrottled');
      expectRedirect(await engine.submitPlanStep(h.post({ email: 'grace@example.com' }), fresh));
    });

    it('a decline the sweep settles counts too', async () => {
      const { engine } = h.setup({ throttle: { maxFailuresPerEmail: 1 } });
      const session = await diedAfter('confirm', h.setup().provider, newKey(), h.cards.declined);
      await h.advance(3 * MINUTE);
      await engine.reconcilePayments();
      expect((await h.store.getSession(session.id))?.status).toBe('failed');
      const state = expectState(
        await engine.submitPlanStep(h.post({ email: session.email }), {
          clientAddress: '203.0.113.8',
          visitorToken: 'later',
        }),
      );
      expect(state.formError?.message).toBe('errorThrottled');
    });
  });

  describe('promo code guessing', () => {
    it('after N unknown codes the client may look up no code, a valid one included', async () => {
      const { engine, logs } = h.setup({ throttle: { maxPromoFailuresPerClient: 3 } });
      for (const code of ['GUESS1', 'GUESS2', 'EXPIRED10']) {
        const state = expectState(
          await engine.submitPlanStep(
            { ...h.post({ promo: code }), intent: 'apply-promo' },
            visitor,
          ),
        );
        expect(state.fieldErrors.promo?.message).toMatch(/^errorPromo(Unknown|Expired)$/);
      }
      const blocked = expectState(
        await engine.submitPlanStep(
          { ...h.post({ promo: 'LAUNCH20', email: 'kept@example.com' }), intent: 'apply-promo' },
          visitor,
        ),
      );
      expect(blocked).toMatchObject({
        status: 'invalid',
        fieldErrors: { promo: { message: 'errorPromoThrottled', values: { minutes: 15 } } },
        appliedPromo: null,
        values: { promo: 'LAUNCH20', email: 'kept@example.com' },
      });
      expect(logs).toContainEqual([
        'warn',
        '[plankit] promo code limit refused a lookup',
        { limit: 'client', minutes: 15 },
      ]);
      // Paying without a code is not refused; another client may still use the code.
      expectRedirect(await engine.submitPlanStep(h.post(), visitor));
      const other = { clientAddress: '203.0.113.5', visitorToken: 'other' };
      expectState(
        await engine.submitPlanStep(
          { ...h.post({ promo: 'LAUNCH20' }), intent: 'apply-promo' },
          other,
        ),
      );
      await h.advance(15 * MINUTE + 1000);
      const later = expectState(
        await engine.submitPlanStep(
          { ...h.post({ promo: 'LAUNCH20' }), intent: 'apply-promo' },
          visitor,
        ),
      );
      expect(later.appliedPromo).toEqual({ code: 'LAUNCH20', percentOff: 20 });
    });

    it('limits one checkout across addresses', async () => {
      const { engine } = h.setup({ throttle: { maxPromoFailuresPerCheckout: 2 } });
      const key = newKey();
      for (let i = 0; i < 2; i++) {
        await engine.submitPlanStep(
          { ...h.post({ promo: `NOPE${i}`, idempotencyKey: key }), intent: 'apply-promo' },
          { clientAddress: `198.51.100.${i}`, visitorToken: 'v' },
        );
      }
      const state = expectState(
        await engine.submitPlanStep(
          { ...h.post({ promo: 'NOPE9', idempotencyKey: key }), intent: 'apply-promo' },
          { clientAddress: '198.51.100.50', visitorToken: 'v' },
        ),
      );
      expect(state.fieldErrors.promo?.message).toBe('errorPromoThrottled');
      expect(state.idempotencyKey).toBe(key);
    });
  });

  describe('expiry', () => {
    it('a post past the session’s expiry starts a new checkout; the old one is swept as expired', async () => {
      const { engine, attempts, paid } = h.setup();
      const form = h.post({ paymentMethod: h.cards.declined });
      expectState(await engine.submitPlanStep(form, visitor));
      const session = await h.store.getSessionByIdempotencyKey(form.idempotencyKey);
      await h.advance(DAY + MINUTE);
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep({ ...form, paymentMethod: h.cards.success }, visitor),
      );
      expect(sessionId).not.toBe(session?.id);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      expect(await attempts()).toBe(2);
      expect(await paid()).toBe(1);
      await expect(engine.expireStaleSessions()).resolves.toBe(1);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toEqual({
        status: 'expired',
        planName: 'Starter',
        planUrl: '/checkout/starter?interval=monthly&currency=EUR&country=DE',
      });
      await expect(engine.expireStaleSessions()).resolves.toBe(0);
    });

    it('a paid session never expires', async () => {
      const { engine } = h.setup();
      const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
      await h.advance(2 * DAY);
      await expect(engine.expireStaleSessions()).resolves.toBe(0);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });
  });

  describe('a failing store', () => {
    it('is logged and surfaces as a typed StoreError', async () => {
      const broken: CheckoutStore = {
        ...h.store,
        startAttempt: () => Promise.reject(new Error('connection refused')),
        getSessionRecord: () => Promise.reject(new Error('connection refused')),
      };
      const { engine, logs } = h.setup({ store: broken });
      await expect(engine.submitPlanStep(h.post(), visitor)).rejects.toMatchObject({
        name: 'StoreError',
        code: 'store_failed',
        operation: 'startAttempt',
      });
      await expect(
        engine.getFinishView('cs_abcdefghijklmnopqrstuvwxyz012345', visitor),
      ).rejects.toThrow(StoreError);
      expect(logs.map(([level]) => level)).toEqual(['error', 'error']);
      expect(JSON.stringify(logs)).toContain('connection refused');
    });
  });

  it('the clock the engine checks with is the store’s', async () => {
    const catalog = makeCatalog({
      promoCodes: [{ code: 'UNTIL2032', percentOff: 10, expiresAt: '2032-01-01T00:00:00Z' }],
    });
    const { engine } = h.setup({ catalog });
    const apply = () =>
      engine.submitPlanStep(
        { plan: 'starter', intent: 'apply-promo', promo: 'UNTIL2032', idempotencyKey: newKey() },
        visitor,
      );
    expect(expectState(await apply()).status).toBe('idle');
    await h.store.clock.travel(new Date(START.getTime() + 400 * DAY), { freeze: true });
    expect(expectState(await apply()).fieldErrors).toEqual({
      promo: { message: 'errorPromoExpired' },
    });
  });
});
