// The Stripe provider keeps the provider contract against the in-repo fake of Stripe's API
// (the official SDK pointed at it through `host`/`port`/`protocol`). The same suite runs
// against Stripe's own test mode in the Stripe suite (stripeContract.test.ts, `pnpm
// test:stripe` with STRIPE_SECRET_KEY set).
import { describeProviderContract } from '../../testing/describeProviderContract.js';
import type { CreateIntentInput } from '../types.js';
import type { FakeSubscription } from './fake/fakeStripeApi.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const WEBHOOK_SECRET = 'whsec_contract_fake';
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

describeProviderContract('Stripe (against the fake Stripe API)', {
  open: async () => ({
    provider: createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    }),
    dispose: async () => {},
  }),
  paymentMethods: async () => ({
    succeeds: 'pm_card_visa',
    declined: 'pm_card_chargeDeclined',
    insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
    requiresAction: 'pm_card_authenticationRequired',
    declinesAfterSaving: 'pm_card_chargeCustomerFail',
  }),
  completeAction: async (_provider, action, approve) => {
    // A card authenticated in the buyer's page (`use_stripe_sdk`): what the Stripe.js
    // stand-in's dialog posts to the fake's 3-D Secure page.
    const response = await fetch(action.redirectUrl ?? `${fake.url}/3ds/${action.intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: approve ? 'approve' : 'refuse' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
  },
  webhookFor: async (_provider, intentId) => {
    const event = [...fake.events]
      .reverse()
      .find((e) => (e.data.object as { id?: string }).id === intentId);
    if (!event) throw new Error(`no event for ${intentId}`);
    return fake.signed(event, WEBHOOK_SECRET);
  },
});

describe('Stripe specifics (against the fake)', () => {
  const provider = () =>
    createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
  const input = (overrides: Partial<CreateIntentInput> = {}): CreateIntentInput => ({
    idempotencyKey: `cs_specific_${crypto.randomUUID()}:1`,
    mode: 'payment',
    amount: 3451,
    currency: 'EUR',
    description: 'Acme: Pro (monthly)',
    customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    flow: 'fields',
    returnUrl: 'http://127.0.0.1/checkout/finish?session=x',
    cancelUrl: 'http://127.0.0.1/checkout/pro',
    saveMethod: false,
    metadata: { plankit_session: crypto.randomUUID() },
    recurring: { interval: 'monthly', amount: 3451, trialDays: null, planId: 'pro', seats: 1 },
    ...overrides,
  });
  const subscriptionsOf = (session: string) =>
    [...fake.api.objects.values()]
      .filter((o): o is FakeSubscription => o.object === 'subscription')
      .filter((sub) => sub.metadata.plankit_session === session);

  it('a recurring plan is one Stripe subscription per key, priced at the quote, on the plan’s product', async () => {
    const stripe = provider();
    const request = input();
    const created = await Promise.all(
      Array.from({ length: 5 }, () => stripe.createIntent({ ...request })),
    );
    expect(new Set(created.map((c) => c.intentId)).size).toBe(1);
    expect(created[0]?.intentId).toMatch(/^pi_/);
    const [subscription, ...more] = subscriptionsOf(request.metadata.plankit_session ?? '');
    expect(more).toEqual([]);
    expect(subscription?.items.data[0]?.price).toMatchObject({
      unit_amount: 3451,
      product: 'plankit_pro',
    });
    const paid = await stripe.confirmIntent(created[0]?.intentId ?? '', {
      paymentMethodId: 'pm_card_visa',
      returnUrl: request.returnUrl,
    });
    expect(paid).toMatchObject({ status: 'succeeded', subscriptionRef: subscription?.id });
  });

  it('concurrent first checkouts of one address make one Customer, under a key derived from the address', async () => {
    const stripe = provider();
    const email = `race-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        stripe.createIntent(
          input({
            customer: { email: i % 2 ? email.toUpperCase() : email, name: 'Ada Lovelace' },
            metadata: { plankit_session: crypto.randomUUID() },
          }),
        ),
      ),
    );
    expect(new Set(created.map((c) => c.intentId)).size).toBe(5);
    const customers = [...fake.api.objects.values()].filter(
      (o) => o.object === 'customer' && (o as { email?: string }).email === email,
    );
    expect(customers).toHaveLength(1);
    const owners = [...fake.api.objects.values()]
      .filter((o): o is FakeSubscription => o.object === 'subscription')
      .filter((sub) => sub.customer === customers[0]?.id);
    expect(owners).toHaveLength(5);
  });

  it('the subscription comes from the invoice’s parent: nothing of Plankit’s on the PaymentIntent names it', async () => {
    const stripe = provider();
    const request = input();
    const { intentId } = await stripe.createIntent(request);
    const intent = await stripe.stripe.paymentIntents.retrieve(intentId);
    expect(intent.metadata.plankit_subscription).toBeUndefined();
    const paid = await stripe.confirmIntent(intentId, {
      paymentMethodId: 'pm_card_visa',
      returnUrl: request.returnUrl,
    });
    const [subscription] = subscriptionsOf(request.metadata.plankit_session ?? '');
    const item = subscription?.items.data[0];
    expect(paid).toMatchObject({
      status: 'succeeded',
      subscriptionRef: subscription?.id,
      subscriptionPeriod: {
        start: new Date((item?.current_period_start ?? 0) * 1000),
        end: new Date((item?.current_period_end ?? 0) * 1000),
      },
    });
  });

  it('a trial confirms the subscription’s pending SetupIntent: nothing charged', async () => {
    const stripe = provider();
    const request = input({
      mode: 'setup',
      recurring: { interval: 'yearly', amount: 34510, trialDays: 14, planId: 'pro', seats: 1 },
    });
    const { intentId } = await stripe.createIntent(request);
    expect(intentId).toMatch(/^seti_/);
    const saved = await stripe.confirmIntent(intentId, {
      paymentMethodId: 'pm_card_visa',
      returnUrl: request.returnUrl,
    });
    const [subscription] = subscriptionsOf(request.metadata.plankit_session ?? '');
    expect(saved).toMatchObject({ status: 'succeeded', subscriptionRef: subscription?.id });
    expect(subscription?.status).toBe('trialing');
  });

  it('canceling an unfinished subscription intent cancels its subscription and voids its invoice; a hosted one expires its Checkout Session', async () => {
    const stripe = provider();
    const request = input();
    const { intentId } = await stripe.createIntent(request);
    expect(await stripe.cancelIntent(intentId)).toEqual({ status: 'canceled', intentId });
    const [subscription] = subscriptionsOf(request.metadata.plankit_session ?? '');
    expect(subscription?.status).toBe('canceled');
    expect(fake.api.objects.get(String(subscription?.latest_invoice))).toMatchObject({
      status: 'void',
    });
    // Canceling again (the sweep after the engine) changes nothing and answers the same.
    expect(await stripe.cancelIntent(intentId)).toEqual({ status: 'canceled', intentId });

    const trial = input({
      mode: 'setup',
      recurring: { interval: 'monthly', amount: 3451, trialDays: 14, planId: 'pro', seats: 1 },
    });
    const setup = await stripe.createIntent(trial);
    expect(await stripe.cancelIntent(setup.intentId)).toEqual({
      status: 'canceled',
      intentId: setup.intentId,
    });
    expect(subscriptionsOf(trial.metadata.plankit_session ?? '')[0]?.status).toBe('canceled');

    const hosted = await stripe.createIntent(input({ flow: 'hosted' }));
    expect(hosted.intentId).toMatch(/^cs_test_/);
    expect(await stripe.cancelIntent(hosted.intentId)).toEqual({
      status: 'canceled',
      intentId: hosted.intentId,
    });
  });

  it('a saved card that needs authentication every time fails off-session as authentication_failed', async () => {
    const stripe = provider();
    const request = input({ mode: 'setup', recurring: undefined, saveMethod: true });
    const { intentId } = await stripe.createIntent(request);
    const waiting = await stripe.confirmIntent(intentId, {
      paymentMethodId: 'pm_card_authenticationRequired',
      returnUrl: request.returnUrl,
    });
    if (waiting.status !== 'requires_action') throw new Error('expected requires_action');
    fake.api.authenticate(intentId, true);
    const saved = await stripe.retrieveIntent(intentId);
    if (saved.status !== 'succeeded' || !saved.customerRef || !saved.paymentMethod) {
      throw new Error(`expected a saved card, got ${JSON.stringify(saved)}`);
    }
    const charge = await stripe.chargeSavedMethod({
      idempotencyKey: `sub_specific_${crypto.randomUUID()}:1`,
      amount: 3451,
      currency: 'EUR',
      description: 'Renewal',
      customerRef: saved.customerRef,
      paymentMethodId: saved.paymentMethod.id,
      metadata: {},
    });
    expect(charge).toMatchObject({ status: 'failed', code: 'authentication_failed' });
  });

  it('relative return URLs need publicUrl: Stripe redirects to absolute ones only', async () => {
    const relative = input({
      flow: 'hosted',
      returnUrl: '/checkout/finish?session=x',
      cancelUrl: '/checkout/pro',
    });
    await expect(provider().createIntent(relative)).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    const withBase = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
      publicUrl: 'https://shop.example',
    });
    const { intentId } = await withBase.createIntent(relative);
    expect(fake.api.checkoutSession(intentId).success_url).toBe(
      'https://shop.example/checkout/finish?session=x',
    );
  });
});
