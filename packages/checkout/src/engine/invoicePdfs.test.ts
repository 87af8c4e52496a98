// The invoice of a real purchase, through the engine: attached to the receipt email (read
// from a real SMTP server) and downloaded by the receipt's signed link, on PGlite and
// PostgreSQL.

import {
  DAY,
  databases,
  expectRedirect,
  HOUR,
  START,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { readPdfText } from '../test-utils/readPdf.js';
import { type SmtpSink, startSmtpSink } from '../test-utils/smtpSink.js';
import { signLink } from './signedLinks.js';

const SECRET = 'test-secret-of-16-chars';

describe.each(databases)('invoices of real purchases, on $name', (database) => {
  const h = useEngineHarness(database);
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp.close();
  });
  const options = () => ({
    email: { smtpUrl: smtp.url, from: 'Acme Billing <billing@acme.example>' },
    publicUrl: 'https://shop.example',
    merchantName: 'Acme GmbH',
    merchantAddress: 'Hauptstraße 1; 10115 Berlin',
    merchantCountry: 'DE',
    merchantVatId: 'DE136695976',
  });

  async function buy(post: Record<string, string> = {}, locale = 'en') {
    const { engine } = h.setup(options());
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post(post), { ...visitor, locale }),
    );
    const order = (await h.store.getSessionRecord(sessionId))?.order;
    if (!order) throw new Error('no order');
    return { engine, order, token: signLink(SECRET, 'receipt', order.id) };
  }

  it('the receipt email carries the invoice as PDF, named by its number', async () => {
    const { engine, order } = await buy();
    expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    const pdfs = mail?.attachments.filter((file) => file.contentType === 'application/pdf') ?? [];
    expect(pdfs.map((file) => file.filename)).toEqual([`${order.invoiceNumber}.pdf`]);
    const text = await readPdfText(new Uint8Array(pdfs[0]?.content ?? []));
    for (const part of [
      `Invoice number ${order.invoiceNumber}`,
      `Order reference ${order.reference}`,
      'Seller Acme GmbH Hauptstraße 1 10115 Berlin',
      'Seller’s VAT ID: DE136695976',
      'Bill to Ada Lovelace Germany ada@example.com',
      'Starter 1 €9.00 €9.00 Monthly',
      'VAT 19% of €9.00 €1.71',
      'Total €10.71',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('a refund’s email carries its credit note, numbered from the same sequence, naming the invoice', async () => {
    const { engine, order } = await buy();
    await engine.deliverEvents();
    const { refund } = await engine.refund({ orderReference: order.reference, amount: 500 });
    await engine.deliverEvents();
    const mail = smtp.messages[1];
    expect(mail?.subject).toBe(`Your refund from Acme GmbH (${order.reference})`);
    const pdfs = mail?.attachments.filter((file) => file.contentType === 'application/pdf') ?? [];
    expect(pdfs.map((file) => file.filename)).toEqual([`${refund.creditNoteNumber}.pdf`]);
    const text = await readPdfText(new Uint8Array(pdfs[0]?.content ?? []));
    expect(text).toContain(String(refund.creditNoteNumber));
    expect(text).toContain(String(order.invoiceNumber));
    expect(text).toContain('€5.00');
  });

  it('a trial charges nothing: no invoice number, no attachment, no download', async () => {
    const { engine, order, token } = await buy({ plan: 'pro' });
    expect(order.invoiceNumber).toBeNull();
    await engine.deliverEvents();
    expect(smtp.messages.flatMap((mail) => mail.attachments)).toEqual([]);
    expect(await engine.getInvoicePdf(token)).toEqual({ status: 'not_found' });
    const view = await engine.getReceiptView(token);
    expect(view.status === 'found' && view.invoiceUrl).toBeNull();
  });

  it('the receipt page links the download; the link answers the PDF, in the checkout’s language', async () => {
    const { engine, order, token } = await buy(
      {
        country: 'FR',
        business: 'on',
        company: 'Acme SAS',
        vatId: 'FR40303265045',
        street: '12 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        shownTotal: 'EUR 900',
      },
      'de',
    );
    const view = await engine.getReceiptView(token);
    expect(view.status === 'found' && view.invoiceUrl).toBe(`/receipts/${token}/invoice.pdf`);
    const answer = await engine.getInvoicePdf(token);
    if (answer.status !== 'found') throw new Error('no invoice');
    expect(answer.filename).toBe(`${order.invoiceNumber}.pdf`);
    const text = await readPdfText(answer.pdf);
    for (const part of [
      `Rechnungsnummer ${order.invoiceNumber}`,
      'Rechnungsempfänger Acme SAS Ada Lovelace 12 rue de la Paix 75002 Paris Frankreich',
      'USt-IdNr. des Käufers: FR40303265045',
      'USt. 0 % (Steuerschuldnerschaft des Leistungsempfängers)',
      'Reverse-Charge-Verfahren',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('a renewal’s receipt carries the renewal’s own invoice', async () => {
    const { engine, order } = await buy({ plan: 'pro' });
    await engine.advanceTestClock(new Date(START.getTime() + 14 * DAY + HOUR));
    await engine.deliverEvents();
    const [mail] = smtp.messages;
    expect(mail?.subject).toMatch(/renewed/);
    const [file] = mail?.attachments ?? [];
    const number = (file?.filename ?? '').replace(/\.pdf$/, '');
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    // Not the trial's order (it charged nothing and has no number): the renewal's.
    expect(order.invoiceNumber).toBeNull();
    const text = await readPdfText(new Uint8Array(file?.content ?? []));
    expect(text).toContain(`Invoice number ${number}`);
    expect(text).toContain('Pro 1 €29.00 €29.00 Monthly');
  });

  it('any other token finds nothing', async () => {
    const { engine, order } = await buy();
    for (const token of ['', 'nope', signLink('another-secret-16-chars', 'receipt', order.id)]) {
      expect(await engine.getInvoicePdf(token)).toEqual({ status: 'not_found' });
    }
    // A subscription's token opens its manage page, never an invoice.
    expect(await engine.getInvoicePdf(signLink(SECRET, 'subscription', order.id))).toEqual({
      status: 'not_found',
    });
  });
});
