import { describe, expect, it } from 'vitest';
import type { CheckoutSession, CheckoutStore } from '../store/types.js';
import type { StoreContractContext, StoreContractSubject } from './storeContractContext.js';
import { makeCompletion, makeStartAttempt } from './storeFixtures.js';

const DAY = 24 * 60 * 60_000;

/**
 * Invoice numbers (issue 22.4): every paid order takes the next number of a gap-free
 * sequence per store and calendar year, in the statement that records the payment.
 */
export function describeInvoiceNumbers(
  t: StoreContractContext,
  subject: StoreContractSubject,
): void {
  const { advance } = t;
  const store = () => t.store();

  /** Completes a new session (paid unless `trialDays`) and returns its order's number. */
  async function paid(
    on: CheckoutStore = store(),
    options: { trialDays?: number; amountDue?: number; invoicePrefix?: string | null } = {},
  ): Promise<{ session: CheckoutSession; invoiceNumber: string | null | undefined }> {
    const input = makeStartAttempt(
      options.amountDue === undefined ? {} : { session: { amountDue: options.amountDue } },
    );
    const created = await on.startAttempt(input);
    const session = created.session;
    await on.applyEvent({
      sessionId: session.id,
      event: options.trialDays ? 'start_trial' : 'succeed',
      attempt: 1,
      completion: makeCompletion(session, options),
    });
    const record = await on.getSessionRecord(session.id);
    return { session, invoiceNumber: record?.order?.invoiceNumber };
  }

  describe('invoice numbers', () => {
    it('count up from 000001 in the year of the store’s clock, with the given prefix', async () => {
      expect((await paid()).invoiceNumber).toBe('INV-2031-000001');
      expect((await paid()).invoiceNumber).toBe('INV-2031-000002');
      expect((await paid(store(), { invoicePrefix: 'RE/' })).invoiceNumber).toBe('RE/2031-000003');
    });

    it('are not taken by what charged nothing, nor by an update that matched nothing', async () => {
      expect((await paid(store(), { trialDays: 14, amountDue: 0 })).invoiceNumber).toBeNull();
      expect((await paid(store(), { invoicePrefix: null })).invoiceNumber).toBeNull();
      const { session } = await paid();
      // The same completion again: no second order, so no number spent.
      const again = await store().applyEvent({
        sessionId: session.id,
        event: 'succeed',
        attempt: 1,
        completion: makeCompletion(session),
      });
      expect(again).toBeNull();
      expect((await paid()).invoiceNumber).toBe('INV-2031-000002');
    });

    it('number a paid renewal from the same sequence', async () => {
      const { session } = await paid();
      const record = await store().getSessionRecord(session.id);
      const subscription = record?.subscription;
      if (!subscription) throw new Error('fixture: no subscription');
      await advance(29 * DAY);
      await store().applySubscriptionEvent({
        subscriptionId: subscription.id,
        event: 'renew',
        periodEnd: subscription.currentPeriodEnd,
        renewalAttempt: 0,
        renewal: {
          reference: 'PK-RENEW-0001',
          providerPaymentId: 'pi_r1',
          paymentMethod: null,
          invoicePrefix: 'INV-',
        },
      });
      const [renewal] = await store().listRenewalOrders(subscription.id);
      expect(renewal?.invoiceNumber).toBe('INV-2031-000002');
    });

    it('start again at 000001 each calendar year (UTC)', async () => {
      expect((await paid()).invoiceNumber).toBe('INV-2031-000001');
      // From 31 January 2031 to 1 January 2032, 00:00 UTC.
      await advance(335 * DAY - 12 * 60 * 60_000);
      expect((await paid()).invoiceNumber).toBe('INV-2032-000001');
      expect((await paid()).invoiceNumber).toBe('INV-2032-000002');
    });

    it('50 checkouts paid at once get 1..50: no gap, no duplicate', async () => {
      const sibling = subject.openSibling ? await subject.openSibling() : null;
      try {
        const either = (i: number) => (sibling && i % 2 === 1 ? sibling.store : store());
        const sessions = await Promise.all(
          Array.from({ length: 50 }, (_, i) => either(i).startAttempt(makeStartAttempt())),
        );
        await Promise.all(
          sessions.map(({ session }, i) =>
            either(i).applyEvent({
              sessionId: session.id,
              event: 'succeed',
              attempt: 1,
              completion: makeCompletion(session),
            }),
          ),
        );
        const numbers = await Promise.all(
          sessions.map(async ({ session }) => {
            const record = await store().getSessionRecord(session.id);
            return record?.order?.invoiceNumber;
          }),
        );
        const expected = Array.from(
          { length: 50 },
          (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`,
        );
        expect([...numbers].sort()).toEqual(expected);
      } finally {
        await sibling?.dispose();
      }
    });
  });
}
