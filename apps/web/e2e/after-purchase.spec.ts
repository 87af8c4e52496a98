// After the purchase, as a buyer and the host's team see it: a verified `order.paid` webhook,
// one receipt email whose link opens the receipt in another browser, and canceling from the
// manage page. The server's webhooks and emails go to receivers this spec starts on the
// ports playwright.config.ts gives the server (E2E_WEBHOOK_PORT, E2E_SMTP_PORT).
import {
  cards,
  definitionOf,
  FINISH_URL,
  fillDetails,
  futureExpiry,
  openPlanStep,
  payWith,
  receipt,
} from './checkout';
import { expect, test, watchForViolations } from './fixtures';
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

test.describe('after buying the starter plan', () => {
  test('one verified order.paid, one receipt email whose link opens on another device, cancel from the manage page', async ({
    page,
    browser,
  }) => {
    const email = `buyer-${Date.now()}@example.com`;
    await openPlanStep(page, 'starter');
    await fillDetails(page, { email });
    await payWith(page, cards.succeeds);
    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const reference = (await definitionOf(receipt(page), 'Order reference').textContent()) ?? '';
    const total = (await definitionOf(receipt(page), 'Paid').textContent()) ?? '';

    // The host's team learns it: one verified order.paid for this order.
    await expect
      .poll(
        () =>
          webhooks.deliveries.filter((d) => d.type === 'order.paid' && d.data.email === email)
            .length,
      )
      .toBe(1);
    const paid = webhooks.deliveries.find((d) => d.type === 'order.paid' && d.data.email === email);
    expect(paid?.data.reference).toBe(reference);
    expect(paid?.id).toMatch(/^evt_/);
    expect(webhooks.rejected()).toBe(0);

    // The buyer gets one email with the reference and the total.
    await expect.poll(() => smtp.to(email).length).toBe(1);
    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe(`Your receipt from Plankit Demo (${reference})`);
    expect(mail?.text).toContain(reference);
    expect(mail?.text).toContain(total);
    const receiptLink = /View or print your receipt: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const manageLink = /Manage your subscription: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';

    // Another device: a fresh browser with no cookie, and no JavaScript either (the manage
    // page's confirmation and cancel are plain links and form posts), opens the receipt.
    const other = await browser.newContext({ javaScriptEnabled: false });
    const violations = await watchForViolations(other);
    try {
      const phone = await other.newPage();
      await phone.goto(receiptLink);
      await expect(
        phone.getByRole('heading', { level: 1, name: `Receipt ${reference}` }),
      ).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
      await expect(phone.getByText('10115 Berlin')).toBeVisible();
      await expect(definitionOf(receipt(phone), 'Paid')).toHaveText(total);
      // A link whose signature was changed opens nothing.
      await phone.goto(receiptLink.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
      await expect(phone.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();

      // Cancel from the manage page, after a confirmation.
      await phone.goto(manageLink);
      await expect(
        phone.getByRole('heading', { level: 1, name: 'Your Starter subscription' }),
      ).toBeVisible();
      await phone.getByRole('link', { name: 'Cancel subscription' }).click();
      await expect(phone.getByRole('heading', { name: 'Cancel your subscription?' })).toBeVisible();
      await phone.getByRole('button', { name: 'Yes, cancel at the end of the period' }).click();
      await expect(phone.getByRole('status')).toContainText('Your subscription will end on');
      await expect(phone.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    } finally {
      await other.close();
    }
    expect(violations).toEqual([]);

    // The change is an event too: the subscription, now ending with its period.
    const subscriptionId = String(paid?.data.subscriptionId);
    await expect
      .poll(
        () =>
          webhooks.deliveries.filter(
            (d) => d.type === 'subscription.updated' && d.data.id === subscriptionId,
          ).length,
      )
      .toBe(1);
    const updated = webhooks.deliveries.find(
      (d) => d.type === 'subscription.updated' && d.data.id === subscriptionId,
    );
    expect(updated?.data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', version: 2 });
  });
});

test.describe('a German buyer', () => {
  test.use({ locale: 'de' });

  test('gets the receipt email in German, the plan named as the catalog names it in German', async ({
    page,
  }) => {
    const email = `kaeufer-${Date.now()}@example.com`;
    await openPlanStep(page, 'starter');
    await expect(page.getByRole('heading', { level: 1, name: 'Einsteiger' })).toBeVisible();
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Vollständiger Name').fill('Ada Lovelace');
    await page.getByLabel('Land').selectOption({ label: 'Deutschland' });
    await page.getByLabel('Kartennummer').fill(cards.succeeds);
    await page.getByLabel('Gültig bis (MM/JJ)').fill(futureExpiry());
    await page.getByLabel('Prüfnummer (CVC)').fill('123');
    await page.getByRole('button', { name: / bezahlen$/ }).click();
    await expect(page).toHaveURL(FINISH_URL);
    await expect.poll(() => smtp.to(email).length).toBe(1);
    const [mail] = smtp.to(email);
    expect(mail?.subject).toMatch(/^Ihr Beleg von Plankit Demo \(PK-/);
    expect(mail?.text).toContain('Einsteiger');
    expect(mail?.text).not.toMatch(/\bStarter\b/);
  });
});

test.describe('find my subscription', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`from the footer of any page, mails the links to a known address and says the same to an unknown one (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const email = `finder-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`;
      // A purchase first, in a browser of its own.
      const buyer = await browser.newPage();
      await openPlanStep(buyer, 'starter');
      await fillDetails(buyer, { email });
      await payWith(buyer, cards.succeeds);
      await expect(buyer).toHaveURL(FINISH_URL);
      const reference = (await definitionOf(receipt(buyer), 'Order reference').textContent()) ?? '';
      await expect.poll(() => smtp.to(email).length).toBe(1);
      await buyer.close();

      const context = await browser.newContext({ javaScriptEnabled });
      const violations = await watchForViolations(context);
      try {
        const page = await context.newPage();
        await page.goto('/fallback');
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: 'Manage your subscription' })
          .click();
        await expect(
          page.getByRole('heading', { level: 1, name: 'Find your subscription' }),
        ).toBeVisible();

        // Not an address: said at the field, the text kept.
        await page.getByLabel('Email').fill('finder.example.com');
        await page.getByRole('button', { name: 'Email me my links' }).click();
        await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
        await expect(page.getByLabel('Email')).toHaveValue('finder.example.com');

        const sent = (address: string) =>
          `If ${address} has subscriptions or orders with us, an email with their links is on its way.`;
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Email me my links' }).click();
        await expect(page.getByRole('status')).toContainText(sent(email));
        await expect.poll(() => smtp.to(email).length).toBe(2);
        const mail = smtp.to(email)[1];
        expect(mail?.subject).toBe('Your subscriptions at Plankit Demo');
        const manage = /Starter subscription, Active: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        const receiptLink =
          new RegExp(`Receipt ${reference} \\([^)]*\\): (\\S+)`).exec(mail?.text ?? '')?.[1] ?? '';
        await page.goto(manage);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Your Starter subscription' }),
        ).toBeVisible();
        await page.goto(receiptLink);
        await expect(
          page.getByRole('heading', { level: 1, name: `Receipt ${reference}` }),
        ).toBeVisible();

        // An unknown address gets the very same answer, and no email.
        const stranger = `nobody-${Date.now()}@example.com`;
        await page.goto('/subscriptions');
        await page.getByLabel('Email').fill(stranger);
        await page.getByRole('button', { name: 'Email me my links' }).click();
        await expect(page.getByRole('status')).toContainText(sent(stranger));
        // Emails leave in order: once the known address's next one is in, none left for it.
        await page.goto('/subscriptions');
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Email me my links' }).click();
        await expect.poll(() => smtp.to(email).length).toBe(3);
        expect(smtp.to(stranger)).toHaveLength(0);
      } finally {
        await context.close();
      }
      expect(violations).toEqual([]);
    });
  }
});
