// The invoice as PDF from the receipt page (issue 22.4): a buyer pays for the starter plan,
// opens the receipt, and downloads the invoice, with JavaScript and without; the PDF is
// read back with unpdf. A link the engine did not sign answers 404.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  cards,
  FINISH_URL,
  fillCard,
  fillDetails,
  openPlanStep,
  payButton,
  payWith,
} from './checkout';
import { expect, test } from './fixtures';

const INVOICE_NUMBER = /^INV-\d{4}-\d{6}$/;

/** Opens the signed receipt from the finish step and downloads the invoice from there. */
async function downloadInvoice(
  page: Page,
): Promise<{ filename: string; text: string; url: string }> {
  await expect(page).toHaveURL(FINISH_URL);
  await page.getByRole('link', { name: 'View or print your receipt' }).click();
  await expect(page).toHaveURL(/\/receipts\/[^/]+$/);
  const link = page.getByRole('link', { name: 'Download invoice (PDF)' });
  const url = new URL((await link.getAttribute('href')) ?? '', page.url()).toString();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = new Uint8Array(await readFile(await download.path()));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { filename: download.suggestedFilename(), text: text.replace(/\s+/g, ' '), url };
}

function expectStarterInvoice(text: string, email: string): void {
  for (const part of [
    'Invoice',
    'Seller Plankit Demo',
    '1 Demo Street 10115 Berlin Germany',
    `Bill to Ada Lovelace Germany ${email}`,
    'Starter 1 €9.00 €9.00 Monthly',
    // Prices include VAT: €9.00 holds €1.44 of German VAT at 19%.
    'Net amount €7.56',
    'VAT 19% of €7.56 €1.44',
    'Total €9.00',
  ]) {
    expect(text).toContain(part);
  }
  expect(text).toMatch(/Invoice number INV-\d{4}-\d{6} Invoice date \w+ \d{1,2}, \d{4}/);
}

test.describe('the invoice PDF from the receipt page', () => {
  test('with JavaScript: pay on the plan step, then download', async ({ page, request }) => {
    const email = `invoice-js-${Date.now()}@example.com`;
    await openPlanStep(page, 'starter');
    await fillDetails(page, { email, country: 'Germany' });
    await payWith(page, cards.succeeds);
    const { filename, text, url } = await downloadInvoice(page);
    expect(filename.replace(/\.pdf$/, '')).toMatch(INVOICE_NUMBER);
    expect(text).toContain(`Invoice number ${filename.replace(/\.pdf$/, '')}`);
    expectStarterInvoice(text, email);

    // The link itself: a PDF, as an attachment named by the invoice number.
    const answer = await request.get(url);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('pay on the hosted page, then download', async ({ page }) => {
      const email = `invoice-nojs-${Date.now()}@example.com`;
      await page.goto('/checkout/starter');
      await fillDetails(page, { email, country: 'Germany' });
      await payButton(page).click();
      await expect(page).toHaveURL(/\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/);
      await fillCard(page, cards.succeeds);
      await page.getByRole('button', { name: 'Pay €9.00' }).click();
      const { filename, text } = await downloadInvoice(page);
      expect(filename.replace(/\.pdf$/, '')).toMatch(INVOICE_NUMBER);
      expectStarterInvoice(text, email);
    });
  });

  test('a link the shop did not sign answers 404', async ({ request }) => {
    for (const path of ['/receipts/nope/invoice.pdf', '/receipts/a.b/invoice.pdf']) {
      const answer = await request.get(path);
      expect(answer.status()).toBe(404);
      expect(answer.headers()['content-type']).not.toBe('application/pdf');
    }
  });
});
