// "Update payment method" on the manage page (issue 22.2), through the engine with the test
// provider, on PGlite and PostgreSQL: a past-due subscription is paid at once by a new card,
// through the renewals' own path (order, invoice number, events), and a refused card changes
// nothing.

import { TEST_CARDS } from '../providers/test/testCards.js';
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  processorRequest,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

const TRIAL_END = new Date(START.getTime() + 14 * DAY);

describe.each(databases)('replacing the card of a subscription, on $name', (database) => {
  const h = useEngineHarness(database);

  /** A Pro subscription whose trial ended on a card that declines: past due. */
  async function pastDue(engine: ReturnType<typeof h.setup>['engine']) {
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', paymentMethod: h.cards.declinesAfterSaving }),
        visitor,
      ),
    );
    const record = await h.store.getSessionRecord(sessionId);
    if (!record?.subscription) throw new Error('no subscription');
    await engine.advanceTestClock(new Date(TRIAL_END.getTime() + HOUR));
    const subscription = await h.store.getSubscription(record.subscription.id);
    expect(subscription).toMatchObject({ status: 'past_due', renewalAttempt: 1 });
    const token = engine.subscriptionPath(record.subscription.id).replace('/subscriptions/', '');
    return { subscription: subscription ?? record.subscription, token };
  }

  /** A card typed into the provider's fields now (a fresh payment method). */
  async function newCard(provider: ReturnType<typeof h.setup>['provider'], number: string) {
    const made = await provider.processor.createPaymentMethod({
      number,
      expiry: '12/39',
      cvc: '123',
    });
    if ('errors' in made) throw new Error('card refused');
    return made.id;
  }

  const form = (paymentMethod?: string) =>
    new Map(paymentMethod ? [['paymentMethod', paymentMethod]] : []);
  const typesOf = async (id: string) =>
    (await h.store.listEvents()).filter((e) => e.data.id === id).map((e) => e.type);

  it('past due, a new 4242 card: the open renewal is paid at once, with its order and events', async () => {
    const { engine, provider } = h.setup();
    const { subscription, token } = await pastDue(engine);
    const card = await newCard(provider, TEST_CARDS.success);

    const result = await engine.updatePaymentMethod(token, form(card), visitor);
    expect(result).toEqual({
      kind: 'redirect',
      location: `/subscriptions/${token}?payment_method=paid`,
    });
    const after = await h.store.getSubscription(subscription.id);
    expect(after).toMatchObject({
      status: 'active',
      renewalAttempt: 0,
      paymentMethodId: card,
      paymentMethod: { brand: 'visa', last4: '4242' },
      currentPeriodStart: TRIAL_END,
    });
    const [renewal] = await h.store.listRenewalOrders(subscription.id);
    expect(renewal).toMatchObject({
      amountPaid: 3451,
      paymentMethod: { brand: 'visa', last4: '4242' },
      invoiceNumber: expect.stringMatching(/^INV-2031-\d{6}$/),
    });
    expect(await typesOf(subscription.id)).toEqual([
      'subscription.created',
      'subscription.past_due',
      'subscription.payment_method_updated',
      'subscription.renewed',
    ]);
    const updated = (await h.store.listEvents()).find(
      (e) => e.type === 'subscription.payment_method_updated',
    );
    expect(updated?.data).toMatchObject({
      id: subscription.id,
      status: 'past_due',
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(JSON.stringify(updated)).not.toContain(TEST_CARDS.success);
    // The manage page shows the new card; charged once in all.
    const view = await engine.getSubscriptionView(token);
    expect(view).toMatchObject({
      status: 'found',
      subscriptionStatus: 'active',
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(await provider.processor.ledger.countSucceeded('charge')).toBe(1);
  });

  it('a new card that saves but cannot pay: kept, still past due, the schedule unchanged', async () => {
    const { engine, provider } = h.setup();
    const { subscription, token } = await pastDue(engine);
    const card = await newCard(provider, TEST_CARDS.insufficientFunds);

    const result = await engine.updatePaymentMethod(token, form(card), visitor);
    expect(result).toEqual({
      kind: 'redirect',
      location: `/subscriptions/${token}?payment_method=declined_funds`,
    });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      status: 'past_due',
      renewalAttempt: 2,
      nextAttemptAt: subscription.nextAttemptAt,
      paymentMethod: { brand: 'visa', last4: '9995' },
    });
    expect(await h.store.listRenewalOrders(subscription.id)).toEqual([]);
  });

  it('a card the bank refuses to save: the form says why, nothing changes', async () => {
    const { engine, provider } = h.setup();
    const { subscription, token } = await pastDue(engine);
    const card = await newCard(provider, TEST_CARDS.declined);

    const result = await engine.updatePaymentMethod(token, form(card), visitor);
    expect(result).toMatchObject({
      kind: 'state',
      state: { status: 'failed', formError: { message: 'errorDeclined' } },
    });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      status: 'past_due',
      renewalAttempt: 1,
      paymentMethodId: subscription.paymentMethodId,
      paymentMethod: null,
    });
    expect(await typesOf(subscription.id)).not.toContain('subscription.payment_method_updated');
  });

  it('a card that needs 3-D Secure: the bank page, then the manage page applies it once', async () => {
    const { engine, provider } = h.setup();
    const { subscription, token } = await pastDue(engine);
    const card = await newCard(provider, TEST_CARDS.authenticate);

    const result = await engine.updatePaymentMethod(token, form(card), visitor);
    if (result.kind !== 'redirect') throw new Error('expected the bank page');
    const intentId = decodeURIComponent(result.location.split('/').pop() ?? '');
    expect(result.location).toBe(provider.processor.paths.authenticate(intentId));
    // Only the browser that asked may approve it there.
    const intent = await provider.processor.ledger.get(intentId);
    const metadata = intent?.metadata ?? {};
    expect(await engine.ownsProviderIntent(metadata, visitor)).toBe(true);
    expect(await engine.ownsProviderIntent(metadata, { visitorToken: 'someone-else' })).toBe(false);

    await provider.processor.decide(intentId, true, 'http://127.0.0.1');
    expect(await engine.completePaymentMethodUpdate(token)).toBe('paid');
    expect(await engine.completePaymentMethodUpdate(token)).toBeNull();
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      status: 'active',
      paymentMethod: { brand: 'visa', last4: '3184' },
      paymentMethodIntent: null,
    });
    expect(await provider.processor.ledger.countSucceeded('charge')).toBe(1);
  });

  it('without JavaScript: the hosted page takes the card, the return pays', async () => {
    const { engine, provider } = h.setup();
    const { subscription, token } = await pastDue(engine);

    const result = await engine.updatePaymentMethod(token, form(), visitor);
    if (result.kind !== 'redirect') throw new Error('expected the hosted page');
    const intentId = decodeURIComponent(result.location.split('/').pop() ?? '');
    expect(result.location).toBe(provider.processor.paths.pay(intentId));
    // The hosted page says what saving the card leads to (not a trial's "nothing today").
    const page = await (await provider.handle(processorRequest(result.location))).text();
    expect(page).toContain(
      'Your card is saved for your subscription of €34.51. If a payment is overdue, it is charged to this card right after.',
    );
    const paid = await provider.processor.payOnHostedPage(
      intentId,
      { number: TEST_CARDS.success, expiry: '12/39', cvc: '123' },
      'http://127.0.0.1',
    );
    expect(paid).toMatchObject({ intent: { status: 'succeeded' } });
    expect(await engine.completePaymentMethodUpdate(token)).toBe('paid');
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ status: 'active' });
  });

  it('an active subscription: the card is replaced, nothing is charged', async () => {
    const { engine, provider } = h.setup();
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    const id = record?.subscription?.id ?? '';
    const token = engine.subscriptionPath(id).replace('/subscriptions/', '');
    const card = await newCard(provider, '5555555555554444');
    const result = await engine.updatePaymentMethod(token, form(card), visitor);
    expect(result).toMatchObject({ location: `/subscriptions/${token}?payment_method=updated` });
    expect(await h.store.getSubscription(id)).toMatchObject({
      status: 'active',
      paymentMethod: { brand: 'mastercard', last4: '4444' },
    });
    expect(await provider.processor.ledger.count('charge')).toBe(0);
    // An ended subscription keeps its card.
    await h.store.applySubscriptionEvent({
      subscriptionId: id,
      event: 'cancel',
      periodEnd: record?.subscription?.currentPeriodEnd ?? new Date(),
      renewalAttempt: 0,
    });
    expect(
      await engine.updatePaymentMethod(
        token,
        form(await newCard(provider, TEST_CARDS.success)),
        visitor,
      ),
    ).toMatchObject({ state: { formError: { message: 'manageCardUnavailable' } } });
  });
});
