// The transactional outbox: every change that matters writes its event in the same
// transaction, on PGlite and (with TEST_DATABASE_URL) Postgres.
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';

describe.each(databases)('the outbox, on $name', (database) => {
  const h = useEngineHarness(database);

  /** A checkout whose card was declined (it stays on the plan step). */
  async function declinedSession(engine: ReturnType<typeof h.setup>['engine']): Promise<string> {
    const post = h.post({ paymentMethod: h.cards.declined });
    await engine.submitPlanStep(post, visitor);
    const session = await h.store.getSessionByIdempotencyKey(post.idempotencyKey);
    if (!session) throw new Error('no session');
    return session.id;
  }

  it('a paid starter checkout writes one order.paid with the whole order, and subscription.created', async () => {
    const { engine } = h.setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ promo: 'LAUNCH20' }), { ...visitor, locale: 'de' }),
    );
    const events = await h.store.listEvents();
    expect(events.map((event) => event.type)).toEqual(['order.paid', 'subscription.created']);
    const paid = events.find((event) => event.type === 'order.paid');
    if (paid?.type !== 'order.paid') throw new Error('no order.paid');
    const record = await h.store.getSessionRecord(sessionId);
    expect(paid.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(paid.createdAt).toBe(START.toISOString());
    expect(paid.data).toEqual({
      id: record?.order?.id,
      version: 1,
      reference: record?.order?.reference,
      checkoutSessionId: sessionId,
      planId: 'starter',
      interval: 'monthly',
      seats: 1,
      currency: 'EUR',
      subtotal: record?.order?.subtotal,
      discount: record?.order?.discount,
      tax: record?.order?.tax,
      total: record?.order?.total,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      country: 'DE',
      promoCode: 'LAUNCH20',
      paymentMethod: { brand: 'visa', last4: '4242' },
      locale: 'de',
      subscriptionId: record?.subscription?.id,
      business: null,
      reverseCharge: null,
      invoiceNumber: `INV-${START.getUTCFullYear()}-000001`,
      createdAt: START.toISOString(),
    });
    expect(paid.data.discount).toBeGreaterThan(0);
    expect(paid.data.total).toBe(paid.data.subtotal - paid.data.discount + paid.data.tax);
    const created = events[1];
    expect(created?.data).toMatchObject({
      id: record?.subscription?.id,
      status: 'active',
      version: 1,
      locale: 'de',
    });
  });

  it('a declined card writes payment.failed; an expired checkout checkout.expired, versions growing', async () => {
    const { engine } = h.setup();
    const sessionId = await declinedSession(engine);
    await h.advance(2 * DAY);
    expect(await engine.expireStaleSessions()).toBeGreaterThan(0);
    const events = (await h.store.listEvents()).filter((e) => e.data.id === sessionId);
    expect(events.map((e) => [e.type, e.data.version])).toEqual([
      ['payment.failed', 1],
      ['checkout.expired', 2],
    ]);
    expect(events[0]?.data).toMatchObject({ failureCode: 'card_declined', status: 'failed' });
  });

  it('subscription events: created (trialing), renewed with its order, updated, canceled at the end', async () => {
    const { engine } = h.setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro' }), visitor),
    );
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    if (!subscription) throw new Error('no subscription');
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await h.store.setCancelAtPeriodEnd(subscription.id, true);
    await engine.advanceTestClock(new Date(START.getTime() + 60 * DAY));
    const events = (await h.store.listEvents()).filter((e) => e.data.id === subscription.id);
    expect(
      events.map((e) => [e.type, e.data.version, 'status' in e.data && e.data.status]),
    ).toEqual([
      ['subscription.created', 1, 'trialing'],
      ['subscription.renewed', 2, 'active'],
      ['subscription.updated', 3, 'active'],
      ['subscription.canceled', 4, 'canceled'],
    ]);
    const renewed = events[1];
    if (renewed?.type !== 'subscription.renewed') throw new Error('no renewal');
    expect(renewed.data.order).toMatchObject({
      total: subscription.amount,
      paymentMethod: { last4: '4242' },
    });
    expect(events[2]?.data).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('a failed renewal writes subscription.past_due once', async () => {
    const { engine } = h.setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', paymentMethod: h.cards.declinesAfterSaving }),
        visitor,
      ),
    );
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    if (!subscription) throw new Error('no subscription');
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await engine.advanceTestClock(new Date(START.getTime() + 16 * DAY + HOUR));
    const types = (await h.store.listEvents())
      .filter((e) => e.data.id === subscription.id)
      .map((e) => e.type);
    expect(types).toEqual(['subscription.created', 'subscription.past_due']);
  });

  it('a rolled back change emits nothing', async () => {
    const { engine } = h.setup();
    const sessionId = await declinedSession(engine);
    const before = await h.countRows('events');
    await expect(
      h.client.transaction(async (tx) => {
        await tx.query(
          `UPDATE "${h.schema}".checkout_sessions SET status = 'expired' WHERE id = $1`,
          [sessionId],
        );
        // Inside the transaction the event is there…
        const { rows } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${h.schema}".events`,
        );
        expect(Number(rows[0]?.n)).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …and after the rollback it never was.
    expect(await h.countRows('events')).toBe(before);
    expect((await h.store.getSession(sessionId))?.status).toBe('failed');
  });

  it('deliveries go to the channels registered before the event, each claimed by one caller', async () => {
    const { engine } = h.setup();
    await h.store.registerEventChannel('webhook');
    await h.store.registerEventChannel('email');
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await h.store.claimEventDeliveries('handlers', 10, 60_000)).toEqual([]);
    const [first, second] = await Promise.all([
      h.store.claimEventDeliveries('webhook', 10, 60_000),
      h.store.claimEventDeliveries('webhook', 10, 60_000),
    ]);
    const claimed = [...(first ?? []), ...(second ?? [])];
    expect(claimed.map((d) => d.event.type).sort()).toEqual(['order.paid', 'subscription.created']);
    // Emails only for the events that send one.
    const emails = await h.store.claimEventDeliveries('email', 10, 60_000);
    expect(emails.map((d) => d.event.type)).toEqual(['order.paid']);
  });

  it('records attempts: a retry is due again after its delay, a success is delivered for good', async () => {
    const { engine } = h.setup();
    await h.store.registerEventChannel('webhook');
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    const [delivery] = await h.store.claimEventDeliveries('webhook', 1, 60_000);
    if (!delivery) throw new Error('nothing claimed');
    await h.store.recordDeliveryAttempt({
      eventId: delivery.event.id,
      channel: 'webhook',
      ok: false,
      statusCode: 500,
      error: 'HTTP 500',
      retryInMs: 5_000,
    });
    const due = async () =>
      (await h.store.claimEventDeliveries('webhook', 10, 60_000)).map((d) => d.event.id);
    expect(await due()).not.toContain(delivery.event.id);
    await h.advance(5_000);
    const again = await h.store.claimEventDeliveries('webhook', 10, 60_000);
    const retried = again.find((d) => d.event.id === delivery.event.id);
    expect(retried?.attempts).toBe(1);
    await h.store.recordDeliveryAttempt({
      eventId: delivery.event.id,
      channel: 'webhook',
      ok: true,
      statusCode: 204,
    });
    await h.advance(10 * 60_000);
    expect(await due()).not.toContain(delivery.event.id);
    expect(await h.countRows('event_attempts')).toBe(2);
    expect(await h.store.redeliverEvents('webhook', { ids: [delivery.event.id] })).toBe(1);
    expect(await due()).toContain(delivery.event.id);
  });
});
