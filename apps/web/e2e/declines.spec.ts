import {
  cards,
  definitionOf,
  emailInput,
  FINISH_URL,
  fillDetails,
  formAlert,
  futureExpiry,
  ORDER_REFERENCE,
  openPlanStep,
  payButton,
  payWith,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

test.describe('a declined card', () => {
  test('tells the visitor, keeps their details, clears the card, and a good card then pays', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    const details = await fillDetails(page, { email: 'grace@example.com', name: 'Grace Hopper' });
    const key = page.locator('input[type="hidden"][name="idempotencyKey"]');
    const keyBefore = await key.inputValue();

    await payWith(page, cards.declined);

    const alert = formAlert(page);
    await expect(alert).toHaveText('Your card was declined. Try another card.');
    // Focus moves to the card number, marked with the refusal (the alert announces it too):
    // the visitor types another card where the cursor is.
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(emailInput(page)).toHaveValue(details.email);
    await expect(page.getByLabel('Full name')).toHaveValue(details.name);
    await expect(page.getByLabel('Country')).toHaveValue('DE');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue(futureExpiry());
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('CVC')).toHaveValue('');
    await expect(payButton(page)).toHaveText('Pay €9.00');
    // The retry continues the same checkout session.
    await expect(key).toHaveValue(keyBefore);

    await page.getByLabel('Card number').fill(cards.succeeds);
    await page.getByLabel('CVC').fill('123');
    await payButton(page).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(definitionOf(receipt(page), 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(receipt(page), 'Paid')).toHaveText('€9.00');
    await expect(definitionOf(receipt(page), 'Email')).toHaveText(details.email);
  });

  test('with insufficient funds says so', async ({ page }) => {
    await openPlanStep(page, 'starter');
    await fillDetails(page);

    await payWith(page, cards.insufficientFunds);

    await expect(formAlert(page)).toHaveText('Your card has insufficient funds. Try another card.');
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(emailInput(page)).toHaveValue('ada@example.com');
  });
});
