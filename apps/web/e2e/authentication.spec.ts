import {
  cards,
  definitionOf,
  FINISH_URL,
  fillDetails,
  ORDER_REFERENCE,
  openPlanStep,
  payWith,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

/** The test processor's bank page: outside the checkout's routes, as a processor's origin. */
const AUTHENTICATE_URL = /\/test-processor\/authenticate\/pi_[A-Za-z0-9_-]+$/;

test.describe('a card that needs the bank to confirm', () => {
  test('approved at the test bank, the visitor gets the receipt', async ({ page }) => {
    await openPlanStep(page, 'starter');
    await fillDetails(page);
    await payWith(page, cards.requiresAuthentication);

    await expect(page).toHaveURL(AUTHENTICATE_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your payment' }),
    ).toBeVisible();
    await expect(
      page.getByText('Test bank: approve or decline the payment of €9.00 to Plankit Demo.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back on the finish step, which asked the processor what became of the payment.
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(definitionOf(receipt(page), 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(receipt(page), 'Paid')).toHaveText('€9.00');
  });

  test('declined at the test bank, the visitor sees "Payment failed" and can try again', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await fillDetails(page, { country: 'France' });
    await payWith(page, cards.requiresAuthentication);

    await expect(page).toHaveURL(AUTHENTICATE_URL);
    await expect(
      page.getByText('Test bank: approve or decline the payment of €90.00 to Plankit Demo.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
    await expect(
      page.getByText(
        'The payment was not authenticated. Try again or use another card. You were not charged.',
      ),
    ).toBeVisible();
    await expect(receipt(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/checkout\/starter\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter' })).toBeVisible();
    // The plan step starts where the visitor left off.
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(page.getByLabel('Country')).toHaveValue('FR');
    await expect(page.getByRole('button', { name: 'Pay €90.00' })).toBeVisible();
  });
});
