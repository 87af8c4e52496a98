// A renewal that needs the buyer, with the engine, the Stripe provider and the fake Stripe
// API: the card (4000 0027 6000 3184) needs the bank's confirmation every time, so Stripe
// Billing's off-session renewal waits for the buyer (`invoice.payment_action_required`).
// The subscription is past due, the buyer gets the past-due email with the manage link, the
// manage page shows Stripe's hosted invoice page to confirm and pay, and once paid there
// the renewal is recorded once, with Stripe's period.
import type Stripe from 'stripe';
import { createCheckoutEngine } from '../../engine/createCheckoutEngine.js';
import { buildEmail } from '../../engine/receiptEmails.js';
import {
  DAY,
  databases,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';
import { makeCatalog } from '../../test-utils/factories.js';
import { authenticateInPage } from '../../test-utils/stripeInPage.js';
import type { FakeInvoice, FakeSubscription } from './fake/fakeStripeApi.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const SECRET = 'whsec_renewal_action';
const ENGINE_SECRET = 'test-secret-of-16-chars';

describe.each(databases)('a Stripe renewal that needs the buyer, on $name', (database) => {
  const h = useEngineHarness(database);
  let fake: FakeStripe;
  let clock = START.getTime();
  beforeAll(async () => {
    // This worktree's ports: one per database, so the two runs never share one.
    fake = await startFakeStripe({
      port: database.postgres ? 12404 : 12403,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('past due, emailed, and paid by the buyer on Stripe’s hosted invoice page from the manage page', async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: SECRET,
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
      webhookTolerance: 10 * 365 * 24 * 3600,
    });
    const catalog = makeCatalog();
    const engine = createCheckoutEngine({
      catalog,
      store: h.store,
      provider,
      routes,
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      merchantName: 'Acme',
      secret: ENGINE_SECRET,
    });
    const deliverSince = async (from: number) => {
      for (const event of fake.events.slice(from)) {
        await engine.handleWebhook('stripe', fake.signed(event as Stripe.Event, SECRET));
      }
    };

    // The first payment: the buyer confirms with the bank on the page, the webhooks settle it.
    let from = fake.events.length;
    const waiting = authenticateInPage(
      await engine.submitPlanStep(
        h.post({ paymentMethod: 'pm_card_authenticationRequired' }),
        visitor,
      ),
      fake.url,
    );
    await waiting.approve();
    await deliverSince(from);
    const { subscription } = (await h.store.getSessionRecord(waiting.sessionId)) ?? {};
    expect(subscription?.status).toBe('active');
    const ref = subscription?.providerSubscriptionRef ?? '';
    const token =
      engine
        .subscriptionPath(subscription?.id ?? '')
        .split('/')
        .pop() ?? '';
    expect(await engine.getSubscriptionView(token)).not.toHaveProperty('openPayment');

    // A month on, Stripe Billing tries the card off-session: the bank wants the buyer.
    clock = START.getTime() + 29 * DAY;
    from = fake.events.length;
    fake.api.cycleSubscription(ref);
    const types = fake.events.slice(from).map((e) => e.type);
    expect(types).toContain('invoice.payment_action_required');
    await deliverSince(from);
    expect(await h.store.getSubscription(subscription?.id ?? '')).toMatchObject({
      status: 'past_due',
    });
    expect(await h.store.listRenewalOrders(subscription?.id ?? '')).toHaveLength(0);

    // The buyer is told, with a link to the manage page.
    const events = await h.store.listEvents();
    const pastDue = events.filter((e) => e.type === 'subscription.past_due');
    expect(pastDue).toHaveLength(1);
    const email = buildEmail(
      {
        smtpUrl: 'smtp://127.0.0.1:1',
        from: 'shop@example.com',
        publicUrl: 'https://shop.example',
        merchantName: 'Acme',
        merchantAddress: null,
        secret: ENGINE_SECRET,
        routes,
        planOf: (id) => catalog.plans.find((plan) => plan.id === id),
      },
      pastDue[0] as NonNullable<(typeof pastDue)[0]>,
    );
    expect(email?.to).toBe('ada@example.com');
    expect(email?.text).toContain(
      `https://shop.example${engine.subscriptionPath(subscription?.id ?? '')}`,
    );

    // The manage page shows Stripe's page to confirm and pay the open invoice.
    const sub = fake.api.get<FakeSubscription>(ref, 'subscription', 'subscription');
    const invoice = fake.api.get<FakeInvoice>(String(sub.latest_invoice), 'invoice', 'invoice');
    expect(await engine.getSubscriptionView(token)).toMatchObject({
      subscriptionStatus: 'past_due',
      openPayment: {
        url: invoice.hosted_invoice_url,
        amount: 1071,
        currency: 'EUR',
        needsAuthentication: true,
      },
    });
    const page = await fetch(invoice.hosted_invoice_url ?? '');
    expect(await page.text()).toContain('Amount due: €10.71');

    // The buyer confirms there; Stripe says so, and the renewal is recorded once.
    from = fake.events.length;
    const paid = await fetch(invoice.hosted_invoice_url ?? '', {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
    });
    expect(await paid.text()).toContain('Invoice paid');
    await deliverSince(from);
    await deliverSince(from);
    const item = sub.items.data[0];
    expect(await h.store.getSubscription(subscription?.id ?? '')).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date((item?.current_period_start ?? 0) * 1000),
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    });
    expect(await h.store.listRenewalOrders(subscription?.id ?? '')).toMatchObject([
      { total: 1071, amountPaid: 1071 },
    ]);
    expect(await engine.getSubscriptionView(token)).not.toHaveProperty('openPayment');
  });
});
