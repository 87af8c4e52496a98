// Receipt emails against a real SMTP server (smtp-server), sent from the outbox.

import { parseCatalog } from '../catalog/parseCatalog.js';
import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { makeCatalog } from '../test-utils/factories.js';
import { type SmtpSink, startSmtpSink } from '../test-utils/smtpSink.js';
import { readLink } from './signedLinks.js';

const PUBLIC_URL = 'https://shop.example';

describe.each(databases)('receipt emails, on $name', (database) => {
  const h = useEngineHarness(database);
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp.close();
  });
  const email = () => ({
    email: { smtpUrl: smtp.url, from: 'Acme Billing <billing@acme.example>' },
    publicUrl: PUBLIC_URL,
    merchantAddress: '1 Main Street; 10115 Berlin; Germany',
  });

  it('sends the buyer one receipt, HTML and text, with reference, amounts, card and a signed link', async () => {
    const { engine } = h.setup(email());
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ promo: 'LAUNCH20' }), visitor),
    );
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    if (!order) throw new Error('no order');
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 1, retrying: 0 });
    // Delivered once: a second pass sends nothing.
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail?.from?.value).toEqual([{ name: 'Acme Billing', address: 'billing@acme.example' }]);
    expect(mail?.subject).toBe(`Your receipt from Acme (${order.reference})`);
    const text = mail?.text ?? '';
    const total = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(
      order.total / 100,
    );
    for (const part of [order.reference, 'Starter', total, 'visa ending in 4242', '10115 Berlin']) {
      expect(text).toContain(part);
      expect(mail?.html).toContain(part);
    }
    expect(text).toContain('Discount');
    expect(mail?.messageId).toMatch(/^<evt_[0-9a-f]{32}@plankit>$/);
    // The link: the site's origin, the route helper's path, a token only the secret makes.
    const url = new URL(/View or print your receipt: (\S+)/.exec(text)?.[1] ?? '');
    expect(url.origin).toBe(PUBLIC_URL);
    const token = url.pathname.replace('/receipts/', '');
    expect(readLink('test-secret-of-16-chars', 'receipt', token)).toBe(order.id);
    expect(readLink('another-secret-16-chars', 'receipt', token)).toBeNull();
    expect(text).toContain('Manage your subscription: https://shop.example/subscriptions/');
  });

  it('a reverse-charged receipt says so and shows both VAT IDs', async () => {
    const { engine } = h.setup({
      ...email(),
      merchantCountry: 'IE',
      merchantVatId: 'IE6388047V',
    });
    const post = h.post({
      country: 'FR',
      business: 'on',
      company: 'Acme SAS',
      vatId: 'FR40303265045',
      shownTotal: 'EUR 900',
    });
    expectRedirect(await engine.submitPlanStep(post, visitor));
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    const text = mail?.text ?? '';
    for (const part of [
      'VAT 0% (reverse charge)',
      'FR40303265045',
      'IE6388047V',
      'Reverse charge',
    ]) {
      expect(text).toContain(part);
      expect(mail?.html).toContain(part);
    }
    expect(text).toContain('VAT to be accounted for by the recipient');
  });

  it('a refused message is sent again later, then never twice', async () => {
    const { engine } = h.setup(email());
    smtp.refuseNext(1);
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    expect(await engine.deliverEvents()).toMatchObject({ retrying: 1 });
    expect(smtp.messages).toHaveLength(0);
    await h.advance(5_000);
    expect(await engine.deliverEvents()).toMatchObject({ delivered: 1 });
    await h.advance(DAY);
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(1);
  });

  it('a renewal receipt and an ended notice; nothing for a trial start', async () => {
    const { engine } = h.setup(email());
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'pro', paymentMethod: h.cards.success }), visitor),
    );
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(0); // A trial: no payment, no receipt.
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await engine.deliverEvents();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your Pro subscription was renewed \(/),
    ]);
    await h.store.setCancelAtPeriodEnd(subscription?.id ?? '', true);
    await engine.advanceTestClock(new Date(START.getTime() + 60 * DAY));
    await engine.deliverEvents();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/renewed/),
      'Your Pro subscription has ended',
    ]);
  });

  it('a past-due notice links to the manage page', async () => {
    const { engine } = h.setup(email());
    expectRedirect(
      await engine.submitPlanStep(
        h.post({ plan: 'pro', paymentMethod: h.cards.declinesAfterSaving }),
        visitor,
      ),
    );
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await engine.deliverEvents();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      'We could not renew your Pro subscription',
    ]);
    expect(smtp.messages[0]?.text).toContain(
      'Manage your subscription: https://shop.example/subscriptions/',
    );
  });

  it('in the language of the checkout: its text from messagesFor, amounts and dates in its locale', async () => {
    const { engine } = h.setup({
      ...email(),
      messagesFor: (locale) =>
        locale === 'de'
          ? {
              emailReceiptSubject: 'Ihre Quittung von {merchant} ({reference})',
              emailTotal: 'Gesamt',
            }
          : undefined,
    });
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post(), { ...visitor, locale: 'de' }),
    );
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    expect(mail?.subject).toBe(`Ihre Quittung von Acme (${order?.reference})`);
    const total = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(
      (order?.total ?? 0) / 100,
    );
    expect(mail?.text).toContain(`Gesamt: ${total}`);
    expect(mail?.text).toContain('31. Januar 2031');
  });

  it('a refund: the amount, what remains, the credit note and the invoice it corrects, in German', async () => {
    const { engine } = h.setup(email());
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post(), { ...visitor, locale: 'de' }),
    );
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    if (!order) throw new Error('no order');
    await engine.deliverEvents();
    await engine.refund({
      orderReference: order.reference,
      amount: 500,
      reason: 'Doppelt gebucht',
    });
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(2);
    const mail = smtp.messages[1];
    expect(mail?.subject).toBe(`Ihre Erstattung von Acme (${order.reference})`);
    const euros = (minor: number) =>
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(minor / 100);
    const text = mail?.text ?? '';
    for (const line of [
      `Erstattet: ${euros(500)}`,
      `Verbleibende Zahlung: ${euros(order.amountPaid - 500)}`,
      'Gutschrift: INV-2031-000002',
      'Rechnung: INV-2031-000001',
      'Grund: Doppelt gebucht',
      `Wir haben ${euros(500)} Ihrer Zahlung für die Bestellung ${order.reference} erstattet.`,
    ]) {
      expect(text).toContain(line);
    }
    expect(mail?.html).toContain('Gutschrift');
    const url = new URL(/Beleg ansehen oder drucken: (\S+)/.exec(text)?.[1] ?? '');
    expect(
      readLink('test-secret-of-16-chars', 'receipt', url.pathname.replace('/receipts/', '')),
    ).toBe(order.id);
  });

  it('in the shipped language of the checkout without any text of the host (de-AT → German)', async () => {
    const { engine } = h.setup(email());
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post(), { ...visitor, locale: 'de-AT' }),
    );
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    expect(mail?.subject).toBe(`Ihr Beleg von Acme (${order?.reference})`);
    expect(mail?.text).toContain('Vielen Dank für Ihre Bestellung');
    expect(mail?.text).toContain('Beleg ansehen oder drucken');
  });

  it('names the plan in the buyer’s language, as the catalog gives it', async () => {
    const catalog = makeCatalog();
    const german = {
      ...catalog,
      plans: catalog.plans.map((plan) =>
        plan.id === 'starter' ? { ...plan, name: { en: 'Starter', de: 'Einsteiger' } } : plan,
      ),
    };
    const { engine } = h.setup({ ...email(), catalog: parseCatalog(german) });
    expectRedirect(await engine.submitPlanStep(h.post(), { ...visitor, locale: 'de' }));
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    expect(mail?.text).toContain('Einsteiger');
    expect(mail?.text).not.toMatch(/\bStarter\b/);
  });

  it('without email options, sends nothing and takes no email deliveries', async () => {
    const { engine } = h.setup();
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(0);
    expect(await h.countRows('event_deliveries')).toBe(0);
  });
});
