import type { Page } from '@playwright/test';
import { FINISH_URL, fillDetails, openPlanStep, receipt } from './checkout';
import { expect, test } from './fixtures';

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  // Not 404: Next.js sends notFound() from a dynamic page with an empty body, blank
  // without JavaScript (see the adapter's sessionPages.ts), so the page answers itself.
  expect(response?.status(), `status of ${path}`).toBeLessThan(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();
  await expect(
    page.getByText('We could not find this checkout. The link may be incomplete.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/');
  await expect(receipt(page)).toHaveCount(0);
}

test.describe('a finish page for a checkout the visitor does not have', () => {
  test('a malformed, missing or unknown session id shows "Checkout not found"', async ({
    page,
  }) => {
    await expectNotFound(page, '/checkout/finish?session=cs_bogus');
    await expectNotFound(page, '/checkout/finish');
    await expectNotFound(page, '/checkout/finish?session=');
    await expectNotFound(page, `/checkout/finish?session=cs_${'A1b2C3d4'.repeat(4)}`);
  });

  test('someone else\'s real session shows "Checkout not found" and none of their details', async ({
    page,
    browser,
  }) => {
    await openPlanStep(page, 'free');
    const owner = await fillDetails(page, {
      email: 'private.person@example.com',
      name: 'Private Person',
    });
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'You are all set' })).toBeVisible();
    const finishUrl = page.url();

    const stranger = await browser.newContext();
    try {
      const strangerPage = await stranger.newPage();
      await expectNotFound(strangerPage, finishUrl);
      const text = (await strangerPage.locator('body').textContent()) ?? '';
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.name);
      expect(text).not.toMatch(/PK-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    } finally {
      await stranger.close();
    }

    // The owner still sees their checkout.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are all set' })).toBeVisible();
  });
});

test.describe('a finish page for a checkout the visitor does not have, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still says "Checkout not found" and links back to the plans', async ({ page }) => {
    await expectNotFound(page, `/checkout/finish?session=cs_${'Z9y8X7w6'.repeat(4)}`);
  });

  test('a test processor page of a payment it does not have says so, with a 404', async ({
    page,
  }) => {
    for (const path of ['/test-processor/pay/pi_unknown', '/test-processor/authenticate/pi_x']) {
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });
});
