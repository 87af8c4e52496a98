// Issue 9: card data never touches the host. With JavaScript on, the card fields send the
// card to the (test) processor and only a payment-method id reaches the checkout's routes
// and Server Actions. Every request the browser sends is recorded and searched for the
// number and the CVC, in every form they could take.
import type { Page, Request } from '@playwright/test';
import {
  cards,
  definitionOf,
  FINISH_URL,
  fillCard,
  fillDetails,
  openPlanStep,
  payButton,
  receipt,
} from './checkout';
import { expect, test } from './fixtures';

const PROCESSOR = '/test-processor/';

interface Sent {
  url: string;
  body: string;
}

/** Every request the page sends from now on, with its body as text. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    sent.push({ url: request.url(), body: request.postData() ?? '' });
  });
  return sent;
}

/**
 * Matches a card number or CVC as it could travel: its digits in any grouping (spaces,
 * `+` or `%20` between them, as typed or URL-encoded), standing on their own: not inside an
 * id or a hash, where a short CVC can occur by chance.
 */
function patternOf(secret: string): RegExp {
  const digits = secret.replace(/\D/g, '').split('').join('(?: |\\+|%20)?');
  return new RegExp(`(?<![\\w-])${digits}(?![\\w-])`);
}

function expectNowhereButTheProcessor(sent: Sent[], secrets: string[]) {
  const toHost = sent.filter((request) => !new URL(request.url).pathname.startsWith(PROCESSOR));
  expect(toHost.length).toBeGreaterThan(0);
  for (const request of toHost) {
    for (const secret of secrets) {
      const pattern = patternOf(secret);
      expect(request.url, `${request.url} carries the card`).not.toMatch(pattern);
      expect(request.body, `the body of ${request.url} carries the card`).not.toMatch(pattern);
    }
  }
  // The recording does see the card where it does go: the processor's tokenising endpoint.
  const tokenised = sent.filter((request) =>
    request.url.includes(`${PROCESSOR}v1/payment_methods`),
  );
  expect(tokenised.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(tokenised.some((request) => patternOf(secret).test(request.body))).toBe(true);
  }
}

test.describe('card data, with JavaScript on', () => {
  test('a paid checkout: the card goes to the processor only; the host gets a payment-method id', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    const sent = recordRequests(page);
    await fillDetails(page);
    await fillCard(page, cards.succeeds, { cvc: '739' });
    await payButton(page).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

    expectNowhereButTheProcessor(sent, ['4242 4242 4242 4242', '739']);
    // What the Server Action did get: the processor's id of the card.
    const action = sent.find(
      (request) => request.url.endsWith('/checkout/starter') && request.body !== '',
    );
    expect(action?.body).toMatch(/pm_[A-Za-z0-9_-]+/);
  });

  test('a declined card, then a card that needs the bank: still never at the host', async ({
    page,
  }) => {
    await openPlanStep(page, 'starter');
    const sent = recordRequests(page);
    await fillDetails(page);
    await fillCard(page, cards.declined, { cvc: '582' });
    await payButton(page).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Your card was declined. Try another card.',
    );
    await fillCard(page, cards.requiresAuthentication, { cvc: '614' });
    await payButton(page).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

    expectNowhereButTheProcessor(sent, [
      '4000 0000 0000 0002',
      '582',
      '4000 0027 6000 3184',
      '614',
    ]);
  });

  test('a trial saved with an American Express card (15 digits, 4-digit CVC)', async ({ page }) => {
    await openPlanStep(page, 'pro');
    const sent = recordRequests(page);
    await fillDetails(page);
    await fillCard(page, '3782 822463 10005', { cvc: '7391' });
    await page.getByRole('button', { name: 'Start 14-day trial' }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect(definitionOf(receipt(page), 'Payment method')).toHaveText(
      'American Express ending in 0005',
    );

    expectNowhereButTheProcessor(sent, ['3782 822463 10005', '7391']);
  });
});
