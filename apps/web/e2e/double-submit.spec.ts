import {
  cards,
  definitionOf,
  FINISH_URL,
  fillCard,
  fillDetails,
  formAlert,
  ORDER_REFERENCE,
  openPlanStep,
  payButton,
  receipt,
  SESSION_ID,
  sessionIdOf,
} from './checkout';
import { expect, test } from './fixtures';

test.describe('pressing Pay twice', () => {
  test('a double-click pays once: one receipt, the same reference on reload', async ({ page }) => {
    await openPlanStep(page, 'starter');
    await fillDetails(page);
    await fillCard(page, cards.succeeds);
    const posts: string[] = [];
    page.on('request', (request) => {
      // The plan step's posts to the host (the card goes to the test processor instead).
      if (request.method() === 'POST' && !request.url().includes('/test-processor/')) {
        posts.push(request.url());
      }
    });

    await payButton(page).dblclick();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText(ORDER_REFERENCE)).toHaveCount(1);
    const reference = await definitionOf(receipt(page), 'Order reference').textContent();
    expect(reference).toMatch(ORDER_REFERENCE);
    // The button turns to "Processing…" and the form sends one submission.
    expect(posts).toHaveLength(1);

    await page.reload();
    await expect(definitionOf(receipt(page), 'Order reference')).toHaveText(reference ?? '');
    await expect(definitionOf(receipt(page), 'Paid')).toHaveText('€9.00');
  });

  test('two submissions fired before the page can react land on the same checkout session', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    await fillDetails(page);
    await fillCard(page, cards.succeeds);
    const redirects: string[] = [];
    page.on('response', (response) => {
      const location = response.headers()['x-action-redirect'];
      if (response.request().method() === 'POST' && location) redirects.push(location);
    });

    // Two submit events in the same task: the second comes before React re-renders the
    // button as pending.
    await payButton(page).evaluate((button: HTMLButtonElement) => {
      button.form?.requestSubmit(button);
      button.form?.requestSubmit(button);
    });

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const session = sessionIdOf(page);
    expect(redirects.length).toBeGreaterThan(0);
    for (const location of redirects) expect(location.match(SESSION_ID)?.[0]).toBe(session);
  });

  test('a returning visitor whose Pay request reaches the server twice at once is sent to one session', async ({
    page,
  }) => {
    // A first, declined attempt: the visitor now has the checkout's visitor cookie.
    await openPlanStep(page, 'starter');
    await fillDetails(page);
    await fillCard(page, cards.declined);
    await payButton(page).click();
    await expect(formAlert(page)).toHaveText('Your card was declined. Try another card.');

    // The retry's request is duplicated on the way (a proxy retry, a double send): the
    // server receives the same submission twice, concurrently.
    const duplicateRedirects: Array<string | undefined> = [];
    await page.route('**/checkout/starter', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const [first, second] = await Promise.all([route.fetch(), page.request.fetch(request)]);
      duplicateRedirects.push(
        first.headers()['x-action-redirect'],
        second.headers()['x-action-redirect'],
      );
      await route.fulfill({ response: first });
    });
    await page.getByLabel('Card number').fill(cards.succeeds);
    await page.getByLabel('CVC').fill('123');
    await payButton(page).click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const session = sessionIdOf(page);
    expect(duplicateRedirects).toHaveLength(2);
    for (const location of duplicateRedirects)
      expect(location?.match(SESSION_ID)?.[0]).toBe(session);
  });
});
