// After the purchase, as a buyer and the host's team see it: a verified `order.paid` webhook,
// one receipt email whose link opens the receipt in another browser, and canceling from the
// manage page. The server's webhooks and emails go to receivers this spec starts on the
// ports playwright.config.ts gives the server (E2E_WEBHOOK_PORT, E2E_SMTP_PORT).
import { createServer, type Server } from 'node:http';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import {
  cards,
  definitionOf,
  FINISH_URL,
  fillDetails,
  openPlanStep,
  payWith,
  receipt,
} from './checkout';
import { expect, test, watchForViolations } from './fixtures';

interface Delivery {
  id: string;
  type: string;
  data: { id: string; version: number; email?: string; reference?: string } & Record<
    string,
    unknown
  >;
}

const deliveries: Delivery[] = [];
let rejected = 0;
const mails: ParsedMail[] = [];
let webhookServer: Server;
let smtpServer: SMTPServer;

test.beforeAll(async () => {
  const verifier = new Webhook(process.env.E2E_WEBHOOK_SECRET ?? '');
  webhookServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        const payload = verifier.verify(body, request.headers as Record<string, string>) as Omit<
          Delivery,
          'id'
        >;
        deliveries.push({ ...payload, id: String(request.headers['webhook-id']) });
        response.writeHead(204).end();
      } catch {
        rejected++;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) =>
    webhookServer.listen(Number(process.env.E2E_WEBHOOK_PORT), '127.0.0.1', resolve),
  );
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) =>
    smtpServer.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
});

test.afterAll(async () => {
  await new Promise((resolve) => webhookServer.close(resolve));
  await new Promise((resolve) => smtpServer.close(() => resolve(undefined)));
});

const mailsTo = (email: string) =>
  mails.filter((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '') === email);

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
        () => deliveries.filter((d) => d.type === 'order.paid' && d.data.email === email).length,
      )
      .toBe(1);
    const paid = deliveries.find((d) => d.type === 'order.paid' && d.data.email === email);
    expect(paid?.data.reference).toBe(reference);
    expect(paid?.id).toMatch(/^evt_/);
    expect(rejected).toBe(0);

    // The buyer gets one email with the reference and the total.
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const [mail] = mailsTo(email);
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
          deliveries.filter(
            (d) => d.type === 'subscription.updated' && d.data.id === subscriptionId,
          ).length,
      )
      .toBe(1);
    const updated = deliveries.find(
      (d) => d.type === 'subscription.updated' && d.data.id === subscriptionId,
    );
    expect(updated?.data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', version: 2 });
  });
});
