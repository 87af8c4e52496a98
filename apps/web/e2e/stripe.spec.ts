// The host with Stripe selected (issue 10): STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
// STRIPE_WEBHOOK_SECRET set, STRIPE_API_BASE pointing the SDK at the in-repo fake of
// Stripe's API and STRIPE_JS_URL loading the fake's Stripe.js stand-in (no Stripe network
// here). A visitor without JavaScript buys through the fake's hosted Checkout page, and the
// order is recorded from the fake's signed webhook; with JavaScript the Payment Element is
// the stand-in's (issue 21, item 6): elements.update, submit, the payment method made at the
// fake, the server's confirmation and 3-D Secure through handleNextAction, end to end.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeStripe, startFakeStripe } from '@plankit/checkout/stripe/fake';
import type { Page } from '@playwright/test';
import {
  cards,
  definitionOf,
  FINISH_URL,
  fillCard,
  fillDetails,
  ORDER_REFERENCE,
  orderSummary,
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
    STRIPE_JS_URL: fake.stripeJsUrl,
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

test.describe('Stripe, a visitor with JavaScript (the Stripe.js stand-in)', () => {
  /** The amount the stand-in's Payment Element shows, from what `elements.update` told it. */
  const element = (page: Page) => page.getByText(/^Stand-in Payment Element/);
  const total = (page: Page) => definitionOf(orderSummary(page), 'Total');

  test('team plan: the element’s amount follows seats, interval and currency; paid, the receipt', async ({
    page,
  }) => {
    await page.goto(`${host.baseURL}/checkout/team`);
    await fillDetails(page, { country: 'Germany' });
    // 3 seats × €15.00 + 19% German VAT, in the element as in the summary.
    await expect(total(page)).toHaveText('€53.55 / month');
    await expect(element(page)).toHaveText('Stand-in Payment Element (subscription): €53.55');
    await page.getByRole('button', { name: 'Add a seat' }).click();
    await expect(element(page)).toHaveText('Stand-in Payment Element (subscription): €71.40');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await expect(element(page)).toHaveText('Stand-in Payment Element (subscription): €714.00');
    await page.getByLabel('Currency').selectOption('USD');
    await expect(total(page)).toHaveText('$761.60 / year');
    await expect(element(page)).toHaveText('Stand-in Payment Element (subscription): $761.60');

    // An empty card: the element says so (elements.submit) and nothing is posted.
    await payButton(page).click();
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await fillCard(page, cards.succeeds);
    await payButton(page).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Seats')).toHaveText('4');
    await expect(definitionOf(lines, 'Paid')).toHaveText('$761.60');
    await expect(definitionOf(lines, 'Payment method')).toHaveText('Visa ending in 4242');
  });

  test('team 5 → 7 seats on the manage page: Stripe’s proration shown, confirmed, and invoiced by Stripe at that amount', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${host.baseURL}/checkout/team?seats=5`);
    await fillDetails(page, { country: 'Germany' });
    await expect(element(page)).toHaveText('Stand-in Payment Element (subscription): €89.25');
    await fillCard(page, cards.succeeds);
    await payButton(page).click();
    // The host's first Stripe checkout in this run may meet a cold server.
    await expect(page).toHaveURL(FINISH_URL, { timeout: 30_000 });
    const manage = page.locator('a[href*="/subscriptions/"]').first();
    await page.goto(new URL((await manage.getAttribute('href')) ?? '', host.baseURL).toString());

    await page.getByLabel('Seats').fill('7');
    await page.getByRole('button', { name: 'Review change' }).click();
    const due = (await definitionOf(page.locator('body'), 'Due now').textContent()) ?? '';
    const amount = /\d+\.\d{2}/.exec(due)?.[0] ?? '';
    expect(Number(amount)).toBeGreaterThan(0);
    const confirm = page.locator('form:has(input[name="confirmToken"]) button[type="submit"]');
    await expect(confirm).toContainText(amount);
    await confirm.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your plan has changed.' }),
    ).toBeVisible();
    await expect(definitionOf(page.locator('body'), 'Seats')).toHaveText('7');
    // Stripe invoiced the proration at the amount the page showed, and bills 7 seats now.
    const invoices = [...fake.api.objects.values()].filter(
      (o) =>
        o.object === 'invoice' &&
        (o as { billing_reason?: string }).billing_reason === 'subscription_update',
    ) as unknown as { total: number; status: string }[];
    expect(invoices.map((i) => [i.total, i.status])).toEqual([
      [Math.round(Number(amount) * 100), 'paid'],
    ]);
  });

  test('pro: the trial saves the card (setup mode), nothing charged', async ({ page }) => {
    await page.goto(`${host.baseURL}/checkout/pro`);
    await fillDetails(page, { country: 'Ireland' });
    await expect(element(page)).toHaveText(
      'Stand-in Payment Element (setup): nothing charged today, EUR',
    );
    await fillCard(page, cards.succeeds);
    await page.getByRole('button', { name: 'Start 14-day trial' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your trial has started' }),
    ).toBeVisible();
    await expect(definitionOf(receipt(page), 'Payment method')).toHaveText('Visa ending in 4242');
  });

  test('a declined card: the form says so with the details kept; another card pays', async ({
    page,
  }) => {
    await page.goto(`${host.baseURL}/checkout/starter`);
    const details = await fillDetails(page, { country: 'France' });
    await fillCard(page, cards.declined);
    await payButton(page).click();
    await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(details.email);
    await fillCard(page, cards.succeeds);
    await payButton(page).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('a card that needs 3-D Secure: handleNextAction’s dialog in the page, refused then approved', async ({
    page,
  }) => {
    await page.goto(`${host.baseURL}/checkout/starter`);
    await fillDetails(page, { country: 'Germany' });
    await fillCard(page, cards.requiresAuthentication);
    await payButton(page).click();
    // No redirect: the server sent the intent's client secret back, and Stripe.js (the
    // stand-in) asks in the page.
    const dialog = page.getByRole('dialog', { name: '3D Secure 2 test page' });
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();

    await page.getByRole('link', { name: 'Try again' }).click();
    await fillCard(page, cards.requiresAuthentication);
    await payButton(page).click();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(definitionOf(receipt(page), 'Payment method')).toHaveText('Visa ending in 3184');
  });
});

test('STRIPE_JS_URL with live keys: the server refuses to start, naming the variable', async () => {
  const refused = startHost(extraPort(12), {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-stripe-live-')),
    STRIPE_SECRET_KEY: 'sk_live_plankit_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_plankit_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_JS_URL: fake.stripeJsUrl,
  });
  await expect(refused).rejects.toThrow(/exited[\s\S]*STRIPE_JS_URL: is for test mode only/);
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
