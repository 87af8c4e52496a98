// The engine with the Stripe provider, against the fake Stripe API: checkouts through the
// Payment Element's path and the hosted Checkout page, and the webhooks that settle them and
// move subscriptions (Stripe Billing renews them): a bad signature answers 400, a replayed
// event changes nothing, events out of order settle on Stripe's latest state.
import type Stripe from 'stripe';
import { createCheckoutEngine } from '../../engine/createCheckoutEngine.js';
import {
  DAY,
  databases,
  expectRedirect,
  expectState,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';
import { makeCatalog } from '../../test-utils/factories.js';
import { authenticateInPage as inPage } from '../../test-utils/stripeInPage.js';
import type { SubmitResult } from '../../views/types.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const SECRET = 'whsec_engine_test';

describe.each(databases)('Stripe checkouts and webhooks, on $name', (database) => {
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

  function setup() {
    const provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: SECRET,
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
      // The store's clock is frozen in 2031; the signatures are made now.
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
    const deliver = (event: Stripe.Event) =>
      engine.handleWebhook('stripe', fake.signed(event, SECRET));
    return { engine, provider, deliver };
  }

  const authenticateInPage = (result: SubmitResult) => inPage(result, fake.url);

  async function record(sessionId: string) {
    const found = await h.store.getSessionRecord(sessionId);
    if (!found) throw new Error('no session');
    return found;
  }

  it('starter with the Payment Element: a Stripe subscription, paid, with its order', async () => {
    const { engine, provider } = setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ paymentMethod: 'pm_card_visa' }), visitor),
    );
    const { session, order, subscription } = await record(sessionId);
    expect(session.status).toBe('paid');
    // The amount charged is Plankit's quote: 9 € + 19% German VAT.
    expect(order).toMatchObject({
      total: 1071,
      amountPaid: 1071,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(subscription).toMatchObject({ status: 'active', renewedBy: 'provider' });
    const ref = subscription?.providerSubscriptionRef ?? '';
    const stripeSub = await provider.stripe.subscriptions.retrieve(ref);
    expect(stripeSub).toMatchObject({ status: 'active', metadata: { plankit_session: sessionId } });
    // VAT reaches Stripe as tax: 9 € net with an exclusive 19% German Tax Rate, so Stripe's
    // invoice shows the VAT line and charges the quote's total.
    const [item] = stripeSub.items.data;
    expect(item?.price).toMatchObject({ unit_amount: 900, currency: 'eur' });
    expect(item?.tax_rates).toMatchObject([
      { percentage: 19, inclusive: false, country: 'DE', display_name: 'VAT' },
    ]);
    const invoice = await provider.stripe.invoices.retrieve(String(stripeSub.latest_invoice));
    expect(invoice).toMatchObject({ subtotal: 900, total: 1071, amount_paid: 1071 });
    expect(invoice.total_taxes).toMatchObject([{ amount: 171, tax_behavior: 'exclusive' }]);
  });

  it('pro with its trial: the card saved through the subscription’s SetupIntent, nothing charged', async () => {
    const { engine } = setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro', paymentMethod: 'pm_card_visa' }), visitor),
    );
    const { session, subscription } = await record(sessionId);
    expect(session.status).toBe('trialing');
    expect(subscription).toMatchObject({
      status: 'trialing',
      providerSubscriptionRef: expect.stringMatching(/^sub_/),
    });
  });

  it('a declined card fails the attempt with the decline, and a new card pays', async () => {
    const { engine } = setup();
    const key = h.post().idempotencyKey;
    const declined = await engine.submitPlanStep(
      h.post({ idempotencyKey: key, paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds' }),
      visitor,
    );
    expect(declined.kind).toBe('state');
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(
        h.post({ idempotencyKey: key, paymentMethod: 'pm_card_visa' }),
        visitor,
      ),
    );
    expect((await record(sessionId)).session).toMatchObject({ status: 'paid', attempt: 2 });
  });

  it('a webhook with a bad signature answers 400 and changes nothing', async () => {
    const { engine } = setup();
    const waiting = await authenticateInPage(
      await engine.submitPlanStep(
        h.post({ paymentMethod: 'pm_card_authenticationRequired' }),
        visitor,
      ),
    );
    const from = fake.events.length;
    await waiting.approve();
    const event = fake.events.slice(from).find((e) => e.type === 'invoice.paid');
    if (!event) throw new Error('no invoice.paid');
    const forged = fake.signed(event, 'whsec_someone_else');
    expect(await engine.handleWebhook('stripe', forged)).toEqual({ status: 400, applied: 0 });
    const signed = fake.signed(event, SECRET);
    const tampered = { ...signed, rawBody: signed.rawBody.replace('"paid"', '"open"') };
    expect(tampered.rawBody).not.toBe(signed.rawBody);
    expect(await engine.handleWebhook('stripe', tampered)).toEqual({ status: 400, applied: 0 });
    expect(
      await engine.handleWebhook('stripe', { rawBody: signed.rawBody, headers: new Headers() }),
    ).toEqual({ status: 400, applied: 0 });
    expect((await record(waiting.sessionId)).session.status).toBe('requires_action');
    // The genuine one settles it.
    expect(await engine.handleWebhook('stripe', signed)).toMatchObject({ status: 200 });
    expect((await record(waiting.sessionId)).session.status).toBe('paid');
  });

  it('3-D Secure left unfinished: Pay again (or the finish step’s continue) resumes it in the page', async () => {
    const { engine } = setup();
    const post = h.post({ paymentMethod: 'pm_card_authenticationRequired' });
    const first = await engine.submitPlanStep(post, visitor);
    const waiting = await authenticateInPage(first);
    const view = await engine.getFinishView(waiting.sessionId, visitor);
    expect(view).toMatchObject({
      status: 'action_required',
      actionUrl: expect.stringMatching(/^\/checkout\/starter/),
    });
    // The buyer closed the dialog or reloaded: the same checkout, the same intent, its secret.
    const again = expectState(await engine.submitPlanStep({ ...post }, visitor));
    expect(again.nextAction).toEqual(expectState(first).nextAction);
    await waiting.approve();
    expect(await engine.getFinishView(waiting.sessionId, visitor)).toMatchObject({
      status: 'paid',
    });
    expect(await h.countRows('orders')).toBe(1);
  });

  it('without JavaScript: the hosted Checkout page, and the order recorded from its signed webhook; a replay changes nothing', async () => {
    const { engine } = setup();
    const result = expectRedirect(
      await engine.submitPlanStep(h.post({ paymentMethod: '' }), visitor),
    );
    expect(result.location).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    expect((await record(result.sessionId)).session.status).toBe('requires_action');
    const from = fake.events.length;
    const paid = await fetch(result.location, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(
      `https://shop.example${routes.finish(result.sessionId)}`,
    );
    const completed = fake.events.slice(from).find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    expect(await setup().deliver(completed)).toEqual({ status: 200, applied: 1 });
    const after = await record(result.sessionId);
    expect(after.session.status).toBe('paid');
    expect(after.order).toMatchObject({ total: 1071, paymentMethod: { last4: '4242' } });
    expect(after.subscription).toMatchObject({
      status: 'active',
      providerSubscriptionRef: expect.stringMatching(/^sub_/),
    });
    // Stripe sends an event again (a retry after a lost answer): nothing changes.
    expect(await setup().deliver(completed)).toEqual({ status: 200, applied: 0 });
    expect(await h.countRows('orders')).toBe(1);
  });

  it('pro without JavaScript: the trial starts on the hosted page, nothing charged', async () => {
    const { engine, deliver } = setup();
    const result = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro', paymentMethod: '' }), visitor),
    );
    const page = await (await fetch(result.location)).text();
    expect(page).toContain('14-day free trial');
    const from = fake.events.length;
    await fetch(result.location, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      redirect: 'manual',
    });
    const completed = fake.events.slice(from).find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    expect(await deliver(completed)).toEqual({ status: 200, applied: 1 });
    const { session, order, subscription } = await record(result.sessionId);
    expect(session.status).toBe('trialing');
    expect(order).toMatchObject({ amountPaid: 0, paymentMethod: { last4: '4242' } });
    expect(subscription).toMatchObject({
      status: 'trialing',
      renewedBy: 'provider',
      providerSubscriptionRef: expect.stringMatching(/^sub_/),
    });
  });

  it('invoice.paid before customer.subscription.created (and before payment_intent.succeeded) settles the checkout once', async () => {
    const { engine, deliver } = setup();
    // 3-D Secure: the request leaves the session waiting; the buyer finishes in Stripe.js's dialog
    // and only webhooks tell the engine, in whatever order Stripe sends them.
    const waiting = await authenticateInPage(
      await engine.submitPlanStep(
        h.post({ paymentMethod: 'pm_card_authenticationRequired' }),
        visitor,
      ),
    );
    expect((await record(waiting.sessionId)).session).toMatchObject({
      status: 'requires_action',
      // No page of Stripe's to go to: the finish step's "continue" leads to the plan step.
      actionUrl: expect.stringMatching(/^\/checkout\/starter/),
    });
    const from = fake.events.length;
    await waiting.approve();
    const sub = (await record(waiting.sessionId)).session;
    expect(sub.status).toBe('requires_action');
    const stripeSubId = fake.events
      .map(
        (e) => e.data.object as { id: string; object: string; metadata?: Record<string, string> },
      )
      .find(
        (o) => o.object === 'subscription' && o.metadata?.plankit_session === waiting.sessionId,
      )?.id;
    if (!stripeSubId) throw new Error('no subscription');
    const created = fake.events.find(
      (e) =>
        e.type === 'customer.subscription.created' &&
        (e.data.object as { id: string }).id === stripeSubId,
    );
    const later = fake.events.slice(from);
    const invoicePaid = later.find((e) => e.type === 'invoice.paid');
    const intentSucceeded = later.find((e) => e.type === 'payment_intent.succeeded');
    if (!created || !invoicePaid || !intentSucceeded) throw new Error('missing events');

    expect(await deliver(invoicePaid)).toMatchObject({ status: 200, applied: 1 });
    const settled = await record(waiting.sessionId);
    expect(settled.session.status).toBe('paid');
    expect(settled.subscription).toMatchObject({
      status: 'active',
      providerSubscriptionRef: stripeSubId,
    });
    for (const event of [created, intentSucceeded, invoicePaid, ...later]) {
      expect(await deliver(event)).toMatchObject({ status: 200, applied: 0 });
    }
    expect(await h.countRows('orders')).toBe(1);
    expect((await record(waiting.sessionId)).subscription).toMatchObject({ status: 'active' });
  });

  it('cancel and resume on the manage page reach Stripe before the record changes', async () => {
    const { engine, provider, deliver } = setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ paymentMethod: 'pm_card_visa' }), visitor),
    );
    const { subscription } = await record(sessionId);
    const ref = subscription?.providerSubscriptionRef ?? '';
    const token =
      engine
        .subscriptionPath(subscription?.id ?? '')
        .split('/')
        .pop() ?? '';

    await engine.cancelSubscription(token);
    expect((await provider.stripe.subscriptions.retrieve(ref)).cancel_at_period_end).toBe(true);
    expect((await h.store.getSubscription(subscription?.id ?? ''))?.cancelAtPeriodEnd).toBe(true);
    await engine.resumeSubscription(token);
    expect((await provider.stripe.subscriptions.retrieve(ref)).cancel_at_period_end).toBe(false);
    expect((await h.store.getSubscription(subscription?.id ?? ''))?.cancelAtPeriodEnd).toBe(false);

    // Canceled for good: at the period's end Stripe ends it and says so; nothing is charged.
    await engine.cancelSubscription(token);
    clock = START.getTime() + 29 * DAY;
    const from = fake.events.length;
    fake.api.cycleSubscription(ref);
    for (const event of fake.events.slice(from)) await deliver(event);
    expect(await h.store.getSubscription(subscription?.id ?? '')).toMatchObject({
      status: 'canceled',
    });
    expect(await h.countRows('orders')).toBe(1);
  });

  it('Stripe Billing renews: invoice.paid records the renewal once; a failed one is past due; deleted cancels', async () => {
    const { engine, deliver } = setup();
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ paymentMethod: 'pm_card_visa' }), visitor),
    );
    const { subscription } = await record(sessionId);
    const ref = subscription?.providerSubscriptionRef ?? '';
    const state = () => h.store.getSubscription(subscription?.id ?? '');

    // A month on, Stripe charges the saved card and says so. The period is Stripe's: billed
    // on the 31st, it ends on the last day of a shorter month and on the 31st again after.
    clock = START.getTime() + 29 * DAY;
    let from = fake.events.length;
    fake.api.cycleSubscription(ref);
    for (const event of fake.events.slice(from)) await deliver(event);
    expect(await state()).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2031-02-28T12:00:00.000Z'),
      currentPeriodEnd: new Date('2031-03-31T12:00:00.000Z'),
    });
    expect(await h.store.listRenewalOrders(subscription?.id ?? '')).toHaveLength(1);
    for (const event of fake.events.slice(from)) {
      expect(await deliver(event)).toMatchObject({ applied: 0 });
    }

    // The next month the card is refused: past due, and Stripe retries on its own.
    const methodId = (await setup().provider.stripe.subscriptions.retrieve(ref))
      .default_payment_method;
    const method = fake.api.objects.get(String(methodId));
    if (method) fake.api.objects.delete(method.id);
    clock = START.getTime() + 60 * DAY;
    from = fake.events.length;
    fake.api.cycleSubscription(ref);
    for (const event of fake.events.slice(from)) await deliver(event);
    expect(await state()).toMatchObject({ status: 'past_due' });

    // The buyer cancels in Stripe's portal: customer.subscription.deleted.
    from = fake.events.length;
    fake.api.deleteSubscription(ref);
    for (const event of fake.events.slice(from)) await deliver(event);
    expect(await state()).toMatchObject({ status: 'canceled' });
    expect(await h.store.listRenewalOrders(subscription?.id ?? '')).toHaveLength(1);
  });
});
