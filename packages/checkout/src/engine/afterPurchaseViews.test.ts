// The receipt and the manage page behind signed links: any browser, no cookie; cancel at
// the period's end and resume, each writing its event.
import {
  databases,
  expectRedirect,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

describe.each(databases)('receipt and manage pages, on $name', (database) => {
  const h = useEngineHarness(database);

  async function buy(plan = 'starter') {
    const { engine } = h.setup({ merchantAddress: '1 Main Street; 10115 Berlin' });
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post({ plan }), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    if (!record?.order || !record.subscription) throw new Error('no order');
    return { engine, order: record.order, subscription: record.subscription, sessionId };
  }

  it('the finish step links to a signed receipt that opens with no cookie', async () => {
    const { engine, order, sessionId } = await buy();
    const finish = await engine.getFinishView(sessionId, visitor);
    if (!('receipt' in finish)) throw new Error('no receipt');
    const receiptUrl = finish.receipt.receiptUrl ?? '';
    expect(receiptUrl).toBe(engine.receiptPath(order.id));
    const token = receiptUrl.replace('/receipts/', '');
    const view = await engine.getReceiptView(token);
    expect(view).toMatchObject({
      status: 'found',
      kind: 'checkout',
      receipt: { reference: order.reference, paymentMethod: { last4: '4242' } },
      buyer: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        country: 'DE',
        company: null,
        vatId: null,
      },
      merchant: { name: 'Acme', address: ['1 Main Street', '10115 Berlin'], vatId: null },
    });
    // Anything not signed by this engine's secret, or for another kind of page: not found.
    const forged = `${order.id}.${'A'.repeat(22)}`;
    expect(await engine.getReceiptView(forged)).toEqual({ status: 'not_found' });
    expect(await engine.getSubscriptionView(token)).toEqual({ status: 'not_found' });
    expect(await engine.getReceiptView('nonsense')).toEqual({ status: 'not_found' });
  });

  it('cancel at the period end, then resume: the next charge goes and comes back, each writes subscription.updated', async () => {
    const { engine, subscription } = await buy();
    const token = engine.subscriptionPath(subscription.id).replace('/subscriptions/', '');
    expect(await engine.getSubscriptionView(token)).toMatchObject({
      status: 'found',
      planName: 'Starter',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      nextCharge: {
        amount: subscription.amount,
        date: subscription.currentPeriodEnd.toISOString(),
      },
    });
    expect(await engine.cancelSubscription(token)).toMatchObject({
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    // Canceling twice changes nothing and writes nothing.
    await engine.cancelSubscription(token);
    expect(await engine.resumeSubscription(token)).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: { amount: subscription.amount },
    });
    const events = (await h.store.listEvents()).filter((e) => e.data.id === subscription.id);
    expect(
      events.map((e) => [e.type, 'cancelAtPeriodEnd' in e.data && e.data.cancelAtPeriodEnd]),
    ).toEqual([
      ['subscription.created', false],
      ['subscription.updated', true],
      ['subscription.updated', false],
    ]);
  });

  it('canceled from the manage page, it ends at the period end with subscription.canceled', async () => {
    const { engine, subscription } = await buy();
    const token = engine.subscriptionPath(subscription.id).replace('/subscriptions/', '');
    await engine.cancelSubscription(token);
    // Not before the period ends…
    await engine.advanceTestClock(new Date(subscription.currentPeriodEnd.getTime() - 60_000));
    expect(await engine.getSubscriptionView(token)).toMatchObject({ subscriptionStatus: 'active' });
    // …and then, without a charge.
    await engine.advanceTestClock(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    expect(await engine.getSubscriptionView(token)).toMatchObject({
      subscriptionStatus: 'canceled',
      nextCharge: null,
    });
    expect(await h.store.listRenewalOrders(subscription.id)).toEqual([]);
    const types = (await h.store.listEvents())
      .filter((e) => e.data.id === subscription.id)
      .map((e) => e.type);
    expect(types).toEqual([
      'subscription.created',
      'subscription.updated',
      'subscription.canceled',
    ]);
  });

  it('the manage page lists the purchase, the renewal and a refund of it, newest first, and the receipt lists the refund', async () => {
    const { engine, order, subscription } = await buy();
    const token = engine.subscriptionPath(subscription.id).replace('/subscriptions/', '');
    await engine.advanceTestClock(new Date(subscription.currentPeriodEnd.getTime() + 60_000));
    const [renewal] = await h.store.listRenewalOrders(subscription.id);
    if (!renewal) throw new Error('not renewed');
    await engine.refund({ orderReference: renewal.reference, amount: 300 });
    const view = await engine.getSubscriptionView(token);
    if (view.status !== 'found') throw new Error('not found');
    expect(view.history.map((entry) => [entry.kind, entry.amount, entry.documentNumber])).toEqual([
      ['refund', 300, 'INV-2031-000003'],
      ['renewal', renewal.amountPaid, 'INV-2031-000002'],
      ['purchase', order.amountPaid, 'INV-2031-000001'],
    ]);
    expect(view.history[0]?.receiptUrl).toBe(engine.receiptPath(renewal.id));
    expect(view.history[2]?.receiptUrl).toBe(engine.receiptPath(order.id));
    const receipt = await engine.getReceiptView(
      engine.receiptPath(renewal.id).replace('/receipts/', ''),
    );
    expect(receipt).toMatchObject({
      status: 'found',
      refundedInFull: false,
      refunds: [{ amount: 300, creditNoteNumber: 'INV-2031-000003' }],
    });
  });
});
