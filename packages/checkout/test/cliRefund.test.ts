// `plankit refund` as a merchant runs it: the package's bin, in a process of its own, on the
// store a host left behind, PGlite (PLANKIT_DATA_DIR) and PostgreSQL (DATABASE_URL).
import { createCheckoutRoutes, parseCatalog } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createTestPaymentProvider,
  type OpenedCheckoutStore,
} from '@plankit/checkout/server';
import { describe, expect, it } from 'vitest';
import { cliStores, withStore } from './cliStores.js';
import { plankit } from './cliSupport.js';

const { root, stores } = cliStores('refund');

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'pro', name: 'Pro', prices: { monthly: { EUR: 2400 } } }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

/** Buys Pro monthly in Germany (28.56 EUR) on the store; its reference and amount paid. */
async function buy(open: () => Promise<OpenedCheckoutStore>) {
  return withStore(open, async ({ store, client }) => {
    const provider = createTestPaymentProvider({ ledger: client });
    const engine = createCheckoutEngine({
      catalog,
      store,
      provider,
      routes: createCheckoutRoutes(),
      logger: { error: () => {}, warn: () => {}, info: () => {} },
    });
    const method = await provider.processor.createPaymentMethod({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    });
    if ('errors' in method) throw new Error('test card refused');
    const result = await engine.submitPlanStep(
      {
        plan: 'pro',
        idempotencyKey: `cli-refund-${Date.now()}-${Math.random()}`,
        interval: 'monthly',
        currency: 'EUR',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        country: 'DE',
        paymentMethod: method.id,
      },
      { clientAddress: '127.0.0.1', visitorToken: 'v' },
    );
    if (result.kind !== 'redirect') throw new Error(JSON.stringify(result.state));
    const order = (await store.getSessionRecord(result.sessionId))?.order;
    if (!order?.providerPaymentId) throw new Error('no paid order');
    return order;
  });
}

describe.each(stores)('plankit refund on $name', (subject) => {
  it('refunds in part, then the rest, each with a credit note; refuses more than remains', async () => {
    const order = await buy(subject.open);
    expect(order.amountPaid).toBe(2856);
    const env = subject.env();

    const part = plankit(
      ['refund', order.reference, '--amount', '500', '--reason', 'Too many'],
      env,
      root,
    );
    expect(part.stderr).toBe('');
    expect(part.code).toBe(0);
    expect(part.stdout).toMatch(
      new RegExp(`Refunded €5\\.00 of order ${order.reference}, credit note INV-\\d{4}-000002`),
    );
    expect(part.stdout).toContain('Remaining to refund: €23.56.');

    const tooMuch = plankit(['refund', order.reference, '--amount', '2357'], env, root);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain(
      `Order ${order.reference}: at most €23.56 (2356 in minor units) remains to refund.`,
    );

    const rest = plankit(['refund', order.reference], env, root);
    expect(rest.code).toBe(0);
    expect(rest.stdout).toMatch(/Refunded €23\.56 of order .*, credit note INV-\d{4}-000003/);
    expect(rest.stdout).toContain('Remaining to refund: €0.00.');

    const again = plankit(['refund', order.reference], env, root);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is refunded in full: nothing remains to refund');

    await withStore(subject.open, async ({ store, client }) => {
      const found = await store.findOrder(order.reference);
      expect(found?.refunds.map((r) => [r.amount, r.status, r.reason])).toEqual([
        [500, 'succeeded', 'Too many'],
        [2356, 'succeeded', null],
      ]);
      // The processor moved exactly what was paid back, once.
      const provider = createTestPaymentProvider({ ledger: client });
      expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(2856);
      const events = (await store.listEvents()).filter((e) => e.type === 'order.refunded');
      expect(events.map((e) => e.type === 'order.refunded' && e.data.remaining)).toEqual([2356, 0]);
    });
  });

  it('a refund cut off before the provider was asked is finished by the next run, once', async () => {
    const order = await buy(subject.open);
    // What a command killed after writing its refund leaves: pending, its amount reserved.
    await withStore(subject.open, async ({ store }) => {
      const begun = await store.beginRefund({
        refundId: 'rf_killedhalfway',
        orderId: order.id,
        idempotencyKey: 'rf_killedhalfway',
        amount: 700,
        reason: null,
        creditNotePrefix: 'INV-',
      });
      expect(begun.outcome).toBe('created');
    });
    const run = plankit(['refund', order.reference, '--amount', '700'], subject.env(), root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Refunded €7.00 of order');
    expect(run.stdout).toContain('(a refund asked for before, finished now)');
    await withStore(subject.open, async ({ store, client }) => {
      const found = await store.findOrder(order.reference);
      expect(found?.refunds.map((r) => [r.id, r.amount, r.status])).toEqual([
        ['rf_killedhalfway', 700, 'succeeded'],
      ]);
      const provider = createTestPaymentProvider({ ledger: client });
      expect(await provider.processor.refunds.refundedOf(order.providerPaymentId ?? '')).toBe(700);
    });
  });

  it('an unknown order is refused; so are a missing reference and an amount not in minor units', () => {
    const env = subject.env();
    const unknown = plankit(['refund', 'PK-NOPE-NOPE'], env, root);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No order has the reference PK-NOPE-NOPE.');
    const missing = plankit(['refund'], env, root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Say which order to refund');
    const decimal = plankit(['refund', 'PK-1', '--amount', '5.00'], env, root);
    expect(decimal.code).toBe(2);
    expect(decimal.stderr).toContain('--amount must be a positive whole number of minor units');
  });
});
