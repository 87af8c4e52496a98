import type { Page } from '@playwright/test';
import {
  cards,
  definitionOf,
  expectFieldError,
  FINISH_URL,
  fillCard,
  fillDetails,
  openPlanStep,
  orderSummary,
  payButton,
  payWith,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

// Issue 13, "Done when": a French business buyer with a valid French VAT ID buying from the
// demo's Irish merchant (PLANKIT_MERCHANT_COUNTRY=IE by default) sees VAT 0 and "Reverse
// charge" on the summary and the receipt; an ID with a wrong check digit gets a field message.

const VALID_FR = 'FR40303265045';
const WRONG_CHECK_DIGIT_FR = 'FR41303265045';
const DEMO_MERCHANT_VAT_ID = 'IE6388047V';
const VAT_ID_MESSAGE =
  'This is not a valid VAT ID for the country you chose. Check the number and its check digits.';

const vatIdInput = (page: Page) => page.getByLabel('VAT or tax ID (optional)');

/** Team plan, 3 seats (€45.00 before VAT), a French company. */
async function fillFrenchBusiness(page: Page, vatId: string): Promise<void> {
  await fillDetails(page, { country: 'France' });
  await page.getByRole('checkbox', { name: 'Buying for a business' }).check();
  await page.getByLabel('Company name').fill('Acme SAS');
  await vatIdInput(page).fill(vatId);
  await page.getByLabel('Billing address').fill('1 rue de la Paix');
  await page.getByLabel('Postal code').fill('75002');
  await page.getByLabel('City').fill('Paris');
}

async function expectReverseChargedReceipt(page: Page): Promise<void> {
  await expect(page).toHaveURL(FINISH_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const lines = receipt(page);
  await expect(definitionOf(lines, 'Subtotal')).toHaveText('€45.00');
  await expect(definitionOf(lines, 'VAT 0% (reverse charge)')).toHaveText('€0.00');
  await expect(definitionOf(lines, 'Paid')).toHaveText('€45.00');
  await expect(definitionOf(lines, 'Buyer’s VAT ID')).toHaveText(VALID_FR);
  await expect(definitionOf(lines, 'Seller’s VAT ID')).toHaveText(DEMO_MERCHANT_VAT_ID);
  await expect(definitionOf(lines, 'Reverse charge')).toHaveText(
    /VAT to be accounted for by the recipient/,
  );
}

test.describe('a French business buying from the Irish demo merchant', () => {
  test('with JavaScript: the summary drops the VAT as the VAT ID is typed, the receipt says reverse charge', async ({
    page,
  }) => {
    await openPlanStep(page, 'team');
    await fillDetails(page, { country: 'France' });
    // A consumer in France pays 20% French VAT on top.
    await expect(payButton(page)).toHaveText('Pay €54.00');
    // The business fields show once the box is ticked.
    await expect(page.getByLabel('Company name')).toBeHidden();
    await fillFrenchBusiness(page, VALID_FR);
    const summary = orderSummary(page);
    await expect(definitionOf(summary, 'VAT 0% (reverse charge)')).toHaveText('€0.00');
    await expect(definitionOf(summary, 'Buyer’s VAT ID')).toHaveText(VALID_FR);
    await expect(definitionOf(summary, 'Seller’s VAT ID')).toHaveText(DEMO_MERCHANT_VAT_ID);
    await expect(payButton(page)).toHaveText('Pay €45.00');
    await payWith(page, cards.succeeds);
    await expectReverseChargedReceipt(page);
    // The printable receipt names the company, and both VAT IDs once, in its table.
    await page.getByRole('link', { name: 'View or print your receipt' }).click();
    await expect(page.getByText('Acme SAS')).toBeVisible();
    await expect(definitionOf(receipt(page), 'Buyer’s VAT ID')).toHaveText(VALID_FR);
    await expect(definitionOf(receipt(page), 'Seller’s VAT ID')).toHaveText(DEMO_MERCHANT_VAT_ID);
    await expect(page.getByText(VALID_FR)).toHaveCount(1);
  });

  test('with JavaScript: a VAT ID with a wrong check digit gets a field message', async ({
    page,
  }) => {
    await openPlanStep(page, 'team');
    await fillFrenchBusiness(page, WRONG_CHECK_DIGIT_FR);
    await payWith(page, cards.succeeds);
    await expectFieldError(vatIdInput(page), VAT_ID_MESSAGE);
    await expect(vatIdInput(page)).toBeFocused();
    await expect(page).toHaveURL(/\/checkout\/team$/);
    await expect(page.getByLabel('Company name')).toHaveValue('Acme SAS');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the box reveals the fields; the hosted page charges the reverse-charged total', async ({
      page,
    }) => {
      await page.goto('/checkout/team');
      await expect(page.getByLabel('Company name')).toBeHidden();
      await fillFrenchBusiness(page, VALID_FR);
      await payButton(page).click();
      // The total the form showed (no VAT yet) is the reverse-charged one: no review step.
      await expect(page).toHaveURL(/\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/);
      await expect(page.getByText('Amount due: €45.00')).toBeVisible();
      await fillCard(page, cards.succeeds);
      await page.getByRole('button', { name: 'Pay €45.00' }).click();
      await expectReverseChargedReceipt(page);
    });

    test('a VAT ID with a wrong check digit comes back with its message and the details kept', async ({
      page,
    }) => {
      await page.goto('/checkout/team');
      await fillFrenchBusiness(page, WRONG_CHECK_DIGIT_FR);
      await payButton(page).click();
      await expect(page).toHaveURL(/\/checkout\/team$/);
      await expectFieldError(vatIdInput(page), VAT_ID_MESSAGE);
      await expect(vatIdInput(page)).toHaveValue(WRONG_CHECK_DIGIT_FR);
      await expect(page.getByRole('checkbox', { name: 'Buying for a business' })).toBeChecked();
      await expect(page.getByLabel('Company name')).toHaveValue('Acme SAS');
    });
  });
});
