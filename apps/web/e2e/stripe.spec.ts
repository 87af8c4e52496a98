// The host with Stripe selected (issue 10): STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
// STRIPE_WEBHOOK_SECRET set, and STRIPE_API_BASE pointing the SDK at the in-repo fake of
// Stripe's API (no Stripe network here). A visitor without JavaScript buys through the
// fake's hosted Checkout page, and the order is recorded from the fake's signed webhook.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeStripe, startFakeStripe } from '@plankit/checkout/stripe/fake';
import {
  definitionOf,
  FINISH_URL,
  fillDetails,
  ORDER_REFERENCE,
  payButton,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost } from './host';

const WEBHOOK_SECRET = 'whsec_plankit_e2e';
let fake: FakeStripe;
let host: Host;

test.beforeAll(async () => {
  const port = extraPort(4);
  fake = await startFakeStripe({
    webhook: { url: `http://127.0.0.1:${port}/api/webhooks/stripe`, secret: WEBHOOK_SECRET },
  });
  host = await startHost(port, {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-stripe-')),
    PLANKIT_PUBLIC_URL: `http://127.0.0.1:${port}`,
    STRIPE_SECRET_KEY: 'sk_test_plankit_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_plankit_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});

test.afterAll(async () => {
  await host?.stop();
  await fake?.close();
});

test.describe('Stripe, a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pays on Stripe’s hosted Checkout page; the order comes from the signed webhook', async ({
    page,
  }) => {
    await page.goto(`${host.baseURL}/checkout/starter`);
    const details = await fillDetails(page, { country: 'Germany' });
    await payButton(page).click();

    // Stripe's hosted page (the fake's), for Plankit's quote: €9.00 including German VAT.
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Plankit Demo: Starter (every month)' }),
    ).toBeVisible();
    await expect(page.getByText('€9.00')).toBeVisible();

    // A declined card stays on Stripe's page, which says so.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

    // Stripe's answer to the card (a redirect to the finish step) is held until its
    // webhooks have been answered, and the API is then offline: what the finish step shows
    // can only come from the webhooks.
    await page.route(`${fake.url}/c/pay/**`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      await fake.flush();
      fake.setOffline(true);
      await route.fulfill({ response });
    });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Starter');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€9.00');
    await expect(definitionOf(lines, 'Payment method')).toHaveText('Visa ending in 4242');
    await expect(definitionOf(lines, 'Email')).toHaveText(details.email);
    fake.setOffline(false);

    const completed = fake.deliveries.find((d) => d.type === 'checkout.session.completed');
    expect(completed?.status).toBe(200);

    // Stripe sends the same event again: answered 200, nothing changes.
    const event = fake.events.find((e) => e.id === completed?.eventId);
    if (!event) throw new Error('no checkout.session.completed event');
    const again = fake.signed(event, WEBHOOK_SECRET);
    const replay = await fetch(`${host.baseURL}/api/webhooks/stripe`, {
      method: 'POST',
      headers: again.headers,
      body: again.rawBody,
    });
    expect(replay.status).toBe(200);
    // Signed with another secret: refused.
    const forged = fake.signed(event, 'whsec_someone_else');
    const refused = await fetch(`${host.baseURL}/api/webhooks/stripe`, {
      method: 'POST',
      headers: forged.headers,
      body: forged.rawBody,
    });
    expect(refused.status).toBe(400);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('the test processor is not served when Stripe is selected', async ({ request }) => {
    const response = await request.get(`${host.baseURL}/test-processor/pay/pi_x`);
    expect(response.status()).toBe(404);
  });
});

test.describe('the test provider’s plan step (no Stripe variables)', () => {
  test('ships no Stripe code: the Payment Element’s chunk loads only where Stripe renders', async ({
    request,
  }) => {
    const html = await (await request.get('/checkout/starter')).text();
    const scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const code = await (await request.get(src ?? '')).text();
      expect(code, src).not.toContain('paymentMethodCreation');
      expect(code, src).not.toContain('js.stripe.com');
    }
  });
});
