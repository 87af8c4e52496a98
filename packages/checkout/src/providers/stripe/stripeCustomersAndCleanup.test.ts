// The engine with the Stripe provider, against the fake Stripe API: one Stripe Customer
// per buyer email, nothing left behind at Stripe by an attempt that failed or expired, VAT
// as Stripe Tax Rates (and a reverse-charged business as a tax-exempt customer with its
// VAT ID), and the subscription's period as Stripe dates it.

import type { Catalog } from '../../catalog/schema.js';
import { createCheckoutEngine } from '../../engine/createCheckoutEngine.js';
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';
import { makeCatalog, makePlan } from '../../test-utils/factories.js';
import { authenticateInPage } from '../../test-utils/stripeInPage.js';
import type {
  FakeCustomer,
  FakeInvoice,
  FakePaymentIntent,
  FakeSubscription,
  FakeTaxId,
  FakeTaxRate,
} from './fake/fakeStripeApi.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const FRENCH_BUSINESS = {
  country: 'FR',
  business: 'on',
  company: 'Acme SAS',
  vatId: 'FR 40 303 265 045',
  street: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
};

describe.each(databases)('Stripe customers, cleanup and tax, on $name', (database) => {
  const h = useEngineHarness(database);
  let fake: FakeStripe;
  let clock = START.getTime();
  beforeAll(async () => {
    // This worktree's ports: one per database, so the two runs never share one.
    fake = await startFakeStripe({
      port: database.postgres ? 12402 : 12401,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    clock = START.getTime();
  });

  function setup(
    options: { merchantCountry?: string; merchantVatId?: string; catalog?: Catalog } = {},
  ) {
    const provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_cleanup_test',
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
    });
    const engine = createCheckoutEngine({
      store: h.store,
      provider,
      routes,
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      merchantName: 'Acme',
      secret: 'test-secret-of-16-chars',
      ...options,
      catalog: options.catalog ?? makeCatalog(),
    });
    return { engine, provider };
  }

  const all = <T>(kind: string) =>
    [...fake.api.objects.values()].filter((o) => o.object === kind) as T[];
  const subscriptionsOf = (sessionId: string) =>
    all<FakeSubscription>('subscription').filter((s) => s.metadata.plankit_session === sessionId);
  const invoiceOf = (sub: FakeSubscription | undefined) =>
    fake.api.get<FakeInvoice>(String(sub?.latest_invoice), 'invoice', 'invoice');
  const intentOf = (invoice: FakeInvoice) =>
    fake.api.get<FakePaymentIntent>(
      String(invoice.payments.data[0]?.payment.payment_intent),
      'payment_intent',
      'payment_intent',
    );
  /** A buyer address no other test uses (the fake's account lives through the file). */
  const uniqueEmail = () => `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;

  it('one buyer, two checkouts and an address in other capitals: one Stripe Customer', async () => {
    const { engine } = setup();
    const email = uniqueEmail();
    const first = expectRedirect(
      await engine.submitPlanStep(h.post({ email, paymentMethod: 'pm_card_visa' }), visitor),
    );
    const second = expectRedirect(
      await engine.submitPlanStep(
        h.post({ email: email.toUpperCase(), paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    const [a] = subscriptionsOf(first.sessionId);
    const [b] = subscriptionsOf(second.sessionId);
    expect(a?.customer).toMatch(/^cus_/);
    expect(b?.customer).toBe(a?.customer);
    const customers = all<FakeCustomer>('customer').filter((c) => c.email === email);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ name: 'Ada Lovelace', tax_exempt: 'none' });
  });

  it('a declined card, then a good one: the first attempt’s subscription is canceled and its invoice void; the same customer pays', async () => {
    const { engine } = setup();
    const email = uniqueEmail();
    const key = h.post().idempotencyKey;
    const declined = await engine.submitPlanStep(
      h.post({ idempotencyKey: key, email, paymentMethod: 'pm_card_chargeDeclined' }),
      visitor,
    );
    expect(declined.kind).toBe('state');
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ idempotencyKey: key, email, paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    const [failed, paid, ...more] = subscriptionsOf(sessionId).sort(
      (x, y) => Number(x.metadata.plankit_attempt) - Number(y.metadata.plankit_attempt),
    );
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ status: 'canceled', metadata: { plankit_attempt: '1' } });
    const voided = invoiceOf(failed);
    expect(voided.status).toBe('void');
    expect(intentOf(voided)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(paid).toMatchObject({ status: 'active', metadata: { plankit_attempt: '2' } });
    expect(paid?.customer).toBe(failed?.customer);
    expect((await h.store.getSessionRecord(sessionId))?.subscription).toMatchObject({
      providerSubscriptionRef: paid?.id,
    });
  });

  it('a trial whose card is refused: its trial subscription is canceled at once; a trial that starts ends itself at Stripe without a card', async () => {
    const { engine } = setup();
    const refused = await engine.submitPlanStep(
      h.post({ plan: 'pro', email: uniqueEmail(), paymentMethod: 'pm_card_chargeDeclined' }),
      visitor,
    );
    expect(refused.kind).toBe('state');
    const canceled = all<FakeSubscription>('subscription').at(-1);
    expect(canceled).toMatchObject({ status: 'canceled', trial_end: expect.any(Number) });

    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', email: uniqueEmail(), paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    expect(subscriptionsOf(sessionId)[0]).toMatchObject({
      status: 'trialing',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
  });

  it('abandoned at 3-D Secure: when the checkout expires, its Stripe subscription is canceled and nothing can be paid', async () => {
    const { engine } = setup();
    // 3-D Secure in the buyer's page, which they leave without answering.
    const waiting = authenticateInPage(
      await engine.submitPlanStep(
        h.post({ email: uniqueEmail(), paymentMethod: 'pm_card_authenticationRequired' }),
        visitor,
      ),
      fake.url,
    );
    const [sub] = subscriptionsOf(waiting.sessionId);
    expect(intentOf(invoiceOf(sub)).status).toBe('requires_action');
    await h.advance(25 * HOUR);
    expect(await engine.expireStaleSessions()).toBe(1);
    expect((await h.store.getSession(waiting.sessionId))?.status).toBe('expired');
    expect(subscriptionsOf(waiting.sessionId)[0]?.status).toBe('canceled');
    const invoice = invoiceOf(sub);
    expect(invoice.status).toBe('void');
    expect(intentOf(invoice).status).toBe('canceled');
    // The buyer finishing 3-D Secure late changes nothing: the intent is gone.
    fake.api.authenticate(intentOf(invoice).id, true);
    expect(intentOf(invoice)).toMatchObject({ status: 'canceled', amount_received: 0 });
  });

  it('VAT as Stripe Tax Rates, one per country and rate, on the Payment Element’s and the hosted page’s subscriptions', async () => {
    const { engine } = setup();
    const ids = async (post: Record<string, string>) => {
      const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(post), visitor));
      const [sub] = subscriptionsOf(sessionId);
      return sub?.items.data[0]?.tax_rates.map((rate) => rate.id);
    };
    const germany = await ids({ email: uniqueEmail(), paymentMethod: 'pm_card_visa' });
    const again = await ids({ email: uniqueEmail(), paymentMethod: 'pm_card_visa' });
    const france = await ids({
      email: uniqueEmail(),
      country: 'FR',
      paymentMethod: 'pm_card_visa',
    });
    expect(again).toEqual(germany);
    expect(france).not.toEqual(germany);
    const rates = all<FakeTaxRate>('tax_rate');
    expect(rates.map((r) => [r.country, r.percentage, r.inclusive])).toEqual([
      ['DE', 19, false],
      ['FR', 20, false],
    ]);

    // Without JavaScript, Stripe's hosted page charges the same: 9 € + the German rate.
    const hosted = expectRedirect(
      await engine.submitPlanStep(h.post({ email: uniqueEmail(), paymentMethod: '' }), visitor),
    );
    const session = fake.api.checkoutSession(hosted.location.split('/').pop() ?? '');
    expect(session.amount_total).toBe(1071);
    expect(session.lineItems).toMatchObject([{ unitAmount: 900, taxRates: germany }]);
  });

  it('a French business, reverse charged: a customer tax_exempt reverse with its VAT ID, and no VAT line', async () => {
    const { engine } = setup({ merchantCountry: 'IE', merchantVatId: 'IE6388047V' });
    const email = uniqueEmail();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ ...FRENCH_BUSINESS, email, shownTotal: 'EUR 900', paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    const [sub] = subscriptionsOf(sessionId);
    expect(sub?.items.data[0]).toMatchObject({ price: { unit_amount: 900 }, tax_rates: [] });
    expect(invoiceOf(sub)).toMatchObject({ total: 900, amount_paid: 900, total_taxes: [] });
    const customer = fake.api.get<FakeCustomer>(String(sub?.customer), 'customer', 'customer');
    expect(customer).toMatchObject({
      email,
      name: 'Acme SAS',
      tax_exempt: 'reverse',
      address: { line1: '1 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
    });
    const taxIds = all<FakeTaxId>('tax_id').filter((t) => t.customer === customer.id);
    expect(taxIds).toMatchObject([{ type: 'eu_vat', value: 'FR40303265045', country: 'FR' }]);

    // The same business buys again: its customer, and its VAT ID once.
    expectRedirect(
      await engine.submitPlanStep(
        h.post({ ...FRENCH_BUSINESS, email, shownTotal: 'EUR 900', paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    expect(all<FakeCustomer>('customer').filter((c) => c.email === email)).toHaveLength(1);
    expect(all<FakeTaxId>('tax_id').filter((t) => t.customer === customer.id)).toHaveLength(1);
  });

  it('the period is Stripe’s, never the kit’s count: a trial ends when Stripe says it does', async () => {
    const { engine } = setup();
    // Stripe's clock runs an hour and a half ahead of the store's.
    clock = START.getTime() + 1.5 * HOUR;
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', email: uniqueEmail(), paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    const [sub] = subscriptionsOf(sessionId);
    const trialEnd = new Date((sub?.trial_end ?? 0) * 1000);
    expect(trialEnd).toEqual(new Date(clock + 14 * DAY));
    expect((await h.store.getSessionRecord(sessionId))?.subscription).toMatchObject({
      status: 'trialing',
      currentPeriodStart: new Date(clock),
      currentPeriodEnd: trialEnd,
    });
  });

  it('a plan named in several languages reaches Stripe by its name in the catalog’s language', async () => {
    const catalog = makeCatalog();
    const named = makePlan({ name: { en: 'Starter', de: 'Einsteiger' } });
    const { engine } = setup({
      catalog: { ...catalog, plans: catalog.plans.map((p) => (p.id === 'starter' ? named : p)) },
    });
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ email: uniqueEmail(), paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    const intent = intentOf(invoiceOf(subscriptionsOf(sessionId)[0]));
    expect(intent.description).toBe('Acme: Starter (monthly)');
  });
});
