import { InvalidArgumentError, ProviderError, RefundError } from '../errors/errors.js';
import type { RefundInput } from '../providers/types.js';
import {
  DAY,
  databases,
  expectRedirect,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

describe.each(databases)('refunds through the engine, on $name', (database) => {
  const h = useEngineHarness(database);

  /** A paid starter order (monthly, Germany) and its reference. */
  async function paidOrder(engine: ReturnType<typeof h.setup>['engine']) {
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    if (!record?.order) throw new Error('no order');
    return record.order;
  }

  it('in part, then the rest: each refunded once at the processor, with its credit note and event', async () => {
    const { engine, provider } = h.setup();
    const order = await paidOrder(engine);
    expect(order.invoiceNumber).toBe('INV-2031-000001');
    const part = await engine.refund({
      orderReference: order.reference,
      amount: 500,
      reason: 'One seat too many',
    });
    expect(part).toMatchObject({
      status: 'succeeded',
      remaining: order.amountPaid - 500,
      resumed: false,
      refund: { amount: 500, creditNoteNumber: 'INV-2031-000002', reason: 'One seat too many' },
    });
    const rest = await engine.refund({ orderReference: order.reference });
    expect(rest).toMatchObject({
      status: 'succeeded',
      remaining: 0,
      refund: { amount: order.amountPaid - 500, creditNoteNumber: 'INV-2031-000003' },
    });
    expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(
      order.amountPaid,
    );
    const events = (await h.store.listEvents()).filter((e) => e.type === 'order.refunded');
    expect(
      events.map((e) => e.type === 'order.refunded' && [e.data.amount, e.data.remaining]),
    ).toEqual([
      [500, order.amountPaid - 500],
      [order.amountPaid - 500, 0],
    ]);
  });

  it('refuses more than remains, an unknown order, and a bad amount, with nothing written', async () => {
    const { engine, provider } = h.setup();
    const order = await paidOrder(engine);
    const refused = engine.refund({
      orderReference: order.reference,
      amount: order.amountPaid + 1,
    });
    await expect(refused).rejects.toBeInstanceOf(RefundError);
    await expect(refused).rejects.toMatchObject({
      reason: 'exceeds_remaining',
      remaining: order.amountPaid,
    });
    await expect(engine.refund({ orderReference: 'PK-NOPE' })).rejects.toMatchObject({
      reason: 'order_not_found',
    });
    await expect(
      engine.refund({ orderReference: order.reference, amount: 1.5 }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    await engine.refund({ orderReference: order.reference });
    await expect(engine.refund({ orderReference: order.reference })).rejects.toMatchObject({
      reason: 'exceeds_remaining',
      remaining: 0,
    });
    expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(
      order.amountPaid,
    );
  });

  it('a trial that charged nothing has nothing to refund', async () => {
    const { engine } = h.setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro' }), visitor),
    );
    const record = await h.store.getSessionRecord(sessionId);
    await expect(
      engine.refund({ orderReference: record?.order?.reference ?? '' }),
    ).rejects.toMatchObject({ reason: 'nothing_paid' });
  });

  it('killed after the processor refunded, before the answer was recorded: run again, refunded once', async () => {
    const { engine, provider } = h.setup();
    const order = await paidOrder(engine);
    // The first run's process dies right after the processor refunded.
    const dying = h.setup({
      provider: {
        ...provider,
        async refund(input: RefundInput) {
          await provider.processor.refunds.refund(input);
          throw new Error('the process was killed');
        },
      },
    });
    await expect(dying.engine.refund({ orderReference: order.reference })).rejects.toBeInstanceOf(
      ProviderError,
    );
    const pending = await h.store.findOrder(order.reference);
    expect(pending?.refunds.map((r) => r.status)).toEqual(['pending']);
    // Run again: the pending refund is finished under its own key, not made twice.
    const again = await engine.refund({ orderReference: order.reference });
    expect(again).toMatchObject({ status: 'succeeded', resumed: true, remaining: 0 });
    expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(
      order.amountPaid,
    );
  });

  it('the sweeps finish a refund left pending', async () => {
    const { engine, provider } = h.setup();
    const order = await paidOrder(engine);
    const unreachable = h.setup({
      provider: {
        ...provider,
        refund: () => Promise.reject(new Error('connect ECONNREFUSED')),
      },
    });
    await expect(
      unreachable.engine.refund({ orderReference: order.reference, amount: 100 }),
    ).rejects.toBeInstanceOf(ProviderError);
    await h.advance(DAY);
    engine.start();
    try {
      await vi.waitFor(
        async () => {
          const found = await h.store.findOrder(order.reference);
          expect(found?.refunds.map((r) => [r.status, r.amount])).toEqual([['succeeded', 100]]);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await engine.stop();
    }
    expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(100);
  });
});
