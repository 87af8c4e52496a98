// Idempotency keys on the fake live as long as on Stripe: a retry under the same key within
// 24 hours gets the first answer; after 24 hours on the fake's clock the key is gone, and
// the same request runs anew (https://docs.stripe.com/api/idempotent_requests).
import type Stripe from 'stripe';
import { startFakeWithClient } from '../../../test-utils/fakeStripeKit.js';
import type { FakeStripe } from './startFakeStripe.js';

const HOUR = 3600 * 1000;
let now = Date.UTC(2031, 0, 31, 12);
let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ fake, stripe } = await startFakeWithClient({ now: () => now }));
});
afterAll(async () => {
  await fake.close();
});

const params = { amount: 1500, currency: 'eur' };

describe('an idempotency key', () => {
  it('answers a repeat within 24 hours with the first answer', async () => {
    const key = `key_${crypto.randomUUID()}`;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    now += 23 * HOUR;
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it('has expired 24 hours after its first use: the request runs again', async () => {
    const key = `key_${crypto.randomUUID()}`;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    now += 24 * HOUR;
    const later = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(later.id).not.toBe(first.id);
    // The new answer is the key's from then on.
    now += HOUR;
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: key })).id).toBe(later.id);
  });

  it('refuses other parameters while it lives, and takes them once it expired', async () => {
    const key = `key_${crypto.randomUUID()}`;
    await stripe.paymentIntents.create(params, { idempotencyKey: key });
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 2000 }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    now += 25 * HOUR;
    const other = await stripe.paymentIntents.create(
      { ...params, amount: 2000 },
      { idempotencyKey: key },
    );
    expect(other.amount).toBe(2000);
  });
});
