import {
  cards,
  definitionOf,
  emailInput,
  expectFieldError,
  FINISH_URL,
  fillCard,
  fillDetails,
  futureExpiry,
  ORDER_REFERENCE,
  payButton,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

test.describe('a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('buys the team plan with a plain form post and lands on the receipt', async ({
    page,
    browser,
  }) => {
    await page.goto('/checkout/team');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('4');
    const details = await fillDetails(page, { country: 'Netherlands' });
    await fillCard(page, cards.succeeds);
    // Without JavaScript the label cannot follow the choices; the server prices the order.
    await payButton(page).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Team');
    await expect(definitionOf(lines, 'Billing')).toHaveText('Yearly');
    await expect(definitionOf(lines, 'Seats')).toHaveText('4');
    // 4 × €150.00 = €600.00, plus 21% Dutch VAT = €126.00.
    await expect(definitionOf(lines, 'Subtotal')).toHaveText('€600.00');
    await expect(definitionOf(lines, 'Tax (21%)')).toHaveText('€126.00');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€726.00');
    await expect(definitionOf(lines, 'Email')).toHaveText(details.email);

    // The receipt belongs to this browser now: the same link elsewhere shows nothing.
    const elsewhere = await browser.newContext({ javaScriptEnabled: false });
    try {
      const other = await elsewhere.newPage();
      await other.goto(page.url());
      await expect(other.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
      await expect(other.getByText(details.email)).toHaveCount(0);
    } finally {
      await elsewhere.close();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('a bad email comes back with its message and every other field kept', async ({ page }) => {
    await page.goto('/checkout/starter');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await fillDetails(page, {
      email: 'ada-at-example.com',
      name: 'Ada Lovelace',
      country: 'Austria',
    });
    await page.getByLabel('Promo code (optional)').fill('LAUNCH20');
    await fillCard(page, cards.succeeds);
    await payButton(page).click();

    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expectFieldError(emailInput(page), 'Enter an email address like name@example.com.');
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Please correct the highlighted fields.',
    );
    await expect(emailInput(page)).toHaveValue('ada-at-example.com');
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Country')).toHaveValue('AT');
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(page.getByLabel('Promo code (optional)')).toHaveValue('LAUNCH20');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue(futureExpiry());
    // The card number and CVC are never sent back to the browser.
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('CVC')).toHaveValue('');
  });

  test('a first-time visitor who clicks Pay again before the page answers still lands on one receipt', async ({
    page,
    playwright,
  }) => {
    await page.goto('/checkout/starter');
    const details = await fillDetails(page);
    await fillCard(page, cards.succeeds);

    // A slow connection: the server has handled the first submission, but its answer (and
    // the visitor cookie it sets) has not reached the browser when the visitor clicks again.
    // The browser then drops the first answer and shows the second. The first post is sent
    // from outside the browser so its answer cannot reach the browser's cookie jar.
    const network = await playwright.request.newContext();
    let firstHandled: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => {
      firstHandled = resolve;
    });
    let posts = 0;
    await page.route('**/checkout/starter', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts > 1) return route.continue();
      await network.fetch(route.request(), { maxRedirects: 0 });
      firstHandled();
      // Never answered: the second click's navigation replaces this one.
    });
    try {
      const pay = payButton(page);
      await pay.scrollIntoViewIfNeeded();
      const box = await pay.boundingBox();
      if (!box) throw new Error('the Pay button is not on screen');
      // Mouse clicks rather than locator clicks: these do not wait for the first navigation.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await firstDone;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

      // The first submission was paid: the second must show its receipt, not "This
      // checkout has expired" (the answer the second post gets without the visitor cookie).
      await expect(page).toHaveURL(FINISH_URL);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
      await expect(definitionOf(receipt(page), 'Order reference')).toHaveText(ORDER_REFERENCE);
      await expect(definitionOf(receipt(page), 'Email')).toHaveText(details.email);
      expect(posts).toBe(2);
    } finally {
      await network.dispose();
    }
  });
});
