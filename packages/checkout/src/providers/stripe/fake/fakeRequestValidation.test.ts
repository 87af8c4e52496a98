// The fake checks every request against Stripe's OpenAPI description of the endpoint and
// answers as Stripe does: a 400 `invalid_request_error` with Stripe's code, the parameter
// (`param`) and Stripe's wording; and an amount under Stripe's minimum charge is
// `amount_too_small`. The SDK surfaces each as `StripeInvalidRequestError`.
import type Stripe from 'stripe';
import { startFakeWithClient } from '../../../test-utils/fakeStripeKit.js';
import { FAKE_ROUTES } from './fakeStripeRoutes.js';
import type { FakeStripe } from './startFakeStripe.js';
import { STRIPE_OPENAPI_SUBSET } from './stripeOpenApiSubset.js';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ fake, stripe } = await startFakeWithClient());
});
afterAll(async () => {
  await fake.close();
});

/** A raw form-encoded POST, as a client that skips the SDK's types would send it. */
async function post(path: string, form: Record<string, string>, key?: string) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_fake',
      'content-type': 'application/x-www-form-urlencoded',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as { error?: object } };
}

describe('POST /v1/customers with a parameter Stripe does not know', () => {
  it('answers 400 parameter_unknown, naming the parameter, in Stripe’s error shape', async () => {
    expect(await post('/v1/customers', { emial: 'ada@example.com' })).toEqual({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
          param: 'emial',
          message: 'Received unknown parameter: emial',
        },
      },
    });
  });

  it('reaches the SDK as a StripeInvalidRequestError', async () => {
    await expect(
      stripe.customers.create({ emial: 'ada@example.com' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'emial',
    });
  });

  it('names a nested one by its full path', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const product = await stripe.products.create({ name: 'Pro' });
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [
          {
            price_data: {
              currency: 'eur',
              product: product.id,
              unit_amount: 2900,
              recurring: { interval: 'month', every: 2 },
            } as Stripe.SubscriptionCreateParams.Item.PriceData,
          },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'items[0][price_data][recurring][every]',
      message: 'Received unknown parameter: items[0][price_data][recurring][every]',
    });
  });
});

describe('ill-typed and missing parameters', () => {
  it('an amount that is no integer is parameter_invalid_integer', async () => {
    expect(await post('/v1/payment_intents', { amount: '10.50', currency: 'eur' })).toMatchObject({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid integer: 10.50',
        },
      },
    });
  });

  it('a required parameter left out is parameter_missing', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 1500 } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'currency',
      message: 'Missing required param: currency.',
    });
  });

  it('a value outside an enum is refused, listing the allowed ones', async () => {
    await expect(
      stripe.setupIntents.create({ usage: 'sometimes' as 'off_session' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'usage',
      message: 'Invalid usage: must be one of off_session or on_session',
    });
  });

  it('an empty string where the parameter cannot be unset is parameter_invalid_empty', async () => {
    await expect(stripe.customers.create({ email: '' })).rejects.toMatchObject({
      code: 'parameter_invalid_empty',
      param: 'email',
    });
  });

  it('an empty metadata value unsets that key, as Stripe allows', async () => {
    const customer = await stripe.customers.create({ metadata: { plan: '' } });
    expect(customer.metadata).toEqual({ plan: '' });
  });

  it('keeps nothing under the idempotency key of a refused request', async () => {
    const key = `key_${crypto.randomUUID()}`;
    expect((await post('/v1/customers', { emial: 'ada@example.com' }, key)).status).toBe(400);
    expect((await post('/v1/customers', { email: 'ada@example.com' }, key)).status).toBe(200);
  });
});

describe('amounts under Stripe’s minimum charge', () => {
  it('a PaymentIntent of 49 cents in USD is amount_too_small; 50 cents is fine', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 49, currency: 'usd' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least $0.50 usd',
    });
    expect(await stripe.paymentIntents.create({ amount: 50, currency: 'usd' })).toMatchObject({
      amount: 50,
    });
  });

  it('follows Stripe’s table per currency (¥50, £0.30, 175.00 Ft)', async () => {
    for (const [amount, currency, message] of [
      [49, 'jpy', /^Amount must be at least ¥50 jpy$/],
      [29, 'gbp', /^Amount must be at least £0.30 gbp$/],
      [17_499, 'huf', /^Amount must be at least .*175.* huf$/],
    ] as const) {
      await expect(stripe.paymentIntents.create({ amount, currency })).rejects.toMatchObject({
        code: 'amount_too_small',
        message: expect.stringMatching(message),
      });
      await expect(
        stripe.paymentIntents.create({ amount: amount + 1, currency }),
      ).resolves.toMatchObject({
        amount: amount + 1,
      });
    }
  });
});

describe('the OpenAPI subset', () => {
  it('describes every endpoint the fake serves, and no other', () => {
    expect(FAKE_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      Object.keys(STRIPE_OPENAPI_SUBSET.operations).sort(),
    );
  });

  it('records the API version it was cut from beside the one the SDK pins', () => {
    expect(STRIPE_OPENAPI_SUBSET.sdkApiVersion).toBe('2026-10-28.endive');
    expect(STRIPE_OPENAPI_SUBSET.apiVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });
});
