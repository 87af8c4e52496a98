import {
  cards,
  definitionOf,
  FINISH_URL,
  fillCard,
  fillDetails,
  ORDER_REFERENCE,
  openPlanStep,
  orderSummary,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date as the finish step writes it (English, long style, UTC). */
const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

test.describe('pro plan with a 14-day trial', () => {
  test('the visitor saves a card, is charged nothing, and sees when and how much the first charge is', async ({
    page,
  }) => {
    const openedAt = Date.now();
    await openPlanStep(page, 'pro');
    await expect(page.getByText('14-day free trial')).toBeVisible();
    const details = await fillDetails(page);
    // Once hydrated, the terms beside the button name the day of the first charge from the
    // browser's clock (the prerendered page says "in 14 days"); either side of midnight UTC,
    // one of two days.
    const firstChargeDays = [
      longDate(new Date(openedAt + 14 * DAY_MS)),
      longDate(new Date(Date.now() + 14 * DAY_MS)),
    ];
    await expect(page.getByText(/^Nothing to pay today\. The first charge of /)).toHaveText(
      new RegExp(
        `^Nothing to pay today\\. The first charge of €24\\.00 is on (${firstChargeDays.join('|')}), then it renews until you cancel\\.$`,
      ),
    );
    // The card is saved for the first charge after the trial; nothing is charged today.
    await fillCard(page, cards.succeeds);
    await expect(definitionOf(orderSummary(page), 'After the 14-day trial')).toHaveText(/^€24\.00/);
    await expect(definitionOf(orderSummary(page), 'Due today')).toHaveText('€0.00');

    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Start 14-day trial' }).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your trial has started' }),
    ).toBeVisible();
    // Either side of midnight UTC the trial may end on one of two days.
    const ends = [
      longDate(new Date(startedAt + 14 * DAY_MS)),
      longDate(new Date(Date.now() + 14 * DAY_MS)),
    ];
    await expect(page.getByText(/^Enjoy Pro\. You will not be charged before /)).toHaveText(
      new RegExp(`before (${ends.join('|')})\\.$`),
    );
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Pro');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€0.00');
    await expect(definitionOf(lines, 'Total')).toHaveText('€24.00');
    await expect(definitionOf(lines, 'Trial ends')).toHaveText(new RegExp(`^(${ends.join('|')})$`));
    await expect(definitionOf(lines, 'First charge')).toHaveText(
      new RegExp(`^€24\\.00 on (${ends.join('|')})$`),
    );
    await expect(definitionOf(lines, 'Payment method')).toHaveText('Visa ending in 4242');
    await expect(definitionOf(lines, 'Email')).toHaveText(details.email);
  });
});

test.describe('pro plan without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered plan step gives the first charge in days: its server cannot know today', async ({
    page,
  }) => {
    await page.goto('/checkout/pro');
    await expect(page.getByText(/^Nothing to pay today\. The first charge of /)).toHaveText(
      'Nothing to pay today. The first charge of €24.00 is in 14 days, then it renews until you cancel.',
    );
  });
});

test.describe('free plan', () => {
  test('the visitor gets started with contact details only', async ({ page }) => {
    await openPlanStep(page, 'free');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByLabel('Promo code (optional)')).toHaveCount(0);
    const details = await fillDetails(page, { country: 'Ireland' });

    await page.getByRole('button', { name: 'Get started' }).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'You are all set' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Free');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€0.00');
    await expect(definitionOf(lines, 'Email')).toHaveText(details.email);
  });
});
