// Issue 22, item 2: a past-due subscription is paid by a new card, from the manage page, in
// English with JavaScript and in German without. Two Pro trials on a card that saves but
// declines every charge (4000 0000 0000 0341); `plankit advance` moves the store's clock past
// the trial, so both renewals fail and the subscriptions are past due. On PostgreSQL (a
// database of its own), so the command runs while the host keeps serving.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { cards, definitionOf, FINISH_URL, fillCard, fillDetails, futureExpiry } from './checkout';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost, waitForStore } from './host';
import { type Delivery, startWebhookReceiver, type WebhookReceiver } from './receivers';

const SECRET = process.env.E2E_WEBHOOK_SECRET ?? '';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const plankitBin = join(process.cwd(), 'node_modules/@plankit/checkout/bin/plankit.mjs');
/** Saves fine (the trial starts), declines every charge: the renewal fails. */
const DECLINES_AFTER_SAVING = '4000 0000 0000 0341';

test.skip(!TEST_DATABASE_URL, 'needs TEST_DATABASE_URL: plankit advance runs beside the host');

const port = extraPort(16);
const database = `plankit_e2e_card_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
let databaseUrl = '';
let host: Host;
let webhooks: WebhookReceiver;
/** The manage pages of the two past-due subscriptions, by the buyer's email. */
const manage = new Map<string, { url: string; subscriptionId: string }>();

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const eventOf = (type: string, id: string): Delivery | undefined =>
  webhooks.deliveries.find((d) => d.type === type && d.data.id === id);

/** Starts a Pro trial on the card that declines later; keeps its manage page. */
async function startTrial(page: Page, email: string): Promise<void> {
  await page.goto(`${host.baseURL}/checkout/pro`);
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
  await fillDetails(page, { email });
  await fillCard(page, DECLINES_AFTER_SAVING);
  await page.getByRole('button', { name: 'Start 14-day trial' }).click();
  await expect(page).toHaveURL(FINISH_URL);
  const link = page.getByRole('main').getByRole('link', { name: 'Manage your subscription' });
  const url = new URL((await link.getAttribute('href')) ?? '', host.baseURL).toString();
  const created = () =>
    webhooks.deliveries.find((d) => d.type === 'subscription.created' && d.data.email === email);
  await expect.poll(created, { timeout: 30_000 }).toBeTruthy();
  manage.set(email, { url, subscriptionId: String(created()?.data.id) });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  webhooks = await startWebhookReceiver(SECRET);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  host = await startHost(port, {
    DATABASE_URL: databaseUrl,
    PLANKIT_WEBHOOK_URL: webhooks.url,
    PLANKIT_WEBHOOK_SECRET: SECRET,
    PLANKIT_PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await waitForStore(host);
  const context = await browser.newContext();
  const page = await context.newPage();
  await startTrial(page, 'card-js@example.com');
  await startTrial(page, 'card-nojs@example.com');
  await context.close();
  // The 14-day trials end (and their first retry, a day later, is not due yet): each first
  // charge is declined, both subscriptions are past due.
  const advanced = spawnSync(
    process.execPath,
    [plankitBin, 'advance', '--to', new Date(Date.now() + 14 * DAY + 2 * HOUR).toISOString()],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  );
  expect(advanced.stderr).toBe('');
  expect(advanced.stdout).toContain('retrying 2');
});

test.afterAll(async () => {
  await host?.stop();
  await webhooks?.close();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

test('with JavaScript, in English: a declined card is said, then 4242 pays the overdue renewal', async ({
  page,
}) => {
  const { url, subscriptionId } = manage.get('card-js@example.com') ?? {
    url: '',
    subscriptionId: '',
  };
  await page.goto(url);
  await expect(definitionOf(page.locator('main'), 'Status')).toHaveText('Payment overdue');
  const pay = page.getByRole('button', { name: /^Save card and pay €/ });
  // A card the bank refuses to save: said in the form, nothing else changes.
  await fillCard(page, cards.declined);
  await pay.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Your card was declined. Try another card.',
  );
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue(futureExpiry());

  await fillCard(page, cards.succeeds);
  await pay.click();
  await expect(page).toHaveURL(/\?payment_method=paid$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your new card is saved and the overdue payment is paid. Your subscription is active again.',
  );
  await expect(definitionOf(page.locator('main'), 'Status')).toHaveText('Active');
  await expect(definitionOf(page.locator('main'), 'Payment method')).toHaveText(
    'Visa ending in 4242',
  );
  const renewal = page.getByRole('row').filter({ hasText: 'Renewal' });
  await expect(renewal).toHaveCount(1);

  // The webhook names the new card (brand and last four, nothing more), and the renewal follows.
  await expect
    .poll(() => eventOf('subscription.payment_method_updated', subscriptionId), { timeout: 30_000 })
    .toBeTruthy();
  const updated = eventOf('subscription.payment_method_updated', subscriptionId)?.data;
  expect(updated?.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
  await expect
    .poll(() => eventOf('subscription.renewed', subscriptionId), { timeout: 30_000 })
    .toBeTruthy();
  expect(eventOf('subscription.renewed', subscriptionId)?.data.status).toBe('active');

  // The renewal's receipt shows the card that paid it.
  await renewal.getByRole('link', { name: 'Receipt' }).click();
  await expect(definitionOf(page.locator('main'), 'Payment method')).toHaveText(
    'Visa ending in 4242',
  );
});

test.describe('without JavaScript, in German', () => {
  test.use({
    javaScriptEnabled: false,
    locale: 'de-DE',
    extraHTTPHeaders: { 'accept-language': 'de' },
  });

  test('the processor’s hosted page takes the new card, and the overdue renewal is paid', async ({
    page,
  }) => {
    const { url, subscriptionId } = manage.get('card-nojs@example.com') ?? {
      url: '',
      subscriptionId: '',
    };
    await page.goto(url);
    await expect(definitionOf(page.locator('main'), 'Status')).toHaveText('Zahlung überfällig');
    await page.getByRole('button', { name: /^Karte speichern und .+ bezahlen$/ }).click();
    // The card goes to the processor's own page, never to the host.
    await expect(page).toHaveURL(/\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/);
    await page.getByLabel('Kartennummer').fill(cards.succeeds);
    await page.getByLabel('Gültig bis (MM/JJ)').fill(futureExpiry());
    await page.getByLabel('Prüfnummer (CVC)').fill('123');
    await page.getByRole('button', { name: 'Karte speichern' }).click();

    await expect(page).toHaveURL(/\?payment_method=paid$/);
    await expect(page.getByRole('status')).toHaveText(
      'Ihre neue Karte ist gespeichert und die offene Zahlung ist beglichen. Ihr Abo ist wieder aktiv.',
    );
    await expect(definitionOf(page.locator('main'), 'Status')).toHaveText('Aktiv');
    await expect(definitionOf(page.locator('main'), 'Zahlungsmethode')).toHaveText(
      'Visa mit Endziffern 4242',
    );
    await expect
      .poll(() => eventOf('subscription.renewed', subscriptionId), { timeout: 30_000 })
      .toBeTruthy();
  });
});
