// Test clocks on the fake, as Stripe documents them (https://docs.stripe.com/billing/testing/test-clocks):
// a customer made on a clock lives at its frozen time; advancing the clock past a period's
// end renews the customer's subscriptions as Stripe Billing does: a new invoice, paid with
// the saved card (`invoice.paid`) or not (`invoice.payment_failed`, `past_due`), and
// `customer.subscription.updated`.
import type Stripe from 'stripe';
import { startFakeWithClient } from '../../../test-utils/fakeStripeKit.js';
import type { FakeStripe } from './startFakeStripe.js';

const DAY = 86_400;
const T0 = Date.UTC(2031, 0, 15, 12) / 1000;
let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ fake, stripe } = await startFakeWithClient());
});
afterAll(async () => {
  await fake.close();
});

/** Advances a clock and waits, as a Stripe integration does, until it is `ready`. */
async function advance(clock: string, frozenTime: number): Promise<Stripe.TestHelpers.TestClock> {
  const advancing = await stripe.testHelpers.testClocks.advance(clock, {
    frozen_time: frozenTime,
  });
  expect(advancing.status).toBe('advancing');
  for (;;) {
    const current = await stripe.testHelpers.testClocks.retrieve(clock);
    if (current.status === 'ready') return current;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A monthly subscription on a new clock, its first invoice paid with `card`. */
async function monthlyOnClock(card: string, trialDays?: number) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: T0 });
  const customer = await stripe.customers.create({
    email: 'ada@example.com',
    test_clock: clock.id,
  });
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
    ...(trialDays ? { trial_period_days: trialDays } : {}),
    expand: ['latest_invoice.payments', 'pending_setup_intent'],
  });
  const confirmed = trialDays
    ? await stripe.setupIntents.confirm((sub.pending_setup_intent as Stripe.SetupIntent).id, {
        payment_method: card,
      })
    : await stripe.paymentIntents.confirm(
        String((sub.latest_invoice as Stripe.Invoice).payments?.data[0]?.payment.payment_intent),
        { payment_method: card },
      );
  // The buyer, on-session, passes 3-D Secure (the fake's authentication page).
  if (confirmed.status === 'requires_action') fake.api.authenticate(confirmed.id, true);
  return { clock, customer, sub: await stripe.subscriptions.retrieve(sub.id) };
}

const eventsAbout = (id: string, since: number) =>
  fake.events
    .slice(since)
    .filter((e) => {
      const object = e.data.object as { id?: string; subscription?: string; parent?: unknown };
      return object.id === id || JSON.stringify(object).includes(id);
    })
    .map((e) => e.type);

describe('a test clock', () => {
  it('makes its customer’s objects at its frozen time', async () => {
    const { customer, sub } = await monthlyOnClock('pm_card_visa');
    expect(customer.created).toBe(T0);
    expect(sub).toMatchObject({ status: 'active', start_date: T0, test_clock: expect.any(String) });
    expect(sub.items.data[0]?.current_period_start).toBe(T0);
  });

  it('advanced past a monthly period’s end, renews it: new invoice, paid with the saved card', async () => {
    const { clock, sub } = await monthlyOnClock('pm_card_visa');
    const firstEnd = sub.items.data[0]?.current_period_end ?? 0;
    const since = fake.events.length;
    const ready = await advance(clock.id, firstEnd + DAY);
    expect(ready.frozen_time).toBe(firstEnd + DAY);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(firstEnd);
    expect(renewed.items.data[0]?.current_period_end).toBeGreaterThan(firstEnd + 27 * DAY);
    expect(renewed.latest_invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 2900,
      period_start: firstEnd,
    });
    const types = eventsAbout(sub.id, since);
    expect(types).toEqual(
      expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']),
    );
  });

  it('renews once per period it passes, in time order', async () => {
    const { clock, sub } = await monthlyOnClock('pm_card_visa');
    const firstEnd = sub.items.data[0]?.current_period_end ?? 0;
    const since = fake.events.length;
    // Two months on: as far as a clock with a monthly subscription may go at once.
    const twoMonths = Date.UTC(2031, 2, 15, 12) / 1000;
    await advance(clock.id, twoMonths);
    const paid = fake.events
      .slice(since)
      .filter((e) => e.type === 'invoice.paid')
      .map((e) => (e.data.object as Stripe.Invoice).period_start);
    expect(paid).toHaveLength(2);
    expect(paid[0]).toBe(firstEnd);
    expect(paid[1]).toBeGreaterThan(firstEnd);
  });

  it('a renewal the saved card cannot pay: invoice.payment_failed, and past_due', async () => {
    const { clock, sub } = await monthlyOnClock('pm_card_chargeCustomerFail', 14);
    expect(sub.status).toBe('trialing');
    const since = fake.events.length;
    await advance(clock.id, T0 + 15 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    expect(eventsAbout(sub.id, since)).toEqual(
      expect.arrayContaining(['invoice.payment_failed', 'customer.subscription.updated']),
    );
  });

  it('a renewal with a card that needs authentication every time waits for the customer', async () => {
    const { clock, sub } = await monthlyOnClock('pm_card_authenticationRequired');
    expect(sub.status).toBe('active');
    const since = fake.events.length;
    await advance(clock.id, (sub.items.data[0]?.current_period_end ?? 0) + DAY);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('past_due');
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(eventsAbout(invoice.id, since).filter((type) => type.startsWith('invoice.'))).toEqual([
      'invoice.payment_action_required',
      'invoice.payment_failed',
    ]);
    const intent = fake.events.slice(since).find((e) => e.type === 'payment_intent.requires_action')
      ?.data.object as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: 'requires_action',
      last_payment_error: { code: 'authentication_required' },
    });
  });

  it('ends a subscription set to cancel at the period’s end', async () => {
    const { clock, sub } = await monthlyOnClock('pm_card_visa');
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await advance(clock.id, (sub.items.data[0]?.current_period_end ?? 0) + DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('refuses to move back, or more than two intervals past its shortest subscription', async () => {
    const { clock } = await monthlyOnClock('pm_card_visa');
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 - DAY }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'frozen_time' });
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 70 * DAY }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'frozen_time' });
  });

  it('deleted, takes its customers and subscriptions with it', async () => {
    const { clock, customer, sub } = await monthlyOnClock('pm_card_visa');
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ deleted: true });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(stripe.subscriptions.retrieve(sub.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});
