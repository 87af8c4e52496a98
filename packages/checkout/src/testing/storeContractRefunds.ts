import { describe, expect, it } from 'vitest';
import type { BeginRefundInput, Order } from '../store/types.js';
import type { StoreContractContext, StoreContractSubject } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const refundId = () => `rf_contract_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * Refunds (issue 22.5): written pending with their amount reserved, settled once, never
 * more than was paid, numbered from the invoices' sequence, `order.refunded` once.
 */
export function describeRefunds(t: StoreContractContext, subject: StoreContractSubject): void {
  const { started } = t;
  const store = () => t.store();

  /** A paid order of 5712 (INV-2031-000001) and the paid session's payment id. */
  async function paidOrder(): Promise<Order> {
    const session = await started(makeStartAttempt());
    await store().applyEvent({
      sessionId: session.id,
      event: 'succeed',
      attempt: 1,
      providerPaymentId: `pi_${session.id.slice(-12)}`,
      completion: makeCompletion(session),
    });
    const record = await store().getSessionRecord(session.id);
    if (!record?.order) throw new Error('fixture: no order');
    return record.order;
  }

  const begin = (order: Order, overrides: Partial<BeginRefundInput> = {}) => {
    const id = refundId();
    return store().beginRefund({
      refundId: id,
      orderId: order.id,
      idempotencyKey: id,
      amount: 1000,
      reason: null,
      creditNotePrefix: 'INV-',
      ...overrides,
    });
  };

  describe('refunds', () => {
    it('a refund is written pending, reserves its amount, and its key answers with it', async () => {
      const order = await paidOrder();
      const first = await begin(order, { idempotencyKey: 'key-1', reason: 'Asked by the buyer' });
      expect(first).toMatchObject({
        outcome: 'created',
        refund: {
          orderId: order.id,
          amount: 1000,
          currency: 'EUR',
          status: 'pending',
          source: 'merchant',
          reason: 'Asked by the buyer',
          creditNoteNumber: null,
        },
      });
      const again = await begin(order, { idempotencyKey: 'key-1', amount: 2000 });
      expect(again).toMatchObject({ outcome: 'exists', refund: { amount: 1000 } });
      const found = await store().findOrder(order.reference);
      expect(found?.order.amountRefunded).toBe(1000);
      expect(found?.refunds).toHaveLength(1);
      expect(await store().findOrder('PK-NOSUCHREF')).toBeNull();
    });

    it('never more than remains; an unknown order is said so', async () => {
      const order = await paidOrder();
      expect(await begin(order, { amount: 5000 })).toMatchObject({ outcome: 'created' });
      expect(await begin(order, { amount: 713 })).toEqual({ outcome: 'exceeds', remaining: 712 });
      expect(await begin(order, { amount: 712 })).toMatchObject({ outcome: 'created' });
      expect(await begin(order, { amount: 1 })).toEqual({ outcome: 'exceeds', remaining: 0 });
      expect(await begin({ ...order, id: 'ord_unknown' })).toEqual({ outcome: 'order_not_found' });
    });

    it('succeeded: a credit note numbered from the invoices’ sequence, order.refunded once', async () => {
      const order = await paidOrder();
      expect(order.invoiceNumber).toBe('INV-2031-000001');
      const begun = await begin(order, { amount: 2000, reason: 'Too many seats' });
      if (begun.outcome !== 'created') throw new Error('fixture: not created');
      const settled = await store().settleRefund({
        refundId: begun.refund.id,
        status: 'succeeded',
        providerRefundId: 're_1',
      });
      expect(settled).toMatchObject({
        status: 'succeeded',
        providerRefundId: 're_1',
        creditNoteNumber: 'INV-2031-000002',
      });
      // A second answer (another process, a webhook) changes nothing.
      expect(
        await store().settleRefund({
          refundId: begun.refund.id,
          status: 'failed',
          providerRefundId: null,
        }),
      ).toBeNull();
      const events = (await store().listEvents()).filter((e) => e.type === 'order.refunded');
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toMatchObject({
        id: order.id,
        reference: order.reference,
        refundId: begun.refund.id,
        amount: 2000,
        currency: 'EUR',
        remaining: 3712,
        reason: 'Too many seats',
        source: 'merchant',
        creditNoteNumber: 'INV-2031-000002',
        invoiceNumber: 'INV-2031-000001',
        email: order.email,
      });
      const record = await store().getOrderRecord(order.id);
      expect(record?.refunds.map((r) => r.status)).toEqual(['succeeded']);
    });

    it('failed: its amount is released, no credit note, no event', async () => {
      const order = await paidOrder();
      const begun = await begin(order, { amount: order.amountPaid });
      if (begun.outcome !== 'created') throw new Error('fixture: not created');
      const failed = await store().settleRefund({
        refundId: begun.refund.id,
        status: 'failed',
        providerRefundId: null,
        failureMessage: 'The payment was refunded in full already.',
      });
      expect(failed).toMatchObject({ status: 'failed', creditNoteNumber: null });
      expect((await store().findOrder(order.reference))?.order.amountRefunded).toBe(0);
      expect((await store().listEvents()).some((e) => e.type === 'order.refunded')).toBe(false);
      expect(await begin(order, { amount: order.amountPaid })).toMatchObject({
        outcome: 'created',
      });
    });

    it('a refund made at the provider is recorded once, by its payment', async () => {
      const order = await paidOrder();
      const input = {
        refundId: refundId(),
        providerPaymentId: order.providerPaymentId as string,
        providerRefundId: 're_dashboard',
        amount: 1500,
        currency: 'EUR',
        reason: 'requested_by_customer',
        creditNotePrefix: 'INV-',
      };
      expect(await store().recordProviderRefund(input)).toMatchObject({
        status: 'succeeded',
        source: 'provider',
        amount: 1500,
        creditNoteNumber: 'INV-2031-000002',
      });
      expect(await store().recordProviderRefund({ ...input, refundId: refundId() })).toBeNull();
      expect(
        await store().recordProviderRefund({
          ...input,
          refundId: refundId(),
          providerPaymentId: 'pi_x',
          providerRefundId: 're_2',
        }),
      ).toBeNull();
      expect((await store().findOrder(order.reference))?.order.amountRefunded).toBe(1500);
      expect(await begin(order, { amount: 4213 })).toMatchObject({
        outcome: 'exceeds',
        remaining: 4212,
      });
    });

    it('a dispute: order.disputed when opened, order.dispute_closed once when closed', async () => {
      const order = await paidOrder();
      const dispute = {
        disputeRef: 'dp_contract',
        providerPaymentId: order.providerPaymentId ?? '',
        amount: order.amountPaid,
        currency: 'eur',
        reason: 'fraudulent',
        status: 'needs_response',
        closed: false,
      };
      expect(await store().recordDispute(dispute)).toBe('recorded');
      expect(await store().recordDispute(dispute)).toBe('unchanged');
      expect(await store().recordDispute({ ...dispute, status: 'under_review' })).toBe('recorded');
      expect(await store().recordDispute({ ...dispute, status: 'lost', closed: true })).toBe(
        'recorded',
      );
      expect(await store().recordDispute({ ...dispute, status: 'lost', closed: true })).toBe(
        'unchanged',
      );
      expect(
        await store().recordDispute({
          ...dispute,
          disputeRef: 'dp_other',
          providerPaymentId: 'pi_none',
        }),
      ).toBe('order_not_found');
      const events = (await store().listEvents()).filter(
        (e) => e.type === 'order.disputed' || e.type === 'order.dispute_closed',
      );
      expect(events.map((e) => e.type)).toEqual(['order.disputed', 'order.dispute_closed']);
      expect(events[1]?.data).toMatchObject({
        id: order.id,
        reference: order.reference,
        disputeId: 'dp_contract',
        currency: 'EUR',
        status: 'lost',
        closed: true,
      });
    });

    it('lists refunds pending for longer than asked, oldest first', async () => {
      const order = await paidOrder();
      const begun = await begin(order);
      if (begun.outcome !== 'created') throw new Error('fixture: not created');
      expect(await store().listPendingRefunds(60_000, 10)).toEqual([]);
      await t.advance(61_000);
      expect((await store().listPendingRefunds(60_000, 10)).map((r) => r.id)).toEqual([
        begun.refund.id,
      ]);
    });

    it('20 refunds at once through two stores never add up to more than was paid', async () => {
      const order = await paidOrder();
      const sibling = subject.openSibling ? await subject.openSibling() : null;
      try {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const on = sibling && i % 2 === 1 ? sibling.store : store();
            const id = refundId();
            return on.beginRefund({
              refundId: id,
              orderId: order.id,
              idempotencyKey: id,
              amount: 1000,
              reason: null,
              creditNotePrefix: 'INV-',
            });
          }),
        );
        expect(results.filter((r) => r.outcome === 'created')).toHaveLength(5);
        expect(results.filter((r) => r.outcome === 'exceeds')).toHaveLength(15);
        expect((await store().findOrder(order.reference))?.order.amountRefunded).toBe(5000);
      } finally {
        await sibling?.dispose();
      }
    });
  });
}
