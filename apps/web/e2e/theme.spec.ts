// Issue 23, item 3: a dark theme. The checkout follows the visitor's system setting
// (`prefers-color-scheme`) and the host's explicit choice (the header's theme menu, a plain
// form, remembered in a cookie). Pages served as they were rendered get the choice on their
// <html> before anything paints; pages rendered per request through the components' `theme`
// prop. axe finds no contrast violation in either theme.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FINISH_URL } from './checkout';
import { expect, test } from './fixtures';

const SHOTS = join(process.cwd(), 'test-results', 'theme');
/** The dark and light page backgrounds (`--pk-color-bg`). */
const DARK_BG = 'rgb(15, 18, 32)';
const LIGHT_BG = 'rgb(246, 247, 251)';

/** Asserts the page's background (read in Playwright's own world: works without JavaScript). */
const expectBackground = (page: Page, color: string) =>
  expect(page.locator('html')).toHaveCSS('background-color', color);

async function expectNoViolations(page: Page, label: string): Promise<void> {
  // A page rendered per request streams its metadata: its <title> can arrive after the body.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** A free plan's checkout, to reach a finish page and its manage link. */
async function finishFree(page: Page): Promise<void> {
  await page.goto('/checkout/free');
  await page.locator('input[name="email"]').fill('theme@example.com');
  await page.locator('input[name="name"]').fill('Ada Lovelace');
  await page.locator('select[name="country"]').selectOption('DE');
  await page.locator('form.pk-form button[type="submit"]:not([hidden])').last().click();
  await expect(page).toHaveURL(FINISH_URL);
}

for (const locale of ['en-US', 'ar']) {
  test.describe(`a visitor whose system is dark (${locale})`, () => {
    test.use({ colorScheme: 'dark', locale });

    test('the plan list, plan step, finish and manage pages render dark, with no contrast violation', async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      for (const path of ['/', '/checkout/team', '/checkout/pro']) {
        await page.goto(path);
        await expectBackground(page, DARK_BG);
        await expectNoViolations(page, `${locale} ${path}`);
      }
      await page.screenshot({ path: join(SHOTS, `plan-step-dark-${locale}.png`), fullPage: true });
      await finishFree(page);
      await expectBackground(page, DARK_BG);
      await expectNoViolations(page, `${locale} finish`);
      await page.screenshot({ path: join(SHOTS, `finish-dark-${locale}.png`), fullPage: true });
      const manage = await page.locator('a[href*="/subscriptions/"]').first().getAttribute('href');
      if (manage) {
        await page.goto(manage);
        await expectBackground(page, DARK_BG);
        await expectNoViolations(page, `${locale} manage`);
      }
    });
  });
}

test.describe('the theme menu, without JavaScript', () => {
  test.use({ javaScriptEnabled: false, colorScheme: 'light' });

  test('switches a light system to dark at the same URL, remembers it, and back to the system’s', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    await expectBackground(page, LIGHT_BG);
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Change theme' }).click();
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectBackground(page, DARK_BG);
    await expect(page.getByLabel('Theme')).toHaveValue('dark');

    // Remembered: another page, and a page rendered per request (the finish step).
    await page.goto('/');
    await expectBackground(page, DARK_BG);
    await finishFree(page);
    await expectBackground(page, DARK_BG);

    await page.goto('/checkout/starter');
    await page.getByLabel('Theme').selectOption('system');
    await page.getByRole('button', { name: 'Change theme' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
    await expectBackground(page, LIGHT_BG);
  });
});

test.describe('a dark choice on a dark system, then light by choice', () => {
  test.use({ colorScheme: 'dark' });

  test('light by choice wins over the system, with JavaScript too (no flash: the HTML carries it)', async ({
    page,
  }) => {
    await page.goto('/theme?to=light&back=/checkout/team');
    await expect(page).toHaveURL(/\/checkout\/team$/);
    await expectBackground(page, LIGHT_BG);
    // As it arrived from the server, before any script ran.
    const html = await (await page.request.get('/checkout/team')).text();
    expect(html).toMatch(/<html data-theme="light"/);
    await expectNoViolations(page, 'team, light by choice');
  });
});
