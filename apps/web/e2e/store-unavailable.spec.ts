// Issue 12, item 5: a database that accepts connections and never answers. A host on it
// answers within 15 s with a rendered 503 page, Retry-After and a reference, without
// JavaScript too; when the database answers again the host recovers by itself.
import pg from 'pg';
import { type BlackHole, startBlackHole } from '../../../scripts/blackHole.mjs';
import { expect, test } from './fixtures';
import { makeFields, planStepForm, post, visibleText } from './formPost';
import { expectUnavailablePage, extraPort, type Host, startHost } from './host';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const SESSION = `cs_${'H0l3H0l3'.repeat(4)}`;
const CONNECT_TIMEOUT_MS = 6_000;
// A database of this test's own on the test server, dropped afterwards.
const database = `plankit_e2e_blackhole_${process.pid}`;
let hole: BlackHole;
let host: Host;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  let forwardTo: { host: string; port: number } | undefined;
  let databaseUrl = 'postgres://plankit@127.0.0.1:1/plankit';
  if (TEST_DATABASE_URL) {
    await admin((client) => client.query(`create database ${database}`));
    const url = new URL(TEST_DATABASE_URL);
    forwardTo = { host: url.hostname, port: Number(url.port || 5432) };
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  // Silent from the start: the host cannot even open the store.
  hole = await startBlackHole({ silent: true, ...(forwardTo ? { forwardTo } : {}) });
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(hole.port);
  host = await startHost(extraPort(2), {
    DATABASE_URL: relayed.toString(),
    // Longer than the default 3 s, to show the variable reaches the client: the 503
    // cannot come before it (and must still come within 15 s).
    PLANKIT_DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
});

test.afterAll(async () => {
  await host?.stop();
  await hole?.close();
  if (TEST_DATABASE_URL) {
    await admin((client) => client.query(`drop database if exists ${database}`));
  }
});

test.describe('a database that never answers', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor without JavaScript gets a 503 page with Retry-After and a reference within 15 s', async ({
    page,
  }) => {
    // The first request may join the attempt to open the store that began at start-up.
    let started = Date.now();
    const first = await page.goto(`${host.baseURL}/checkout/finish?session=${SESSION}`, {
      timeout: 20_000,
    });
    expect(first?.status()).toBe(503);
    expect((Date.now() - started) / 1000).toBeLessThan(15);
    // The next one makes a fresh attempt, which waits out the whole connect timeout.
    started = Date.now();
    const response = await page.goto(`${host.baseURL}/checkout/finish?session=${SESSION}`, {
      timeout: 20_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(15);
    expect(seconds).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS / 1000 - 0.1);
    test.info().annotations.push({ type: 'seconds until the 503', description: String(seconds) });
    const logLine = await expectUnavailablePage(page, response, host);
    expect(logLine).toContain('store_unavailable');
  });

  test('a plan-step form posted without JavaScript gets the same 503 page', async () => {
    const started = Date.now();
    const answer = await post(host.baseURL, await planStepForm(host.baseURL, makeFields()));
    expect(answer.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(visibleText(answer.body)).toContain('Checkout is unavailable right now');
    expect(answer.body).not.toMatch(/nothing was charged/i);
  });

  test('the host recovers by itself once the database answers again', async ({ page }) => {
    test.skip(!TEST_DATABASE_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL)');
    hole.resume();
    await expect
      .poll(
        async () =>
          (await page.request.get(`${host.baseURL}/checkout/finish?session=${SESSION}`)).status(),
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(200);
    await page.goto(`${host.baseURL}/checkout/finish?session=${SESSION}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();
  });
});

// error.tsx takes its language's text from the layout (lib/PageText.tsx), not from a table
// of every language in every page's JavaScript: a Server Action that fails on a German page
// shows the React error boundary in German, with the reference the log has.
test.describe('a database that stops answering while a visitor with JavaScript pays', () => {
  test.use({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de' } });

  test('the error page reads in the page’s language, with a reference', async ({ page }) => {
    test.skip(!TEST_DATABASE_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL)');
    hole.resume();
    await expect
      .poll(async () => (await page.request.get(`${host.baseURL}/checkout/free`)).status(), {
        timeout: 30_000,
        intervals: [500, 1_000, 2_000],
      })
      .toBe(200);
    await page.goto(`${host.baseURL}/checkout/free`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
    await page.locator('input[name="email"]').fill('fehler@example.com');
    await page.locator('input[name="name"]').fill('Erika Mustermann');
    await page.locator('select[name="country"]').selectOption('DE');
    hole.silence();
    try {
      await page.locator('button.pk-submit').click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Etwas ist schiefgelaufen' }),
      ).toBeVisible({ timeout: 30_000 });
    } finally {
      hole.resume();
    }
    const digest = (await page.locator('code').textContent()) ?? '';
    expect(digest).not.toBe('');
    await expect.poll(() => host.logs()).toContain(digest);
  });
});
