// Replacing the card of a past-due Stripe subscription (issue 22.2), with the engine, the
// Stripe provider and the fake Stripe API (every request checked against Stripe's OpenAPI
// description): a SetupIntent confirmed with the new card, the card made the subscription's
// `default_payment_method`, and the open invoice paid with it at once (`invoices.pay`);
// Stripe Billing's webhooks then record the renewal, once, with Stripe's period.
import type Stripe from 'stripe';
import { createCheckoutEngine } from '../../engine/createCheckoutEngine.js';
import {
  DAY,
  databases,
  expectRedirect,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';
import { makeCatalog } from '../../test-utils/factories.js';
import type { FakeInvoice, FakeSubscription } from './fake/fakeStripeApi.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const SECRET = 'whsec_card_update';

describe.each(databases)('a new card for a past-due Stripe subscription, on $name', (database) => {
  const h = useEngineHarness(database);
  let fake: FakeStripe;
  let clock = START.getTime();
  beforeAll(async () => {
    // Any free port: the two databases' runs never share one.
    fake = await startFakeStripe({ now: () => clock });
  });
  afterAll(async () => {
    await fake.close();
  });

  /** A Pro trial on a card that saves but declines charges, past due once the trial ends. */
  async function pastDue() {
    clock = START.getTime();
    const provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: SECRET,
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
      webhookTolerance: 10 * 365 * 24 * 3600,
    });
    const engine = createCheckoutEngine({
      catalog: makeCatalog(),
      store: h.store,
      provider,
      routes,
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      merchantName: 'Acme',
      secret: 'test-secret-of-16-chars',
    });
    const deliverSince = async (from: number) => {
      for (const event of fake.events.slice(from)) {
        await engine.handleWebhook('stripe', fake.signed(event as Stripe.Event, SECRET));
      }
    };
    let from = fake.events.length;
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', paymentMethod: 'pm_card_chargeCustomerFail' }),
        visitor,
      ),
    );
    await deliverSince(from);
    const { subscription } = (await h.store.getSessionRecord(sessionId)) ?? {};
    expect(subscription?.status).toBe('trialing');
    const ref = subscription?.providerSubscriptionRef ?? '';
    // The trial ends: Stripe Billing charges the saved card off-session, and it is declined.
    clock = START.getTime() + 15 * DAY;
    from = fake.events.length;
    fake.api.cycleSubscription(ref);
    await deliverSince(from);
    const id = subscription?.id ?? '';
    expect(await h.store.getSubscription(id)).toMatchObject({ status: 'past_due' });
    const token = engine.subscriptionPath(id).split('/').pop() ?? '';
    const sub = fake.api.get<FakeSubscription>(ref, 'subscription', 'subscription');
    const invoice = fake.api.get<FakeInvoice>(String(sub.latest_invoice), 'invoice', 'invoice');
    expect(invoice.status).toBe('open');
    return { engine, deliverSince, id, token, sub, invoice };
  }

  it('4242: saved by a SetupIntent, made the default, the open invoice paid, the renewal recorded', async () => {
    const { engine, deliverSince, id, token, sub, invoice } = await pastDue();
    const from = fake.events.length;
    const result = await engine.updatePaymentMethod(
      token,
      new Map([['paymentMethod', 'pm_card_visa']]),
      visitor,
    );
    expect(result).toEqual({
      kind: 'redirect',
      location: `/subscriptions/${token}?payment_method=paid`,
    });
    // At Stripe: a SetupIntent of the subscription's customer, its card now the default.
    const setup = fake.events.slice(from).find((e) => e.type === 'setup_intent.succeeded')?.data
      .object as Stripe.SetupIntent;
    expect(setup.customer).toBe(sub.customer);
    expect(sub.default_payment_method).toBe(setup.payment_method);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: invoice.amount_due });
    // Stripe's webhooks move the record on, once.
    await deliverSince(from);
    await deliverSince(from);
    const item = sub.items.data[0];
    expect(await h.store.getSubscription(id)).toMatchObject({
      status: 'active',
      paymentMethod: { brand: 'visa', last4: '4242' },
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    });
    expect(await h.store.listRenewalOrders(id)).toMatchObject([{ amountPaid: invoice.amount_due }]);
    const types = (await h.store.listEvents()).filter((e) => e.data.id === id).map((e) => e.type);
    expect(types).toContain('subscription.payment_method_updated');
    expect(types.filter((t) => t === 'subscription.renewed')).toHaveLength(1);
  });

  it('without JavaScript: Checkout in setup mode takes the card, the return pays the invoice', async () => {
    const { engine, id, token, sub, invoice } = await pastDue();
    const result = await engine.updatePaymentMethod(token, new Map(), visitor);
    if (result.kind !== 'redirect') throw new Error('expected Stripe Checkout');
    expect(result.location).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    const paid = await fetch(result.location, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(
      `https://shop.example/subscriptions/${token}?payment_method=return`,
    );
    expect(await engine.completePaymentMethodUpdate(token)).toBe('paid');
    expect(await engine.completePaymentMethodUpdate(token)).toBeNull();
    expect(sub.default_payment_method).not.toBeNull();
    expect(invoice.status).toBe('paid');
    expect(await h.store.getSubscription(id)).toMatchObject({
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
  });

  it('a card the bank refuses: nothing changes at Stripe or in the store', async () => {
    const { engine, id, token, sub, invoice } = await pastDue();
    const before = sub.default_payment_method;
    const result = await engine.updatePaymentMethod(
      token,
      new Map([['paymentMethod', 'pm_card_chargeDeclined']]),
      visitor,
    );
    expect(result).toMatchObject({
      kind: 'state',
      state: { status: 'failed', formError: { message: 'errorDeclined' } },
    });
    expect(sub.default_payment_method).toBe(before);
    expect(invoice.status).toBe('open');
    expect(await h.store.getSubscription(id)).toMatchObject({
      status: 'past_due',
      paymentMethod: null,
    });
  });
});
