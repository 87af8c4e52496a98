// The fake's side of its Stripe.js stand-in: the script, and what the stand-in asks with the
// publishable key from the buyer's browser (a card payment method, an intent by its client
// secret). What it refuses matters as much: unknown cards, another intent's secret, keys
// that are not test publishable keys.
import { type FakeStripe, startFakeStripe } from './startFakeStripe.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

const post = (path: string, form: Record<string, string>) =>
  fetch(`${fake.url}${path}`, { method: 'POST', body: new URLSearchParams(form) });
const card = (number: string, overrides: Record<string, string> = {}) => ({
  key: 'pk_test_stand_in',
  type: 'card',
  'card[number]': number,
  'card[exp_month]': '12',
  'card[exp_year]': String(new Date().getUTCFullYear() + 2),
  'card[cvc]': '123',
  ...overrides,
});

describe('the Stripe.js stand-in, served by the fake', () => {
  it('serves the script that defines window.Stripe, at stripeJsUrl', async () => {
    expect(fake.stripeJsUrl).toBe(`${fake.url}/v3/stripe.js`);
    const response = await fetch(fake.stripeJsUrl);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toContain('window.Stripe = Stripe');
  });

  it('makes a payment method from a test card, for any origin, and refuses what Stripe refuses', async () => {
    const made = await post('/v1/payment_methods', card('4242 4242 4242 4242'));
    expect(made.headers.get('access-control-allow-origin')).toBe('*');
    expect(await made.json()).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
    const unknown = await post('/v1/payment_methods', card('4242424242424241'));
    expect(unknown.status).toBe(402);
    expect(await unknown.json()).toMatchObject({ error: { code: 'incorrect_number' } });
    const expired = await post(
      '/v1/payment_methods',
      card('4242424242424242', { 'card[exp_year]': '2001' }),
    );
    expect(await expired.json()).toMatchObject({ error: { code: 'invalid_expiry_year' } });
    // A live key is no stand-in's: the request is the API's, which wants a secret key.
    const live = await post('/v1/payment_methods', card('4242424242424242', { key: 'pk_live_x' }));
    expect(live.status).toBe(401);
  });

  it('reads and confirms an intent only with its own client secret', async () => {
    const intent = fake.api.createPaymentIntent({ amount: 1071, currency: 'eur' });
    const path = `/v1/payment_intents/${intent.id}`;
    const read = await fetch(
      `${fake.url}${path}?key=pk_test_x&client_secret=${encodeURIComponent(intent.client_secret ?? '')}`,
    );
    expect(await read.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    const other = await fetch(
      `${fake.url}${path}?key=pk_test_x&client_secret=${intent.id}_secret_x`,
    );
    expect(other.status).toBe(400);
    const confirmed = await post(`${path}/confirm`, {
      key: 'pk_test_x',
      client_secret: intent.client_secret ?? '',
      payment_method: 'pm_card_authenticationRequired',
      use_stripe_sdk: 'true',
    });
    expect(await confirmed.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
  });
});
