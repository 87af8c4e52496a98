// The fake Stripe API behaves as Stripe documents the parts the provider relies on: the
// official SDK talks to it unchanged, idempotent requests, card errors, the hosted Checkout
// page and signed webhooks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FakeStripe, startFakeStripe } from './startFakeStripe.js';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  const url = new URL(fake.url);
  stripe = new Stripe('sk_test_fake', { host: url.hostname, port: url.port, protocol: 'http' });
});
afterAll(async () => {
  await fake.close();
});

describe('idempotent requests', () => {
  it('the same key and parameters answer with the same object', async () => {
    const key = `key_${crypto.randomUUID()}`;
    const params = { amount: 1000, currency: 'eur' };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it('the same key with other parameters is refused with an idempotency error (400)', async () => {
    const key = `key_${crypto.randomUUID()}`;
    await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' }, { idempotencyKey: key });
    await expect(
      stripe.paymentIntents.create({ amount: 2000, currency: 'eur' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('answers without an API key with 401, as Stripe does', async () => {
    const response = await fetch(`${fake.url}/v1/payment_intents`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});

describe('PaymentIntents with test cards', () => {
  it('pm_card_visa succeeds and leaves a new payment method with the card', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    const paid = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
      expand: ['payment_method'],
    });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect(paid.payment_method).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('a declined card is a 402 card error, and the intent keeps the error', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    await expect(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
      }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
  });

  it('an unknown payment method is a 400 resource_missing on payment_method', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    await expect(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_nope' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'payment_method',
    });
  });

  it('4000 0027 6000 3184 asks for 3-D Secure on-session, and fails off-session with authentication_required', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const onSession = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      setup_future_usage: 'off_session',
      confirm: true,
      return_url: 'https://shop.example/finish',
    });
    expect(onSession).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url' },
    });
    // Authenticated once, the card still needs it on every later charge (Stripe's docs:
    // "requires authentication on all transactions, regardless of how the card is set up").
    fake.api.authenticate(onSession.id, true);
    const method = String((await stripe.paymentIntents.retrieve(onSession.id)).payment_method);
    const offSession = stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      customer: customer.id,
      payment_method: method,
      off_session: true,
      confirm: true,
    });
    const error = await offSession.then(
      () => null,
      (thrown: Stripe.errors.StripeCardError) => thrown,
    );
    expect(error).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
    const failed = { id: String(error?.payment_intent?.id) };
    expect(await stripe.paymentIntents.retrieve(failed.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required' },
    });
  });

  it('a succeeded intent cannot be canceled', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });
});

describe('subscriptions', () => {
  it('default_incomplete: the first invoice’s PaymentIntent activates it; a cycle renews', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const product = await stripe.products.create({ id: `prod_${Date.now()}`, name: 'Pro' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: {
            currency: 'eur',
            product: product.id,
            unit_amount: 2900,
            recurring: { interval: 'month' },
          },
        },
      ],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.payments'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const payment = invoice.payments?.data[0]?.payment.payment_intent as string;
    await stripe.paymentIntents.confirm(payment, { payment_method: 'pm_card_visa' });
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid' });

    const periodEnd = active.items.data[0]?.current_period_end ?? 0;
    fake.api.cycleSubscription(sub.id);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]?.current_period_start).toBe(periodEnd);
    const types = fake.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']),
    );
  });
});

describe('the hosted Checkout page and webhooks', () => {
  it('takes a test card without JavaScript, redirects to success_url and sends signed events', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const endpoint = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(request.headers['stripe-signature']),
        });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const secret = 'whsec_fake_test';
    const withHook = await startFakeStripe({
      webhook: { url: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`, secret },
    });
    try {
      const url = new URL(withHook.url);
      const client = new Stripe('sk_test_fake', {
        host: url.hostname,
        port: url.port,
        protocol: 'http',
      });
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: 'eur', product_data: { name: 'Starter' }, unit_amount: 1071 },
            quantity: 1,
          },
        ],
        success_url: 'http://127.0.0.1/finish?cs={CHECKOUT_SESSION_ID}',
      });
      const page = await (await fetch(session.url ?? '')).text();
      expect(page).toContain('Card number');
      const refused = await fetch(session.url ?? '', {
        method: 'POST',
        body: new URLSearchParams({
          cardNumber: '4000 0000 0000 0002',
          expiry: '12/34',
          cvc: '123',
        }),
        redirect: 'manual',
      });
      expect(await refused.text()).toContain('Your card was declined.');
      const paid = await fetch(session.url ?? '', {
        method: 'POST',
        body: new URLSearchParams({
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
        }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://127.0.0.1/finish?cs=${session.id}`);
      expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
      });
      await withHook.flush();
      const completed = received
        .map((r) => client.webhooks.constructEvent(r.body, r.signature, secret))
        .find((e) => e.type === 'checkout.session.completed');
      expect(completed?.data.object).toMatchObject({ id: session.id });
      expect(() =>
        client.webhooks.constructEvent(
          received[0]?.body ?? '',
          received[0]?.signature ?? '',
          'whsec_other',
        ),
      ).toThrow();
    } finally {
      await withHook.close();
      endpoint.close();
    }
  });
});
