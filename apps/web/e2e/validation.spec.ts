import {
  cards,
  emailInput,
  expectFieldError,
  fillCard,
  fillDetails,
  formAlert,
  openPlanStep,
  payButton,
} from './checkout';
import { expect, test } from './fixtures';

test.describe('bad input on the plan step', () => {
  test('an empty submit marks every required field and focuses the first one, Email', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    await payButton(page).click();

    await expect(formAlert(page)).toHaveText('Please correct the highlighted fields.');
    const email = emailInput(page);
    await expectFieldError(email, 'This field is required.');
    for (const label of ['Full name', 'Card number', 'Expiry (MM/YY)', 'CVC']) {
      await expectFieldError(page.getByLabel(label), 'This field is required.');
    }
    await expectFieldError(page.getByLabel('Country'), 'Choose a country from the list.');
    await expect(email).toBeFocused();
    // The focused element is the very input the "Email" label names.
    const focusedLabel = await page.evaluate(() =>
      Array.from((document.activeElement as HTMLInputElement | null)?.labels ?? [])
        .map((label) => label.textContent)
        .join(),
    );
    expect(focusedLabel).toBe('Email');
    await expect(page).toHaveURL(/\/checkout\/starter$/);
  });

  test('an expired promo code is refused with its own message', async ({ page }) => {
    await openPlanStep(page, 'starter');
    await page.getByLabel('Promo code (optional)').fill('SUMMER24');
    await page.getByRole('button', { name: 'Apply' }).click();

    const promo = page.getByLabel('Promo code (optional)');
    await expectFieldError(promo, 'This promo code has expired.');
    await expect(payButton(page)).toHaveText('Pay €9.00');
  });

  test('an unknown promo code is refused when the visitor pays, and nothing is charged', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    const details = await fillDetails(page);
    await page.getByLabel('Promo code (optional)').fill('FREEMONEY');
    await fillCard(page, cards.succeeds);
    await payButton(page).click();

    const promo = page.getByLabel('Promo code (optional)');
    await expectFieldError(promo, 'We do not know this promo code.');
    await expect(promo).toBeFocused();
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(emailInput(page)).toHaveValue(details.email);
    await expect(page.getByLabel('Full name')).toHaveValue(details.name);
  });

  test('a card number that fails the Luhn check and a past expiry date are refused', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    await fillDetails(page);
    await fillCard(page, cards.luhnInvalid, { expiry: '01/20' });
    await payButton(page).click();

    const cardNumber = page.getByLabel('Card number');
    await expectFieldError(cardNumber, 'This card number is not valid. Check it for typos.');
    await expect(cardNumber).toBeFocused();
    await expectFieldError(page.getByLabel('Expiry (MM/YY)'), 'This card has expired.');
    await expect(page.getByLabel('CVC')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/checkout\/starter$/);

    // Fixing the number clears its message as the visitor types.
    await cardNumber.fill(cards.succeeds);
    await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
  });
});
