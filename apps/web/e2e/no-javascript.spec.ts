import type { Page } from '@playwright/test';
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

/** The test processor's hosted payment page: a processor's own page, outside the checkout. */
const HOSTED_PAGE_URL = /\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/;

/** Pays on the hosted page: the card goes to the processor, never to the checkout. */
async function payOnHostedPage(page: Page, card: string, amount: string): Promise<void> {
  await expect(page).toHaveURL(HOSTED_PAGE_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Plankit Demo' })).toBeVisible();
  await expect(page.getByText(`Amount due: ${amount}`)).toBeVisible();
  await fillCard(page, card);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

test.describe('a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('buys the team plan: details on the plan step, the card on the hosted page, then the receipt', async ({
    page,
    browser,
  }) => {
    await page.goto('/checkout/team');
    // No card fields here: they need JavaScript. The plan step says where the card goes.
    await expect(page.getByLabel('Card number')).toBeHidden();
    // (A <noscript> hint: Playwright's text locators skip those, so it is found by its class.)
    const hint = page.locator('noscript .pk-hint');
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText(
      'After you continue, you enter your card on our payment processor’s secure page.',
    );
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('4');
    const details = await fillDetails(page, { country: 'Netherlands' });
    // Without JavaScript the label cannot follow the choices: it still says the monthly
    // price of 3 seats. Pressing it charges nothing; the server shows the new total first.
    await expect(payButton(page)).toHaveText('Pay €45.00');
    await payButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/team$/);
    await expect(page.locator('form').getByRole('status')).toHaveText(
      'Nothing was charged: your total is now €726.00. Check the order summary, then confirm with the button below.',
    );
    await expect(page.getByRole('spinbutton', { name: 'Seats' })).toHaveValue('4');
    await expect(emailInput(page)).toHaveValue(details.email);
    // 4 × €150.00 = €600.00, plus 21% Dutch VAT = €726.00: shown, then charged.
    await payButton(page).filter({ hasText: 'Pay €726.00' }).click();
    await payOnHostedPage(page, cards.succeeds, '€726.00');

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const lines = receipt(page);
    await expect(definitionOf(lines, 'Order reference')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(lines, 'Plan')).toHaveText('Team');
    await expect(definitionOf(lines, 'Billing')).toHaveText('Yearly');
    await expect(definitionOf(lines, 'Seats')).toHaveText('4');
    await expect(definitionOf(lines, 'Subtotal')).toHaveText('€600.00');
    await expect(definitionOf(lines, 'Tax (21%)')).toHaveText('€126.00');
    await expect(definitionOf(lines, 'Paid')).toHaveText('€726.00');
    await expect(definitionOf(lines, 'Payment method')).toHaveText('Visa ending in 4242');
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

  test('a declined card on the hosted page can be replaced there; the number is never sent back', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    // Each test buys as someone else: the same order from the same address within minutes
    // is taken for a repeat of the first (the no-JavaScript idempotency key).
    await fillDetails(page, { email: 'declined.on.hosted@example.com' });
    await payButton(page).click();

    await payOnHostedPage(page, cards.declined, '€9.00');
    await expect(page).toHaveURL(HOSTED_PAGE_URL);
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('CVC')).toHaveValue('');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue(futureExpiry());
    expect(await page.content()).not.toContain('4000000000000002');

    await payOnHostedPage(page, cards.succeeds, '€9.00');
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(definitionOf(receipt(page), 'Paid')).toHaveText('€9.00');
  });

  test('a card that needs the bank goes from the hosted page to the test bank and back', async ({
    page,
  }) => {
    await page.goto('/checkout/starter');
    await fillDetails(page, { email: 'bank.on.hosted@example.com' });
    await payButton(page).click();
    await payOnHostedPage(page, cards.requiresAuthentication, '€9.00');

    await expect(page).toHaveURL(/\/test-processor\/authenticate\/pi_[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('"Back to the shop" on the hosted page leads back to the plan step, choices in the link', async ({
    page,
  }) => {
    await page.goto('/checkout/team');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await page.getByRole('spinbutton', { name: 'Seats' }).fill('3');
    await fillDetails(page, { email: 'back.to.shop@example.com' });
    await payButton(page).click();
    // The new total first (see the first test), then the processor's page.
    await payButton(page).filter({ hasText: 'Pay €' }).click();
    await expect(page).toHaveURL(HOSTED_PAGE_URL);

    await page.getByRole('link', { name: 'Back to the shop' }).click();
    // The plan step is a static page: the link's choices apply once its script runs.
    await expect(page).toHaveURL(/\/checkout\/team\?interval=yearly&seats=3(&|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  });

  test('the seat buttons work: each press comes back with the new count and total', async ({
    page,
  }) => {
    await page.goto('/checkout/team');
    const seats = page.getByRole('spinbutton', { name: 'Seats' });
    await expect(seats).toHaveValue('3');
    await fillDetails(page, { email: 'seat.buttons@example.com', country: 'Germany' });
    await page.getByRole('button', { name: 'Add a seat' }).click();
    await expect(seats).toHaveValue('4');
    await page.getByRole('button', { name: 'Add a seat' }).click();
    await expect(seats).toHaveValue('5');
    await page.getByRole('button', { name: 'Remove a seat' }).click();
    await expect(seats).toHaveValue('4');
    // 4 × €15.00 = €60.00 plus 19% German VAT: what the button now says and what is charged.
    await expect(payButton(page)).toHaveText('Pay €71.40');
    await expect(emailInput(page)).toHaveValue('seat.buttons@example.com');
    await payButton(page).click();
    await payOnHostedPage(page, cards.succeeds, '€71.40');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(definitionOf(receipt(page), 'Seats')).toHaveText('4');
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
  });

  test('a first-time visitor who clicks Pay again before the page answers still pays once', async ({
    page,
    playwright,
  }) => {
    await page.goto('/checkout/starter');
    const details = await fillDetails(page, { email: 'clicked.twice@example.com' });

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

      // The second post is the same checkout: it leads to the same hosted page (one payment),
      // not to "This checkout has expired" (the answer it got without the visitor cookie).
      await payOnHostedPage(page, cards.succeeds, '€9.00');
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
