import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

const at = (iso: string) => new Date(iso);

describe.each(databases)('subscriptions on the test clock, on $name', (database) => {
  const h = useEngineHarness(database);

  async function subscribe(
    engine: ReturnType<typeof h.setup>['engine'],
    form: Record<string, string>,
  ) {
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(form), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    if (!record?.subscription) throw new Error('no subscription');
    return record.subscription;
  }

  it('trial → first charge → renewal → failed renewal → retries on days 1, 3, 5 → canceled', async () => {
    const { engine, provider } = h.setup();
    const subscription = await subscribe(engine, { plan: 'pro' });
    const trialEnd = new Date(START.getTime() + 14 * DAY); // 14 February 2031, 12:00
    expect(subscription).toMatchObject({
      status: 'trialing',
      amount: 3451,
      nextAttemptAt: trialEnd,
    });
    const state = () => h.store.getSubscription(subscription.id);

    // The trial ends: the saved card pays the first period.
    let report = await engine.advanceTestClock(new Date(trialEnd.getTime() + HOUR));
    expect(report).toMatchObject({ renewed: 1, retrying: 0, canceled: 0 });
    expect(await state()).toMatchObject({
      status: 'active',
      currentPeriodStart: trialEnd,
      currentPeriodEnd: at('2031-03-14T12:00:00.000Z'),
    });

    // A month on: renewed again, exactly once however often the clock is asked.
    report = await engine.advanceTestClock(at('2031-03-14T13:00:00.000Z'));
    expect(report.renewed).toBe(1);
    expect(await engine.runRenewals()).toMatchObject({ renewed: 0 });
    const orders = await h.store.listRenewalOrders(subscription.id);
    expect(orders.map((o) => [o.amountPaid, o.periodEnd?.toISOString()])).toEqual([
      [3451, '2031-03-14T12:00:00.000Z'],
      [3451, '2031-04-14T12:00:00.000Z'],
    ]);
    expect(await provider.processor.ledger.countSucceeded('charge')).toBe(2);

    // The card starts declining: past due, retried after 1, 3 and 5 days, then ended.
    await provider.processor.ledger.declineFromNowOn(subscription.paymentMethodId ?? '');
    report = await engine.advanceTestClock(at('2031-04-14T13:00:00.000Z'));
    expect(report).toMatchObject({ renewed: 0, retrying: 1 });
    expect(await state()).toMatchObject({
      status: 'past_due',
      renewalAttempt: 1,
      nextAttemptAt: at('2031-04-15T12:00:00.000Z'),
    });
    report = await engine.advanceTestClock(at('2031-04-17T13:00:00.000Z'));
    expect(report).toMatchObject({ retrying: 2 }); // the retries of day 1 and day 3
    expect(await state()).toMatchObject({
      renewalAttempt: 3,
      nextAttemptAt: at('2031-04-19T12:00:00.000Z'),
    });
    report = await engine.advanceTestClock(at('2031-05-01T00:00:00.000Z'));
    expect(report).toMatchObject({ canceled: 1 });
    expect(await state()).toMatchObject({ status: 'canceled', nextAttemptAt: null });
    expect(await provider.processor.ledger.countSucceeded('charge')).toBe(2);
  });

  it('a card that saves fine but declines its first charge: past due after the trial', async () => {
    const { engine } = h.setup();
    const subscription = await subscribe(engine, {
      plan: 'pro',
      paymentMethod: h.cards.declinesAfterSaving,
    });
    expect(subscription.status).toBe('trialing');
    const report = await engine.advanceTestClock(at('2031-02-14T13:00:00.000Z'));
    expect(report.retrying).toBe(1);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ status: 'past_due' });
  });

  it('canceled by the buyer: not charged, ended at the period’s end', async () => {
    const { engine, provider } = h.setup();
    const subscription = await subscribe(engine, {});
    await h.store.setCancelAtPeriodEnd(subscription.id, true);
    const report = await engine.advanceTestClock(at('2031-03-01T00:00:00.000Z'));
    expect(report).toMatchObject({ renewed: 0, canceled: 1 });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await provider.processor.ledger.count('charge')).toBe(0);
  });

  it('a renewal charged while another process ended the subscription is reported unrecorded, never renewed', async () => {
    const base = h.setup().provider;
    const subscription = await subscribe(h.setup().engine, {});
    // The charge goes through; before the engine records it, the subscription moves on
    // (here: another process ends it), so the engine's conditional update matches no row.
    const provider = {
      ...base,
      async chargeSavedMethod(input: Parameters<typeof base.chargeSavedMethod>[0]) {
        const charged = await base.chargeSavedMethod(input);
        await h.store.applySubscriptionEvent({
          subscriptionId: subscription.id,
          event: 'cancel',
          periodEnd: subscription.currentPeriodEnd,
          renewalAttempt: 0,
        });
        return charged;
      },
    };
    const { engine, logs } = h.setup({ provider });
    const report = await engine.advanceTestClock(at('2031-03-01T00:00:00.000Z'));
    expect(report).toMatchObject({ renewed: 0, unrecorded: 1 });
    expect(await h.store.listRenewalOrders(subscription.id)).toEqual([]);
    expect(logs).toContainEqual([
      'warn',
      '[plankit] renewal outcome not recorded: the subscription moved on',
      expect.objectContaining({ subscriptionId: subscription.id, event: 'renew' }),
    ]);
  });

  it('the test clock only moves forward, and only with the test provider', async () => {
    const { engine } = h.setup();
    await expect(engine.advanceTestClock(at('2030-01-01T00:00:00.000Z'))).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    await h.store.setActiveProvider('stripe');
    await expect(engine.advanceTestClock(at('2032-01-01T00:00:00.000Z'))).rejects.toMatchObject({
      code: 'invalid_configuration',
    });
  });
});
