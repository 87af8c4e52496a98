// The fake's webhooks behave as Stripe documents them: sent after the request that caused
// them was answered, retried while the endpoint does not answer 2xx, and (behind the
// switch) delivered twice and out of order, which Stripe warns may happen.
import type Stripe from 'stripe';
import {
  type StripeWebhookEndpoint,
  startFakeWithClient,
  startStripeWebhookEndpoint,
} from '../../../test-utils/fakeStripeKit.js';
import type { FakeStripe } from './startFakeStripe.js';

let endpoint: StripeWebhookEndpoint;
let fake: FakeStripe;
let stripe: Stripe;
beforeEach(async () => {
  endpoint = await startStripeWebhookEndpoint();
  ({ fake, stripe } = await startFakeWithClient({
    webhook: { url: endpoint.url, secret: endpoint.secret, retryDelaysMs: [20, 40, 80] },
  }));
});
afterEach(async () => {
  await fake.close();
  await endpoint.close();
});

/** A paid PaymentIntent: one `payment_intent.succeeded`. */
const pay = () =>
  stripe.paymentIntents.create({
    amount: 1500,
    currency: 'eur',
    payment_method: 'pm_card_visa',
    confirm: true,
  });

/** A subscription paid by confirming its first invoice: three events in one request. */
async function paySubscription(): Promise<string[]> {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  const product = await stripe.products.create({ name: 'Pro' });
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
  await fake.flush();
  const invoice = sub.latest_invoice as Stripe.Invoice;
  const intent = String(invoice.payments?.data[0]?.payment.payment_intent);
  const before = fake.events.length;
  await stripe.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
  return fake.events.slice(before).map((e) => e.id);
}

describe('delivery', () => {
  it('is asynchronous: a slow endpoint does not hold up the API request', async () => {
    endpoint.delayMs = 400;
    const started = Date.now();
    await pay();
    expect(Date.now() - started).toBeLessThan(400);
    expect(endpoint.received).toEqual([]);
    await fake.flush();
    expect(endpoint.received.map((r) => r.event.type)).toEqual(['payment_intent.succeeded']);
  });

  it('is signed for the endpoint’s secret (the SDK verifies every delivery)', async () => {
    await pay();
    await fake.flush();
    expect(endpoint.received).toHaveLength(1);
    expect(fake.deliveries).toEqual([
      expect.objectContaining({ type: 'payment_intent.succeeded', status: 200 }),
    ]);
  });
});

describe('retries', () => {
  it('sends an event again after a 500, until the endpoint answers 2xx', async () => {
    endpoint.answerNext(500, 503);
    const intent = await pay();
    await fake.flush();
    expect(endpoint.received.map((r) => [r.event.data.object, r.status])).toEqual([
      [expect.objectContaining({ id: intent.id }), 500],
      [expect.objectContaining({ id: intent.id }), 503],
      [expect.objectContaining({ id: intent.id }), 200],
    ]);
    expect(new Set(endpoint.received.map((r) => r.event.id)).size).toBe(1);
    expect(fake.deliveries.map((d) => d.status)).toEqual([500, 503, 200]);
  });

  it('gives up after the last retry', async () => {
    endpoint.answerNext(500, 500, 500, 500, 500);
    await pay();
    await fake.flush();
    expect(fake.deliveries.map((d) => d.status)).toEqual([500, 500, 500, 500]);
  });
});

describe('duplicates, out of order (the switch tests turn on)', () => {
  it('is off by default: each event once, in the order it happened', async () => {
    const emitted = await paySubscription();
    await fake.flush();
    const received = endpoint.received.map((r) => r.event.id).filter((id) => emitted.includes(id));
    expect(received).toEqual(emitted);
  });

  it('on: every event twice, the first time newest first', async () => {
    fake.setWebhookDisorder(true);
    const emitted = await paySubscription();
    await fake.flush();
    const received = endpoint.received.map((r) => r.event.id).filter((id) => emitted.includes(id));
    expect(emitted.length).toBeGreaterThan(1);
    expect(received).toEqual([...[...emitted].reverse(), ...emitted]);
  });
});
