// Issue 12, item 4: a second host process on the suite server's PGlite folder is refused.
// Its pages that need the store answer 503 with the reason in its log; the first host
// keeps working, and what it stored stays (packages/checkout/test/storeLock.test.ts shows
// the data survives a crash and a restart).

import { expect, test } from './fixtures';
import { expectUnavailablePage, extraPort, type Host, startHost } from './host';

const SESSION = `cs_${'Q7r8S9t0'.repeat(4)}`;
let second: Host;

test.beforeAll(async ({ request }) => {
  // The suite's server has its store open once a page that needs it has answered.
  expect((await request.get(`/checkout/finish?session=${SESSION}`)).status()).toBe(200);
  second = await startHost(extraPort(1), {
    PLANKIT_DATA_DIR: process.env.PLANKIT_E2E_DATA_DIR ?? '',
  });
});

test.afterAll(async () => {
  await second?.stop();
});

test.describe('a second host on the same embedded store folder', () => {
  test.use({ javaScriptEnabled: false });

  test('answers 503 with Retry-After and a reference, and logs that another process holds the folder', async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(`${second.baseURL}/checkout/finish?session=${SESSION}`);
    const logLine = await expectUnavailablePage(page, response, second);
    expect(logLine).toContain('store_locked');
    expect(logLine).toContain(process.env.PLANKIT_E2E_DATA_DIR ?? 'no folder');
    expect(logLine).toContain('holds it');

    // The first host, which holds the folder, still serves its visitors.
    const first = await page.goto(`${baseURL}/checkout/finish?session=${SESSION}`);
    expect(first?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();
  });
});
