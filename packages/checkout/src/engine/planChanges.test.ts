// Plan changes from the manage page (issue 22.1), on PGlite and PostgreSQL: the preview
// before anything is charged, an upgrade charged once at exactly the previewed amount, a
// declined charge that changes nothing, a stale preview shown again, a downgrade scheduled
// for the period's end (and undone), a downgrade applied at once with its credit, and an
// interval switch that starts a new period.
import type { CheckoutEventOf } from '../events/types.js';
import {
  DAY,
  databases,
  expectRedirect,
  MINUTE,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

const at = (iso: string) => new Date(iso);
const PERIOD_END = at('2031-02-28T12:00:00.000Z'); // START + 1 month (28 days)

describe.each(databases)('plan changes, on $name', (database) => {
  const h = useEngineHarness(database);

  async function subscribe(form: Record<string, string>, options = {}) {
    const setup = h.setup(options);
    const { sessionId } = expectRedirect(await setup.engine.submitPlanStep(h.post(form), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    if (!record?.subscription) throw new Error('no subscription');
    const subscription = record.subscription;
    const token = setup.engine.subscriptionPath(subscription.id).replace('/subscriptions/', '');
    const charges = () => setup.provider.processor.ledger.countSucceeded('charge');
    return { ...setup, subscription, token, charges };
  }

  const updates = async (subscriptionId: string) =>
    (await h.store.listEvents())
      .filter((e) => e.type === 'subscription.updated' && e.data.id === subscriptionId)
      .map((e) => (e as CheckoutEventOf<'subscription.updated'>).data.change);

  it('team, 5 → 7 seats half-way: previewed, confirmed twice, charged once at the previewed amount', async () => {
    const { engine, subscription, token, charges } = await subscribe({ plan: 'team', seats: '5' });
    expect(subscription).toMatchObject({ seats: 5, amount: 7140, currentPeriodEnd: PERIOD_END });
    await h.advance(14 * DAY);

    const preview = await engine.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '7',
    });
    // 2 seats × €12 × ½ month + 19% VAT, the next renewal at 7 seats on the same date.
    expect(preview).toMatchObject({
      status: 'preview',
      effective: 'now',
      amountDue: 1428,
      tax: 228,
      credit: 0,
      from: { planName: 'Team', seats: 5, amount: 7140 },
      to: { planName: 'Team', seats: 7, amount: 9996 },
      nextRenewal: { amount: 9996, date: PERIOD_END.toISOString() },
      stale: false,
    });
    // Nothing changed by looking.
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ seats: 5 });
    expect(await charges()).toBe(0);
    if (preview.status !== 'preview') throw new Error('no preview');

    // A second passes before the click: the amount stays the one shown (the instant is signed).
    await h.advance(1000);
    const [first, second] = await Promise.all([
      engine.confirmPlanChange(token, preview.confirmToken),
      engine.confirmPlanChange(token, preview.confirmToken),
    ]);
    expect([first, second]).toEqual([{ status: 'applied' }, { status: 'applied' }]);
    expect(await engine.confirmPlanChange(token, preview.confirmToken)).toEqual({
      status: 'applied',
    });
    expect(await charges()).toBe(1);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 7,
      amount: 9996,
      currentPeriodEnd: PERIOD_END,
    });
    const orders = await h.store.listRenewalOrders(subscription.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ kind: 'proration', amountPaid: 1428, tax: 228, seats: 7 });
    expect(orders[0]?.invoiceNumber).toMatch(/^INV-2031-\d{6}$/);

    const changes = await updates(subscription.id);
    expect(changes).toEqual([
      expect.objectContaining({
        status: 'applied',
        effective: 'now',
        previous: { planId: 'team', interval: 'monthly', seats: 5, amount: 7140 },
        next: { planId: 'team', interval: 'monthly', seats: 7, amount: 9996 },
        amountDue: 1428,
        credit: 0,
        order: expect.objectContaining({ total: 1428, invoiceNumber: orders[0]?.invoiceNumber }),
      }),
    ]);
    const view = await engine.getSubscriptionView(token);
    expect(view).toMatchObject({
      seats: 7,
      nextCharge: { amount: 9996 },
      history: expect.arrayContaining([
        expect.objectContaining({ kind: 'plan_change', amount: 1428 }),
      ]),
    });

    // The renewal bills the new terms.
    await engine.advanceTestClock(at('2031-02-28T13:00:00.000Z'));
    const renewal = (await h.store.listRenewalOrders(subscription.id)).find(
      (o) => o.kind === 'renewal',
    );
    expect(renewal).toMatchObject({ seats: 7, subtotal: 8400, tax: 1596, amountPaid: 9996 });
  });

  it('a declined charge changes nothing; a stale preview is shown again and charges nothing', async () => {
    const { engine, provider, subscription, token, charges } = await subscribe({
      plan: 'team',
      seats: '5',
    });
    await h.advance(14 * DAY);
    const request = { plan: 'team', interval: 'monthly', seats: '7' };
    const preview = await engine.previewPlanChange(token, request);
    if (preview.status !== 'preview') throw new Error('no preview');

    // Half an hour later the preview is out of date: shown again, recomputed, not charged.
    await h.advance(31 * MINUTE);
    const stale = await engine.confirmPlanChange(token, preview.confirmToken);
    expect(stale).toMatchObject({ status: 'stale', preview: { status: 'preview', stale: true } });
    if (stale.status !== 'stale' || stale.preview.status !== 'preview') throw new Error('stale');
    expect(stale.preview.amountDue).toBeLessThan(1428);
    expect(await charges()).toBe(0);

    await provider.processor.ledger.declineFromNowOn(subscription.paymentMethodId ?? '');
    expect(await engine.confirmPlanChange(token, stale.preview.confirmToken)).toEqual({
      status: 'declined',
      reason: 'declined',
    });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 5,
      amount: 7140,
    });
    expect(await h.store.listRenewalOrders(subscription.id)).toEqual([]);
    expect(await updates(subscription.id)).toEqual([]);
    // A forged or foreign confirmation is refused.
    expect(
      await engine.confirmPlanChange(token, `${subscription.id}~team~monthly~9~1~0~0.x`),
    ).toEqual({
      status: 'invalid',
    });
  });

  it('a downgrade waits for the period end, can be undone, then takes effect at the renewal', async () => {
    const { engine, subscription, token, charges } = await subscribe({ plan: 'team', seats: '5' });
    await h.advance(10 * DAY);
    const request = { plan: 'team', interval: 'monthly', seats: '3' };
    const preview = await engine.previewPlanChange(token, request);
    expect(preview).toMatchObject({
      effective: 'period_end',
      effectiveAt: PERIOD_END.toISOString(),
      amountDue: 0,
      credit: 0,
      nextRenewal: { amount: 4284, date: PERIOD_END.toISOString() },
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    expect(await engine.confirmPlanChange(token, preview.confirmToken)).toEqual({
      status: 'scheduled',
    });
    let view = await engine.getSubscriptionView(token);
    expect(view).toMatchObject({
      seats: 5,
      planChange: { pending: { seats: 3, amount: 4284, date: PERIOD_END.toISOString() } },
    });
    const changeId = view.status === 'found' ? view.planChange?.pending?.changeId : undefined;
    expect(await engine.undoPlanChange(token, changeId)).toBe(true);
    expect(await engine.undoPlanChange(token, changeId)).toBe(false);
    view = await engine.getSubscriptionView(token);
    expect(view).toMatchObject({ planChange: { pending: null } });

    const again = await engine.previewPlanChange(token, request);
    if (again.status !== 'preview') throw new Error('no preview');
    await engine.confirmPlanChange(token, again.confirmToken);
    expect(await charges()).toBe(0);
    await engine.advanceTestClock(at('2031-02-28T13:00:00.000Z'));
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 3,
      amount: 4284,
      pendingChange: null,
      currentPeriodEnd: at('2031-03-28T12:00:00.000Z'),
    });
    const renewal = await h.store.listRenewalOrders(subscription.id);
    expect(renewal.map((o) => [o.kind, o.seats, o.amountPaid])).toEqual([['renewal', 3, 4284]]);
    expect((await updates(subscription.id)).map((c) => c?.status)).toEqual([
      'scheduled',
      'unscheduled',
      'scheduled',
      'applied',
    ]);
  });

  it("downgrade: 'now' applies at once and credits the unused part toward the renewal", async () => {
    const { engine, subscription, token, charges } = await subscribe(
      { plan: 'team', seats: '5' },
      { planChanges: { downgrade: 'now' } },
    );
    await h.advance(14 * DAY);
    const preview = await engine.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '3',
    });
    // 2 seats × €12 × ½ + 19% = 14.28 credited; the renewal of 42.84 is charged 28.56.
    expect(preview).toMatchObject({ effective: 'now', amountDue: 0, credit: 1428 });
    expect(preview).toMatchObject({ nextRenewal: { amount: 4284 - 1428 } });
    if (preview.status !== 'preview') throw new Error('no preview');
    expect(await engine.confirmPlanChange(token, preview.confirmToken)).toEqual({
      status: 'applied',
    });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 3,
      creditBalance: 1428,
    });
    await engine.advanceTestClock(at('2031-02-28T13:00:00.000Z'));
    expect(await charges()).toBe(1);
    const [renewal] = await h.store.listRenewalOrders(subscription.id);
    expect(renewal).toMatchObject({ kind: 'renewal', total: 4284, amountPaid: 2856 });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ creditBalance: 0 });
  });

  it('monthly → yearly starts a yearly period now; a trial switches without a charge', async () => {
    const { engine, subscription, token } = await subscribe({ plan: 'starter' });
    await h.advance(14 * DAY);
    const preview = await engine.previewPlanChange(token, {
      plan: 'starter',
      interval: 'yearly',
      seats: '1',
    });
    expect(preview).toMatchObject({
      amountDue: 10174,
      nextRenewal: { amount: 10710, date: '2032-02-14T12:00:00.000Z' },
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    await engine.confirmPlanChange(token, preview.confirmToken);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      interval: 'yearly',
      amount: 10710,
      currentPeriodStart: at('2031-02-14T12:00:00.000Z'),
      currentPeriodEnd: at('2032-02-14T12:00:00.000Z'),
      nextAttemptAt: at('2032-02-14T12:00:00.000Z'),
    });

    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        // Another buyer, another card (a method is saved to one customer); the trial charges nothing.
        h.post({
          plan: 'pro',
          email: 'grace@example.com',
          paymentMethod: h.cards.declinesAfterSaving,
        }),
        visitor,
      ),
    );
    const proSubscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    if (!proSubscription) throw new Error('no subscription');
    const pro = {
      engine,
      subscription: proSubscription,
      token: engine.subscriptionPath(proSubscription.id).replace('/subscriptions/', ''),
    };
    expect(pro.subscription.status).toBe('trialing');
    const trial = await pro.engine.previewPlanChange(pro.token, {
      plan: 'pro',
      interval: 'yearly',
      seats: '1',
    });
    expect(trial).toMatchObject({
      effective: 'now',
      amountDue: 0,
      nextRenewal: { amount: 34510, date: pro.subscription.currentPeriodEnd.toISOString() },
    });
    if (trial.status !== 'preview') throw new Error('no preview');
    await pro.engine.confirmPlanChange(pro.token, trial.confirmToken);
    expect(await h.store.getSubscription(pro.subscription.id)).toMatchObject({
      status: 'trialing',
      interval: 'yearly',
      amount: 34510,
      currentPeriodEnd: pro.subscription.currentPeriodEnd,
    });
    // Nothing to change to, or out of bounds: a message, not a charge.
    expect(
      await pro.engine.previewPlanChange(pro.token, { plan: 'pro', interval: 'yearly' }),
    ).toEqual({ status: 'invalid', reason: 'same' });
    expect(
      await engine.previewPlanChange(token, { plan: 'team', interval: 'yearly', seats: '99' }),
    ).toEqual({ status: 'invalid', reason: 'seats' });
    expect(await engine.previewPlanChange(token, { plan: 'free', interval: 'monthly' })).toEqual({
      status: 'invalid',
      reason: 'plan',
    });
  });
});
