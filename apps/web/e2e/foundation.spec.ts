import { expect, test } from './fixtures';

test.describe('a visitor browsing the plans', () => {
  test('follows a plan from the list into its plan step and sees the price change with the interval', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await page.getByRole('link', { name: 'Choose Starter' }).click();
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter' })).toBeVisible();
    // Choices made before the form hydrates are the browser's, not React's: wait for it (the
    // idempotency key is minted on hydration), as openPlanStep does.
    await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');

    const pay = page.getByRole('button', { name: /^Pay / });
    await expect(pay).toHaveText('Pay €9.00');
    await page.getByRole('radio', { name: 'Yearly' }).check();
    await expect(pay).toHaveText('Pay €90.00');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await expect(pay).toHaveText('Pay €9.00');
  });

  test('an unknown plan answers with a 404 page that links back to the plans', async ({ page }) => {
    const response = await page.goto('/checkout/platinum');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to plans' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('another checkout path is a 404, not the checkout', async ({ page }) => {
    const response = await page.goto('/buy/starter');
    expect(response?.status()).toBe(404);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the fallback page still tells the visitor what happened and where to go', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/fallback');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { name: 'Checkout is unavailable right now' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/');
  });
});
