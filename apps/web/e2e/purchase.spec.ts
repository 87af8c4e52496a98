import {
  cards,
  definitionOf,
  FINISH_URL,
  fillDetails,
  ORDER_REFERENCE,
  openPlanStep,
  orderSummary,
  payButton,
  payWith,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

test.describe('starter plan, yearly, paid by card', () => {
  test('the visitor pays €90.00 and gets a receipt with an order reference', async ({ page }) => {
    await openPlanStep(page, 'starter');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await expect(payButton(page)).toHaveText('Pay €90.00');
    const details = await fillDetails(page);

    await payWith(page, cards.succeeds);

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText('Thank you! Your Starter plan is active.')).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Starter');
    await expect(definitionOf(lines, 'Billing')).toHaveText('Yearly');
    await expect(definitionOf(lines, 'Subtotal')).toHaveText('€90.00');
    // Tax-inclusive plan: the 19% German VAT is inside the €90, not added to it.
    await expect(definitionOf(lines, 'Includes tax (19%)')).toHaveText('€14.37');
    await expect(definitionOf(lines, 'Total')).toHaveText('€90.00');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€90.00');
    await expect(definitionOf(lines, 'Email')).toHaveText(details.email);
    // Not a per-seat plan: no seats line.
    await expect(definitionOf(lines, 'Seats')).toHaveCount(0);
  });
});

test.describe('team plan, 5 seats, LAUNCH20, German VAT', () => {
  test('the visitor sees the discount before paying and is charged €71.40', async ({ page }) => {
    await openPlanStep(page, 'team');
    const seats = page.getByRole('spinbutton', { name: 'Seats' });
    await expect(seats).toHaveValue('3');
    await page.getByRole('button', { name: 'Add a seat' }).click();
    await page.getByRole('button', { name: 'Add a seat' }).click();
    await expect(seats).toHaveValue('5');
    const summary = orderSummary(page);
    await expect(definitionOf(summary, 'Team')).toHaveText('5 seats × €15.00');
    await expect(definitionOf(summary, 'Subtotal')).toHaveText('€75.00');

    await fillDetails(page, { country: 'Germany' });
    // Tax-exclusive plan: 19% is added on top of €75.00.
    await expect(definitionOf(summary, 'Tax (19%)')).toHaveText('€14.25');
    await expect(payButton(page)).toHaveText('Pay €89.25');

    await page.getByLabel('Promo code (optional)').fill('LAUNCH20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('LAUNCH20 applied: 20% off.', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'LAUNCH20' })).toHaveText(
      'LAUNCH20 applied: 20% off. Check the new total of €71.40, then pay.',
    );
    await expect(definitionOf(summary, 'Discount (LAUNCH20, 20% off)')).toHaveText('−€15.00');
    await expect(definitionOf(summary, 'Tax (19%)')).toHaveText('€11.40');
    await expect(definitionOf(summary, 'Total')).toHaveText(/^€71\.40/);
    await expect(payButton(page)).toHaveText('Pay €71.40');

    await payWith(page, cards.succeeds);

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Team');
    await expect(definitionOf(lines, 'Billing')).toHaveText('Monthly');
    await expect(definitionOf(lines, 'Seats')).toHaveText('5');
    await expect(definitionOf(lines, 'Subtotal')).toHaveText('€75.00');
    await expect(definitionOf(lines, 'Discount (LAUNCH20, 20% off)')).toHaveText('−€15.00');
    await expect(definitionOf(lines, 'Tax (19%)')).toHaveText('€11.40');
    await expect(definitionOf(lines, 'Total')).toHaveText('€71.40');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€71.40');
  });

  test('typing the seat count prices the typed number', async ({ page }) => {
    await openPlanStep(page, 'team');
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('12');
    await expect(definitionOf(orderSummary(page), 'Team')).toHaveText('12 seats × €15.00');
    await expect(definitionOf(orderSummary(page), 'Subtotal')).toHaveText('€180.00');
  });
});
