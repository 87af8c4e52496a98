// The same plan changes through the engine on both providers (issue 22.1), on PGlite and
// PostgreSQL: the test processor, whose proration is the engine's own
// (`pricing/proration.ts`), and Stripe (the fake Stripe API), whose proration is Stripe's
// (`invoices.createPreview`, then `subscriptions.update`). Each case previews the same
// change at the same odd instant on both and expects the same amounts, to the cent.
import type Stripe from 'stripe';
import type { FakeInvoice, FakeSubscription } from '../providers/stripe/fake/fakeStripeApi.js';
import { FAKE_TEST_PAYMENT_METHODS } from '../providers/stripe/fake/fakeStripeCards.js';
import { type FakeStripe, startFakeStripe } from '../providers/stripe/fake/startFakeStripe.js';
import { createStripeProvider } from '../providers/stripe/stripePaymentProvider.js';
import {
  DAY,
  databases,
  expectRedirect,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { makeCatalog } from '../test-utils/factories.js';
import { createCheckoutEngine } from './createCheckoutEngine.js';

const SECRET = 'whsec_plan_changes';
// 9 days, 3 h 17 min 11 s into a 28-day period: every line rounds.
const ODD = 9 * DAY + ((3 * 60 + 17) * 60 + 11) * 1000;

interface Case {
  name: string;
  from: Record<string, string>;
  to: { plan: string; interval: string; seats: string };
  downgrade?: 'now' | 'period_end';
  expected: { amountDue: number; credit: number };
}

const CASES: Case[] = [
  {
    name: 'team, 5 → 7 seats mid-period',
    from: { plan: 'team', seats: '5' },
    to: { plan: 'team', interval: 'monthly', seats: '7' },
    expected: { amountDue: 1924, credit: 0 },
  },
  {
    name: 'starter → team (2 seats), a plan switch',
    from: { plan: 'starter' },
    to: { plan: 'team', interval: 'monthly', seats: '2' },
    expected: { amountDue: 1203, credit: 0 },
  },
  {
    name: 'starter, monthly → yearly',
    from: { plan: 'starter' },
    to: { plan: 'starter', interval: 'yearly', seats: '1' },
    expected: { amountDue: 9989, credit: 0 },
  },
  {
    name: "team, 7 → 2 seats with downgrade: 'now' (a credit)",
    from: { plan: 'team', seats: '7' },
    to: { plan: 'team', interval: 'monthly', seats: '2' },
    downgrade: 'now',
    expected: { amountDue: 0, credit: 4810 },
  },
];

describe.each(databases)('plan changes on both providers agree, on $name', (database) => {
  const h = useEngineHarness(database);
  let fake: FakeStripe;
  let clock = START.getTime();
  beforeAll(async () => {
    fake = await startFakeStripe({ now: () => clock });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    clock = START.getTime();
  });

  /** One engine per provider on the same store and clock. */
  function engines(downgrade: Case['downgrade'] = 'period_end') {
    const test = h.setup({ planChanges: { downgrade } });
    const provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: SECRET,
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
      webhookTolerance: 10 * 365 * 24 * 3600,
    });
    const stripe = createCheckoutEngine({
      catalog: makeCatalog(),
      store: h.store,
      provider,
      routes,
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      merchantName: 'Acme',
      secret: 'test-secret-of-16-chars',
      planChanges: { downgrade },
    });
    return { test: test.engine, stripe, sdk: provider.stripe };
  }

  async function subscribe(
    engine: ReturnType<typeof engines>['test'],
    form: Record<string, string>,
  ) {
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(form), visitor));
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    if (!subscription) throw new Error('no subscription');
    return {
      subscription,
      token: engine.subscriptionPath(subscription.id).replace('/subscriptions/', ''),
    };
  }

  async function advance(ms: number) {
    await h.advance(ms);
    clock += ms;
  }

  for (const c of CASES) {
    it(`${c.name}: the same amounts from the engine's proration and Stripe's`, async () => {
      const { test, stripe } = engines(c.downgrade);
      const onTest = await subscribe(test, c.from);
      const onStripe = await subscribe(stripe, { ...c.from, paymentMethod: 'pm_card_visa' });
      expect(onStripe.subscription).toMatchObject({
        renewedBy: 'provider',
        currentPeriodStart: onTest.subscription.currentPeriodStart,
        currentPeriodEnd: onTest.subscription.currentPeriodEnd,
      });
      await advance(ODD);
      const previews = [
        await test.previewPlanChange(onTest.token, c.to),
        await stripe.previewPlanChange(onStripe.token, c.to),
      ];
      for (const preview of previews) {
        expect(preview).toMatchObject({ status: 'preview', effective: 'now', ...c.expected });
      }
      const [a, b] = previews as Extract<(typeof previews)[number], { status: 'preview' }>[];
      expect({ tax: b?.tax, nextRenewal: b?.nextRenewal }).toEqual({
        tax: a?.tax,
        nextRenewal: a?.nextRenewal,
      });
    });
  }

  it('team 5 → 7 on Stripe: confirmed twice, Stripe invoices the previewed amount once and bills 7 seats from then on', async () => {
    const { stripe, sdk } = engines();
    const { subscription, token } = await subscribe(stripe, {
      plan: 'team',
      seats: '5',
      paymentMethod: 'pm_card_visa',
    });
    await advance(ODD);
    const preview = await stripe.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '7',
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    expect(preview.amountDue).toBe(1924);
    const ref = subscription.providerSubscriptionRef ?? '';
    const invoicesBefore = invoicesOf(fake, ref).length;

    await advance(1000);
    const [first, second] = await Promise.all([
      stripe.confirmPlanChange(token, preview.confirmToken),
      stripe.confirmPlanChange(token, preview.confirmToken),
    ]);
    expect([first, second]).toEqual([{ status: 'applied' }, { status: 'applied' }]);

    const invoices = invoicesOf(fake, ref);
    expect(invoices).toHaveLength(invoicesBefore + 1);
    expect(invoices[0]).toMatchObject({
      billing_reason: 'subscription_update',
      total: 1924,
      amount_paid: 1924,
    });
    const atStripe = await sdk.subscriptions.retrieve(ref);
    // 7 seats × €12 net, taxed by the checkout's Tax Rate.
    expect(atStripe.items.data[0]?.price.unit_amount).toBe(8400);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 7,
      amount: 9996,
    });
    const orders = await h.store.listRenewalOrders(subscription.id);
    expect(orders).toEqual([expect.objectContaining({ kind: 'proration', amountPaid: 1924 })]);
  });

  it('a refused card on Stripe changes nothing there or here', async () => {
    const { stripe, sdk } = engines();
    const { subscription, token } = await subscribe(stripe, {
      plan: 'team',
      seats: '5',
      paymentMethod: 'pm_card_visa',
    });
    const ref = subscription.providerSubscriptionRef ?? '';
    // The saved card is replaced at Stripe by one whose charges are refused (4000 0000 0000 0341).
    const card = FAKE_TEST_PAYMENT_METHODS.pm_card_chargeCustomerFail;
    if (!card) throw new Error('no such test card');
    const refused = fake.api.paymentMethodFromCard(card);
    fake.api.get<FakeSubscription>(ref, 'subscription', 'subscription').default_payment_method =
      refused.id;
    await advance(ODD);
    const preview = await stripe.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '7',
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    expect(await stripe.confirmPlanChange(token, preview.confirmToken)).toMatchObject({
      status: 'declined',
    });
    const atStripe = await sdk.subscriptions.retrieve(ref);
    expect(atStripe.items.data[0]?.price.unit_amount).toBe(6000);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ seats: 5 });
  });

  it('a downgrade at the period end on Stripe: the new price for the renewal, nothing invoiced now; undone, the old price again', async () => {
    const { stripe, sdk } = engines();
    const { subscription, token } = await subscribe(stripe, {
      plan: 'team',
      seats: '7',
      paymentMethod: 'pm_card_visa',
    });
    const ref = subscription.providerSubscriptionRef ?? '';
    await advance(ODD);
    const preview = await stripe.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '5',
    });
    expect(preview).toMatchObject({ effective: 'period_end', amountDue: 0, credit: 0 });
    if (preview.status !== 'preview') throw new Error('no preview');
    const invoicesBefore = invoicesOf(fake, ref).length;
    expect(await stripe.confirmPlanChange(token, preview.confirmToken)).toEqual({
      status: 'scheduled',
    });
    expect((await sdk.subscriptions.retrieve(ref)).items.data[0]?.price.unit_amount).toBe(6000);
    expect(invoicesOf(fake, ref)).toHaveLength(invoicesBefore);
    const pending = (await h.store.getSubscription(subscription.id))?.pendingChange;
    expect(pending).toMatchObject({ next: { seats: 5 } });

    expect(await stripe.undoPlanChange(token, pending?.id)).toBe(true);
    expect((await sdk.subscriptions.retrieve(ref)).items.data[0]?.price.unit_amount).toBe(8400);
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({ pendingChange: null });
  });

  it('a downgrade at the period end on Stripe: Stripe bills the new price at the renewal, and the record follows', async () => {
    const { stripe } = engines();
    const { subscription, token } = await subscribe(stripe, {
      plan: 'team',
      seats: '7',
      paymentMethod: 'pm_card_visa',
    });
    const ref = subscription.providerSubscriptionRef ?? '';
    await advance(ODD);
    const preview = await stripe.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '5',
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    await stripe.confirmPlanChange(token, preview.confirmToken);

    // The period ends: Stripe Billing renews, and its webhooks reach the engine.
    await advance(subscription.currentPeriodEnd.getTime() - START.getTime() - ODD);
    const from = fake.events.length;
    fake.api.cycleSubscription(ref);
    for (const event of fake.events.slice(from)) {
      await stripe.handleWebhook('stripe', fake.signed(event as Stripe.Event, SECRET));
    }
    expect(invoicesOf(fake, ref)[0]).toMatchObject({
      billing_reason: 'subscription_cycle',
      amount_paid: 7140,
    });
    expect(await h.store.getSubscription(subscription.id)).toMatchObject({
      seats: 5,
      amount: 7140,
      pendingChange: null,
      currentPeriodStart: subscription.currentPeriodEnd,
    });
  });
});

/** The subscription's invoices at Stripe, newest first (the fake's own objects). */
function invoicesOf(fake: FakeStripe, subscription: string) {
  return [...fake.api.objects.values()]
    .filter((o): o is FakeInvoice => o.object === 'invoice')
    .filter((i) => i.parent?.subscription_details?.subscription === subscription)
    .reverse();
}
