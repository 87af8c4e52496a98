// Issue 21, item 3b: the way back from a processor's pages is bound to the buyer's browser
// before it leaves the plan step. Without JavaScript, the hosted payment page, the test bank
// and the finish step each open only in the browser that posted the plan step; whoever opens
// a leaked link first sees "not found", no email, and approves nothing.
import { cards, FINISH_URL, fillCard, fillDetails, payButton, receipt } from './checkout';
import { expect, test, watchForViolations } from './fixtures';

const HOSTED_PAGE = /\/test-processor\/pay\/pi_[A-Za-z0-9_-]+$/;
const BANK_PAGE = /\/test-processor\/authenticate\/pi_[A-Za-z0-9_-]+$/;

test.describe('links a buyer without JavaScript leaves behind', () => {
  test.use({ javaScriptEnabled: false });

  test('the hosted page, the bank page and the finish step open nothing in another browser, even first', async ({
    page,
    browser,
  }) => {
    const email = `bound-${Date.now()}@example.com`;
    const other = await browser.newContext({ javaScriptEnabled: false });
    const violations = await watchForViolations(other);
    try {
      const elsewhere = await other.newPage();

      await page.goto('/checkout/starter');
      await fillDetails(page, { email });
      await payButton(page).click();
      await expect(page).toHaveURL(HOSTED_PAGE);
      const hostedUrl = page.url();

      // The hosted page's link, opened in another browser: not there.
      const hosted = await elsewhere.goto(hostedUrl);
      expect(hosted?.status()).toBe(404);
      await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Page not found');

      // The buyer pays with a card the bank wants to confirm.
      await fillCard(page, cards.requiresAuthentication);
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(BANK_PAGE);
      const bankUrl = page.url();

      // The bank's link elsewhere: not there, and approving from there approves nothing.
      expect((await elsewhere.goto(bankUrl))?.status()).toBe(404);
      const approval = await elsewhere.request.post(bankUrl, {
        form: { decision: 'approve' },
        headers: { origin: new URL(bankUrl).origin },
        maxRedirects: 0,
      });
      expect(approval.status()).toBe(404);

      // The buyer approves; the bank's answer (a redirect to the finish step) is held a
      // moment, so the finish link can be opened in the other browser first.
      let finishUrl = '';
      await page.route(BANK_PAGE, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        finishUrl = new URL(response.headers().location ?? '', bankUrl).href;
        const first = await elsewhere.goto(finishUrl);
        expect(first?.status()).toBe(200);
        await expect(
          elsewhere.getByRole('heading', { level: 1, name: 'Checkout not found' }),
        ).toBeVisible();
        await expect(elsewhere.getByText(email)).toHaveCount(0);
        await route.fulfill({ response });
      });
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(FINISH_URL);
      expect(finishUrl).not.toBe('');
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
      await expect(receipt(page).getByText(email)).toBeVisible();

      // Still nothing elsewhere, now that it is paid.
      await elsewhere.goto(finishUrl);
      await expect(
        elsewhere.getByRole('heading', { level: 1, name: 'Checkout not found' }),
      ).toBeVisible();
      await expect(elsewhere.getByText(email)).toHaveCount(0);
    } finally {
      await other.close();
    }
    expect(violations).toEqual([]);
  });
});
