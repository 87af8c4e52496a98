// Paying an open invoice now (`POST /v1/invoices/{invoice}/pay`) and changing a
// subscription's `default_payment_method`, through the official SDK, as Stripe documents
// them (https://docs.stripe.com/api/invoices/pay,
// https://docs.stripe.com/api/subscriptions/update): the subscription's default card pays;
// a refused card is a 402 card error and the invoice stays open; a method of another customer
// is refused; a paid invoice cannot be paid again.
import type Stripe from 'stripe';
import { startFakeWithClient } from '../../../test-utils/fakeStripeKit.js';
import type { FakeStripe } from './startFakeStripe.js';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ fake, stripe } = await startFakeWithClient());
});
afterAll(async () => {
  await fake.close();
});

/** A subscription whose renewal the saved card declined: past due, its invoice open. */
async function pastDue() {
  const customer = await stripe.customers.create({ email: 'pay@example.com' });
  const product = await stripe.products.create({ name: 'Pro' });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [
      {
        price_data: {
          currency: 'eur',
          product: product.id,
          unit_amount: 900,
          recurring: { interval: 'month' },
        },
      },
    ],
    trial_period_days: 14,
    payment_behavior: 'default_incomplete',
    expand: ['pending_setup_intent'],
  });
  const setup = sub.pending_setup_intent as Stripe.SetupIntent;
  await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_chargeCustomerFail' });
  fake.api.cycleSubscription(sub.id);
  const after = await stripe.subscriptions.retrieve(sub.id);
  expect(after.status).toBe('past_due');
  return { customer: customer.id, sub: after, invoice: String(after.latest_invoice) };
}

/** A card saved to the customer by a SetupIntent, as the manage page saves one. */
async function savedCard(customer: string, card: string): Promise<string> {
  const setup = await stripe.setupIntents.create({ customer, usage: 'off_session' });
  const confirmed = await stripe.setupIntents.confirm(setup.id, { payment_method: card });
  expect(confirmed.status).toBe('succeeded');
  return String(confirmed.payment_method);
}

describe('paying an open invoice now', () => {
  it('with the declining default: a 402 card error, the invoice stays open', async () => {
    const { invoice } = await pastDue();
    await expect(stripe.invoices.pay(invoice)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      statusCode: 402,
    });
    expect((await stripe.invoices.retrieve(invoice)).status).toBe('open');
  });

  it('with a new default card: paid, the subscription active; paying again is refused', async () => {
    const { customer, sub, invoice } = await pastDue();
    const card = await savedCard(customer, 'pm_card_visa');
    const updated = await stripe.subscriptions.update(sub.id, { default_payment_method: card });
    expect(updated.default_payment_method).toBe(card);
    const paid = await stripe.invoices.pay(invoice);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 900 });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await expect(stripe.invoices.pay(invoice)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'invoice_already_paid',
    });
  });

  it('a card that saves but cannot be charged: declined, still open', async () => {
    const { customer, sub, invoice } = await pastDue();
    // "Attaching this card to a Customer object succeeds, but attempts to charge the
    // customer fail" (https://docs.stripe.com/testing); a card with too little money is
    // refused when it is saved already.
    const card = await savedCard(customer, 'pm_card_chargeCustomerFail');
    await stripe.subscriptions.update(sub.id, { default_payment_method: card });
    await expect(stripe.invoices.pay(invoice)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    expect((await stripe.invoices.retrieve(invoice)).status).toBe('open');
  });

  it('a default payment method must be the customer’s own', async () => {
    const { sub } = await pastDue();
    const other = await stripe.customers.create({ email: 'other@example.com' });
    const card = await savedCard(other.id, 'pm_card_visa');
    await expect(
      stripe.subscriptions.update(sub.id, { default_payment_method: card }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'default_payment_method' });
  });

  it('parameters Stripe does not know are refused', async () => {
    const { invoice } = await pastDue();
    await expect(
      stripe.invoices.pay(invoice, { surprise: true } as Stripe.InvoicePayParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});
