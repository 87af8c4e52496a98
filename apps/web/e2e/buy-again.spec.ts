import type { Page } from '@playwright/test';
import {
  cards,
  definitionOf,
  FINISH_URL,
  fillCard,
  fillDetails,
  ORDER_REFERENCE,
  openPlanStep,
  payButton,
  payWith,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

// Issue 12, item 3: a finished checkout is never the answer to a new purchase. A buyer may
// buy twice on purpose, from the same tab or from another browser.

async function expectPaidBy(page: Page, email: string): Promise<string> {
  await expect(page).toHaveURL(FINISH_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(definitionOf(receipt(page), 'Email')).toHaveText(email);
  const reference = definitionOf(receipt(page), 'Order reference');
  await expect(reference).toHaveText(ORDER_REFERENCE);
  return (await reference.textContent()) ?? '';
}

test('the same tab buys the plan again for another email: a new order, not the first receipt', async ({
  page,
}) => {
  await openPlanStep(page, 'starter');
  await fillDetails(page, { email: 'first.buyer@example.com' });
  await payWith(page, cards.succeeds);
  const first = await expectPaidBy(page, 'first.buyer@example.com');

  // Back to the plan step within minutes: the form restores its checkout key, which now
  // belongs to a paid checkout.
  await openPlanStep(page, 'starter');
  await fillDetails(page, { email: 'second.buyer@example.com', name: 'Grace Hopper' });
  await payWith(page, cards.succeeds);
  const second = await expectPaidBy(page, 'second.buyer@example.com');
  expect(second).not.toBe(first);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same details from another browser minutes later are a new checkout', async ({
    page,
    browser,
  }) => {
    const details = { email: 'buys.twice@example.com', country: 'Germany' };
    await page.goto('/checkout/starter');
    await fillDetails(page, details);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/test-processor\/pay\/pi_/);
    await fillCard(page, cards.succeeds);
    await page.getByRole('button', { name: 'Pay €9.00' }).click();
    const first = await expectPaidBy(page, details.email);

    const other = await browser.newContext({ javaScriptEnabled: false });
    try {
      const again = await other.newPage();
      await again.goto('/checkout/starter');
      await fillDetails(again, details);
      await payButton(again).click();
      // Not "This checkout has expired", not the first receipt: the processor's page.
      await expect(again).toHaveURL(/\/test-processor\/pay\/pi_/);
      await fillCard(again, cards.succeeds);
      await again.getByRole('button', { name: 'Pay €9.00' }).click();
      const second = await expectPaidBy(again, details.email);
      expect(second).not.toBe(first);
    } finally {
      await other.close();
    }
  });
});
