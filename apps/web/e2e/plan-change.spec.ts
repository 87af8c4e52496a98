// Issue 22, item 1, as a buyer sees it: a Team buyer with 5 seats raises to 7 and a Pro
// buyer switches to yearly, from the manage page, in English and German, with JavaScript
// on and off. The amount due now is shown before anything is charged; after the
// confirmation the manage page, the verified `subscription.updated` webhook and the email
// agree. Lean on purpose (CI's budget): each buyer buys over HTTP as the card fields post
// (no page load), opens the manage link from the receipt email, and loads three pages.
import type { Page } from '@playwright/test';
import { cards, definitionOf } from './checkout';
import { expect, test } from './fixtures';
import { planStepForm, post, siteOf, tokenize } from './formPost';
import {
  type SmtpSink,
  startSmtpSink,
  startWebhookReceiver,
  type WebhookReceiver,
} from './receivers';

let webhooks: WebhookReceiver;
let smtp: SmtpSink;

test.beforeAll(async () => {
  webhooks = await startWebhookReceiver(
    process.env.E2E_WEBHOOK_SECRET ?? '',
    Number(process.env.E2E_WEBHOOK_PORT),
  );
  smtp = await startSmtpSink(Number(process.env.E2E_SMTP_PORT));
});

test.afterAll(async () => {
  await webhooks?.close();
  await smtp?.close();
});

/**
 * Buys a plan as the card fields post it, in `language`; returns the manage page's path,
 * read from the finish page the answer redirects to (with the visitor's cookie it set).
 */
async function subscribe(
  baseURL: string,
  fields: Record<string, string>,
  language: 'en' | 'de',
): Promise<string> {
  const form = await planStepForm(baseURL, {
    currency: 'EUR',
    name: 'Ada Lovelace',
    country: 'DE',
    promo: '',
    paymentMethod: await tokenize(baseURL, cards.succeeds.replaceAll(' ', '')),
    ...fields,
  });
  const answer = await post(baseURL, form, {
    planId: fields.plan,
    headers: { 'accept-language': language },
  });
  expect(answer.status).toBe(303);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const finish = await fetch(new URL(answer.headers.get('location') ?? '', baseURL), {
    headers: { cookie, 'accept-language': language },
  });
  const href = /href="([^"]*\/subscriptions\/[^"]+)"/.exec(await finish.text())?.[1] ?? '';
  expect(href).not.toBe('');
  return href.replaceAll('&amp;', '&');
}

/** The value next to a term of the page's description lists. */
const termValue = (page: Page, term: string) => definitionOf(page.locator('body'), term);

const TEXT = {
  en: {
    seats: 'Seats',
    review: 'Review change',
    dueNow: 'Due now',
    applied: 'Your plan has changed.',
    yearly: 'Yearly',
    subject: (plan: string) => `Your ${plan} subscription has changed`,
    charged: 'Charged now',
  },
  de: {
    seats: 'Plätze',
    review: 'Änderung prüfen',
    dueNow: 'Jetzt fällig',
    applied: 'Ihr Tarif wurde geändert.',
    yearly: 'Jährlich',
    subject: (plan: string) => `Ihr ${plan}-Abonnement wurde geändert`,
    charged: 'Jetzt abgebucht',
  },
} as const;

for (const { language, javaScript } of [
  { language: 'en', javaScript: true },
  { language: 'de', javaScript: false },
] as const) {
  test.describe(`a Team buyer raises 5 seats to 7 (${language}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US', javaScriptEnabled: javaScript });

    test('sees the amount due now, confirms, and the page, the webhook and the email agree', async ({
      page,
      baseURL,
    }) => {
      // A purchase, three page loads and two emails; the first test meets a cold host.
      test.setTimeout(60_000);
      const t = TEXT[language];
      const email = `team-${language}-${Date.now()}@example.com`;
      const manage = await subscribe(
        siteOf(baseURL),
        { plan: 'team', interval: 'monthly', seats: '5', email },
        language,
      );
      await expect.poll(() => smtp.to(email).length).toBe(1); // the receipt
      await page.goto(manage);
      await page.getByLabel(t.seats).fill('7');
      await page.getByRole('button', { name: t.review }).click();

      // The preview, before anything is charged.
      const due = (await termValue(page, t.dueNow).textContent()) ?? '';
      const amount = /\d+[.,]\d{2}/.exec(due)?.[0] ?? '';
      expect(amount).not.toBe('');
      expect(
        webhooks.deliveries.filter(
          (d) => d.type === 'subscription.updated' && d.data.email === email,
        ),
      ).toEqual([]);

      // The confirmation names the same amount ("Confirm and pay €35.70").
      const confirm = page.locator('form:has(input[name="confirmToken"]) button[type="submit"]');
      await expect(confirm).toContainText(amount);
      await confirm.click();
      await expect(page.getByRole('status').filter({ hasText: t.applied })).toBeVisible();
      await expect(termValue(page, t.seats)).toHaveText('7');

      // The host's team and the buyer learn the same change and amount.
      await expect
        .poll(
          () =>
            webhooks.deliveries.filter(
              (d) => d.type === 'subscription.updated' && d.data.email === email,
            ).length,
        )
        .toBe(1);
      const event = webhooks.deliveries.find(
        (d) => d.type === 'subscription.updated' && d.data.email === email,
      );
      const change = event?.data.change as {
        previous: { seats: number };
        next: { seats: number };
        amountDue: number;
        order: { invoiceNumber: string };
      };
      expect([change.previous.seats, change.next.seats]).toEqual([5, 7]);
      // The webhook's amount, in minor units, is the one the page showed.
      expect((change.amountDue / 100).toFixed(2).replace('.', language === 'de' ? ',' : '.')).toBe(
        amount,
      );
      await expect.poll(() => smtp.to(email).length).toBe(2);
      const mail = smtp.to(email)[1];
      expect(mail?.subject).toBe(t.subject('Team'));
      expect(mail?.text).toMatch(new RegExp(`${t.charged}: \\D*${amount}`));
      expect(mail?.text).toContain(change.order.invoiceNumber);
    });
  });
}

for (const { language, javaScript } of [
  { language: 'en', javaScript: false },
  { language: 'de', javaScript: true },
] as const) {
  test.describe(`a Pro buyer switches to yearly (${language}, JavaScript ${javaScript ? 'on' : 'off'})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US', javaScriptEnabled: javaScript });

    test('in the trial: nothing due now, the yearly price from the first charge on', async ({
      page,
      baseURL,
    }) => {
      const t = TEXT[language];
      const email = `pro-${language}-${Date.now()}@example.com`;
      const manage = await subscribe(
        siteOf(baseURL),
        { plan: 'pro', interval: 'monthly', email },
        language,
      );
      await page.goto(manage);
      await page.getByRole('radio', { name: t.yearly }).check();
      await page.getByRole('button', { name: t.review }).click();
      await expect(termValue(page, t.dueNow)).toHaveText(/0[.,]00/);
      await page.locator('form:has(input[name="confirmToken"]) button[type="submit"]').click();
      await expect(page.getByRole('status').filter({ hasText: t.applied })).toBeVisible();
      await expect
        .poll(
          () =>
            webhooks.deliveries.filter(
              (d) => d.type === 'subscription.updated' && d.data.email === email,
            ).length,
        )
        .toBe(1);
      const event = webhooks.deliveries.find(
        (d) => d.type === 'subscription.updated' && d.data.email === email,
      );
      expect(event?.data).toMatchObject({
        interval: 'yearly',
        change: { previous: { interval: 'monthly' }, next: { interval: 'yearly' }, amountDue: 0 },
      });
      // A trial's start sends no receipt: the change's email is the first.
      await expect.poll(() => smtp.to(email).length).toBe(1);
      expect(smtp.to(email)[0]?.subject).toBe(t.subject('Pro'));
    });
  });
}
