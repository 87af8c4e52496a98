// The README's Next.js App Router path, followed verbatim (issue 14): a fresh app whose
// files are the package README's snippets, on the packed package installed with npm,
// built with `next build` and served by `next start`. A test card buys a plan; a declined
// card says so; a card that needs the bank goes there and back; without JavaScript the
// card is paid on the test processor's hosted page.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

const exampleDir = join(import.meta.dirname, '..');
const appDir = join(exampleDir, '.consumer');
const snippetsDir = join(exampleDir, '../../packages/checkout/test/snippets/next');
const templateDir = join(exampleDir, 'template');

/** Every file under a folder, relative to it, skipping the folders an app build adds. */
function filesUnder(dir: string, skip: string[] = []): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !skip.some((folder) => file === folder || file.startsWith(`${folder}/`)))
    .sort();
}

/** An expiry date a few years ahead, as MM/YY, so the suite does not age. */
const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Opens the team plan's step and waits until the form has hydrated (its key is minted). */
async function openTeamPlan(page: Page, { hydrated = true } = {}): Promise<void> {
  await page.goto('/checkout/team');
  if (hydrated) {
    await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
  }
}

/** Fills the buyer's details. */
async function fillDetails(page: Page): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
}

/** Fills the card fields (the plan step's, or the hosted page's). */
async function fillCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill('123');
}

/** Fills the buyer's details and a card, and presses Pay. */
async function payWith(page: Page, card: string): Promise<void> {
  await fillDetails(page);
  await fillCard(page, card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Expects the finish step's receipt of a paid team plan (2 seats × €15, 19% VAT). */
async function expectReceipt(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/finish\?session=cs_[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(/PK-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  await expect(receipt).toContainText('€35.70');
  await expect(receipt).toContainText('ada@example.com');
}

test.describe('the app is the README', () => {
  test('its files are exactly the README snippets (6 files, at most 60 lines), and nothing else', () => {
    const app = filesUnder(appDir, ['node_modules', '.next', '.data']).filter(
      (file) => !['package.json', 'next-env.d.ts', 'tsconfig.tsbuildinfo'].includes(file),
    );
    const expected = [...filesUnder(snippetsDir), ...filesUnder(templateDir)].sort();
    expect(app).toEqual(expected);
    for (const file of filesUnder(snippetsDir)) {
      expect(readFileSync(join(appDir, file), 'utf8'), file).toBe(
        readFileSync(join(snippetsDir, file), 'utf8'),
      );
    }
    // Issue 23's target for the README's Next.js section: at most 6 files, 60 lines.
    const snippets = filesUnder(snippetsDir);
    const lines = snippets
      .map((file) => readFileSync(join(snippetsDir, file), 'utf8').trimEnd().split('\n').length)
      .reduce((sum, count) => sum + count, 0);
    expect(snippets.length).toBeLessThanOrEqual(6);
    expect(lines).toBeLessThanOrEqual(60);
  });

  test('it has nothing Next.js-specific to configure: next.config.ts is the empty default', () => {
    expect(readFileSync(join(appDir, 'next.config.ts'), 'utf8')).toContain(
      '/* config options here */',
    );
  });
});

test.describe('team plan, 2 seats, German VAT, paid by card', () => {
  test('4242 4242 4242 4242 pays €35.70 and the finish page shows the receipt', async ({
    page,
  }) => {
    await openTeamPlan(page);
    await payWith(page, '4242 4242 4242 4242');
    await expectReceipt(page);
  });

  test('4000 0000 0000 0002 is declined, and the visitor stays on the plan step', async ({
    page,
  }) => {
    await openTeamPlan(page);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Your card was declined. Try another card.',
    );
    await expect(page).toHaveURL(/\/checkout\/team$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ada@example.com');
  });
});

test.describe('a card that needs the test bank', () => {
  test('4000 0027 6000 3184: approved on the bank page, back on the receipt', async ({ page }) => {
    await openTeamPlan(page);
    await payWith(page, '4000 0027 6000 3184');
    await expect(page).toHaveURL(/\/test-processor\/authenticate\/pi_[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectReceipt(page);
  });
});

test.describe('a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts the details, pays on the test processor’s hosted page, lands on the receipt', async ({
    page,
  }) => {
    await openTeamPlan(page, { hydrated: false });
    await fillDetails(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    // The page could not add German VAT to its total without JavaScript: nothing was
    // charged, the new total is shown, and the same button confirms it.
    await expect(page.locator('form').getByRole('status')).toContainText(
      'Nothing was charged: your total is now €35.70.',
    );
    await page.getByRole('button', { name: 'Pay €35.70' }).click();
    await expect(page).toHaveURL(/\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay €35.70' }).click();
    await expectReceipt(page);
  });
});
