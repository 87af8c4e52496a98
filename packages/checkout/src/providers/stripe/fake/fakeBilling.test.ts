// Billing details of the fake, as Stripe documents them, through the official SDK: customers
// listed by email (exact and case-sensitive), tax IDs, Tax Rates on a subscription's items
// and its invoices (`total_taxes`), billing dates anchored on the 31st, a trial without a
// card ending as `trial_settings` says, voiding an invoice, and invoice payments listed by
// their PaymentIntent.
import type Stripe from 'stripe';
import { startFakeWithClient } from '../../../test-utils/fakeStripeKit.js';
import type { FakeStripe } from './startFakeStripe.js';

const DAY = 86_400;
const JAN_31 = Date.UTC(2031, 0, 31, 12) / 1000;
let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  ({ fake, stripe } = await startFakeWithClient({ port: 12405 }));
});
afterAll(async () => {
  await fake.close();
});

async function advance(clock: string, frozenTime: number) {
  await stripe.testHelpers.testClocks.advance(clock, { frozen_time: frozenTime });
  await fake.flush();
  return stripe.testHelpers.testClocks.retrieve(clock);
}

async function subscribe(
  customer: string,
  extra: Partial<Stripe.SubscriptionCreateParams> = {},
  taxRates: string[] = [],
) {
  const product = await stripe.products.create({ name: 'Pro' });
  return stripe.subscriptions.create({
    customer,
    items: [
      {
        price_data: {
          currency: 'eur',
          product: product.id,
          unit_amount: 900,
          recurring: { interval: 'month' },
        },
        ...(taxRates.length ? { tax_rates: taxRates } : {}),
      },
    ],
    payment_behavior: 'default_incomplete',
    expand: ['latest_invoice.payments', 'pending_setup_intent'],
    ...extra,
  });
}

describe('customers', () => {
  it('are listed by email exactly as written, newest first', async () => {
    const older = await stripe.customers.create({ email: 'list@example.com' });
    const newer = await stripe.customers.create({ email: 'list@example.com' });
    await stripe.customers.create({ email: 'List@example.com' });
    const listed = await stripe.customers.list({ email: 'list@example.com' });
    expect(listed.data.map((c) => c.id)).toEqual([newer.id, older.id]);
  });

  it('keep their tax status, address and tax IDs; a VAT number of the wrong shape is refused', async () => {
    const customer = await stripe.customers.create({
      email: 'acme@example.com',
      tax_id_data: [{ type: 'eu_vat', value: 'FR40303265045' }],
    });
    const updated = await stripe.customers.update(customer.id, {
      name: 'Acme SAS',
      tax_exempt: 'reverse',
      address: { line1: '1 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
    });
    expect(updated).toMatchObject({ tax_exempt: 'reverse', address: { country: 'FR' } });
    const ids = await stripe.customers.listTaxIds(customer.id);
    expect(ids.data).toMatchObject([{ type: 'eu_vat', value: 'FR40303265045', country: 'FR' }]);
    await expect(
      stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: '40303265045' }),
    ).rejects.toMatchObject({ code: 'tax_id_invalid', param: 'value' });
    await expect(
      stripe.customers.update(customer.id, { tax_exempt: 'sometimes' as 'none' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'tax_exempt' });
  });
});

describe('Tax Rates', () => {
  it('tax a subscription’s invoice: exclusive rates add to it, inclusive ones are inside it', async () => {
    const exclusive = await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 19,
      inclusive: false,
      country: 'DE',
    });
    const inclusive = await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 20,
      inclusive: true,
      country: 'FR',
    });
    const customer = await stripe.customers.create({ email: 'tax@example.com' });
    const added = await subscribe(customer.id, {}, [exclusive.id]);
    expect(added.latest_invoice).toMatchObject({
      subtotal: 900,
      total: 1071,
      amount_due: 1071,
      total_taxes: [
        {
          amount: 171,
          taxable_amount: 900,
          tax_behavior: 'exclusive',
          tax_rate_details: { tax_rate: exclusive.id },
        },
      ],
    });
    const inside = await subscribe(customer.id, {}, [inclusive.id]);
    expect(inside.latest_invoice).toMatchObject({
      subtotal: 900,
      total: 900,
      total_taxes: [{ amount: 150, taxable_amount: 750, tax_behavior: 'inclusive' }],
    });
    const listed = await stripe.taxRates.list({ inclusive: true, active: true });
    expect(listed.data.map((rate) => rate.id)).toEqual([inclusive.id]);
  });

  it('an archived or unknown rate is refused on a subscription item', async () => {
    const archived = await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 21,
      inclusive: false,
      active: false,
    });
    const customer = await stripe.customers.create({ email: 'archived@example.com' });
    await expect(subscribe(customer.id, {}, [archived.id])).rejects.toMatchObject({
      param: 'items[0][tax_rates][0]',
    });
    await expect(subscribe(customer.id, {}, ['txr_missing'])).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});

describe('subscriptions on a test clock', () => {
  it('billed on the 31st: the last day of a shorter month, then the 31st again', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: JAN_31 });
    const customer = await stripe.customers.create({
      email: 'a@example.com',
      test_clock: clock.id,
    });
    const sub = await subscribe(customer.id);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const intent = invoice.payments?.data[0]?.payment.payment_intent as string;
    await stripe.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
    expect(sub.items.data[0]?.current_period_end).toBe(Date.UTC(2031, 1, 28, 12) / 1000);
    await advance(clock.id, Date.UTC(2031, 2, 1, 12) / 1000);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: Date.UTC(2031, 1, 28, 12) / 1000,
      current_period_end: Date.UTC(2031, 2, 31, 12) / 1000,
    });
  });

  it('a trial that ends without a card: canceled with missing_payment_method cancel, nothing invoiced', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: JAN_31 });
    const customer = await stripe.customers.create({
      email: 'b@example.com',
      test_clock: clock.id,
    });
    const sub = await subscribe(customer.id, {
      trial_period_days: 14,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    const from = fake.events.length;
    await advance(clock.id, JAN_31 + 15 * DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled' });
    const types = fake.events.slice(from).map((e) => e.type);
    expect(types).toContain('customer.subscription.deleted');
    expect(types).not.toContain('invoice.payment_failed');
  });

  it('a trial that ends without a card and no trial_settings: invoiced, and past due', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: JAN_31 });
    const customer = await stripe.customers.create({
      email: 'c@example.com',
      test_clock: clock.id,
    });
    const sub = await subscribe(customer.id, { trial_period_days: 14 });
    await advance(clock.id, JAN_31 + 15 * DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'past_due' });
  });
});

describe('invoices', () => {
  it('voiding an open invoice cancels its PaymentIntent; a void one cannot be voided again', async () => {
    const customer = await stripe.customers.create({ email: 'void@example.com' });
    const sub = await subscribe(customer.id);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
    const listed = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intentId },
      expand: ['data.invoice'],
    });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]?.invoice).toMatchObject({
      id: invoice.id,
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(await stripe.invoices.voidInvoice(invoice.id)).toMatchObject({ status: 'void' });
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'void_invoice',
    });
    await expect(stripe.invoices.voidInvoice(invoice.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    await expect(
      stripe.invoicePayments.list({ payment: { payment_intent: intentId } as never }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'payment[type]' });
  });
});
