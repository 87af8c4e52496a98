// Issue 21, item 1: one build serves every configuration. The same build folder is started
// with Stripe (against the fake), then with the test provider, then with Stripe and another
// publishable key and merchant: each start shows its own configuration, the test host buys
// with and without JavaScript, and the build (`.next/BUILD_ID`) never changes. Before, the
// Stripe start left its rendered pages in `.next/server/route-cache`, and every purchase of
// the next start answered 409 "This page is out of date".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeStripe, startFakeStripe } from '@plankit/checkout/stripe/fake';
import type { Page } from '@playwright/test';
import { cards, FINISH_URL, fillCard, fillDetails, payButton, payWith } from './checkout';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost, waitForStore } from './host';

const port = extraPort(9);
const baseURL = `http://127.0.0.1:${port}`;
const WEBHOOK_SECRET = 'whsec_plankit_switch';
const buildId = () => readFileSync(join(process.cwd(), '.next/BUILD_ID'), 'utf8');
let fake: FakeStripe;
let host: Host | undefined;

test.beforeAll(async () => {
  fake = await startFakeStripe({
    webhook: { url: `${baseURL}/api/webhooks/stripe`, secret: WEBHOOK_SECRET },
  });
});

test.afterAll(async () => {
  await host?.stop();
  await fake?.close();
});

/** Starts the suite's build on `port` with a fresh store and `env`, after the previous host. */
async function restart(env: Record<string, string>): Promise<Host> {
  await host?.stop();
  host = await startHost(port, {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-switch-')),
    PLANKIT_PUBLIC_URL: baseURL,
    ...env,
  });
  await waitForStore(host, env.CHECKOUT_PATH);
  return host;
}

const stripe = (publishableKey: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_plankit_switch',
  STRIPE_PUBLISHABLE_KEY: publishableKey,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});

/** The page's HTML as a browser without JavaScript gets it (the RSC payload included). */
async function html(path: string): Promise<string> {
  const response = await fetch(`${baseURL}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function expectMerchant(page: Page, name: string, path = '/checkout/starter'): Promise<void> {
  await page.goto(`${baseURL}${path}`);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Starter — ${name}`);
}

test('one build: Stripe, then the test provider, then Stripe with other keys, each as configured', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const built = buildId();

  // 1. Stripe, as a team's staging: its publishable key, merchant and terms on every page.
  await restart({
    ...stripe('pk_test_first_key'),
    PLANKIT_MERCHANT_NAME: 'Staging Shop',
    PLANKIT_MERCHANT_COUNTRY: 'DE',
    PLANKIT_MERCHANT_VAT_ID: 'DE136695976',
    PLANKIT_TERMS_URL: 'https://shop.example/terms',
  });
  for (const path of ['/', '/checkout/starter', '/checkout/pro']) await html(path);
  const starter = await html('/checkout/starter');
  expect(starter).toContain('pk_test_first_key');
  expect(starter).toContain('DE136695976');
  await expectMerchant(page, 'Staging Shop');
  await expect(page.getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
    'href',
    'https://shop.example/terms',
  );

  // 2. The test provider on the same build folder: its card fields, its merchant, no terms.
  await restart({ PLANKIT_MERCHANT_NAME: 'Demo Shop' });
  const plain = await html('/checkout/starter');
  expect(plain).not.toContain('pk_test_first_key');
  expect(plain).not.toContain('Staging Shop');
  await expectMerchant(page, 'Demo Shop');
  await expect(page.getByRole('link', { name: 'Terms of service' })).toHaveCount(0);

  // It sells, with JavaScript (the card fields tokenise) ...
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
  await fillDetails(page, { email: 'switch-js@example.com' });
  await payWith(page, cards.succeeds);
  await expect(page).toHaveURL(FINISH_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  // ... and without (the test processor's hosted page takes the card).
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  try {
    const visitor = await noJs.newPage();
    await visitor.goto(`${baseURL}/checkout/starter`);
    await fillDetails(visitor, { email: 'switch-nojs@example.com' });
    await payButton(visitor).click();
    await expect(visitor).toHaveURL(/\/test-processor\/pay\/pi_/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Pay Demo Shop' })).toBeVisible();
    await fillCard(visitor, cards.succeeds);
    await visitor.getByRole('button', { name: /^Pay / }).click();
    await expect(visitor).toHaveURL(FINISH_URL);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
  } finally {
    await noJs.close();
  }

  // 3. Production: other keys, another merchant country, even another checkout path, on the
  // same build again.
  await restart({
    ...stripe('pk_test_second_key'),
    PLANKIT_MERCHANT_NAME: 'Live Shop',
    PLANKIT_MERCHANT_COUNTRY: 'FR',
    PLANKIT_MERCHANT_VAT_ID: 'FR40303265045',
    CHECKOUT_PATH: 'buy',
  });
  expect((await fetch(`${baseURL}/checkout/starter`)).status).toBe(404);
  const live = await html('/buy/starter');
  expect(live).toContain('pk_test_second_key');
  expect(live).not.toContain('pk_test_first_key');
  expect(live).toContain('FR40303265045');
  expect(live).not.toContain('DE136695976');
  await expectMerchant(page, 'Live Shop', '/buy/starter');

  expect(buildId()).toBe(built);
  // Nothing any of them rendered was kept on disk for another start to serve.
  expect(existsSync(join(process.cwd(), '.next/server/route-cache'))).toBe(false);
});

test('the build does not depend on the payment or merchant configuration (turbo restores no other build)', () => {
  const hashOf = (env: Record<string, string>) => {
    const run = spawnSync(
      'pnpm',
      ['exec', 'turbo', 'run', 'build', '--filter=@plankit/web', '--dry=json'],
      { cwd: join(process.cwd(), '../..'), env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const tasks = (JSON.parse(run.stdout) as { tasks: { taskId: string; hash: string }[] }).tasks;
    return tasks.find((task) => task.taskId === '@plankit/web#build')?.hash;
  };
  const plain = hashOf({});
  expect(plain).toBeTruthy();
  expect(
    hashOf({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PLANKIT_MERCHANT_NAME: 'Another',
      PLANKIT_TERMS_URL: 'https://x.example/terms',
      CHECKOUT_PATH: 'buy',
    }),
  ).toBe(plain);
});
