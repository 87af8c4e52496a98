// Invoices and credit notes drawn as PDF and read back with unpdf (pdf.js), as a buyer's
// PDF reader or an accountant's import would read them.

import { getDocumentProxy } from 'unpdf';
import { makeOrderRecord, makeRefund } from '../test-utils/invoiceFixtures.js';
import { plain, readPdfText } from '../test-utils/readPdf.js';
import { invoiceLocaleOf } from './invoiceFonts.js';
import { renderCreditNotePdf, renderInvoicePdf } from './renderInvoicePdf.js';

const merchant = {
  name: 'Plankit Demo GmbH',
  address: 'Hauptstraße 1; 10115 Berlin; Germany',
  vatId: 'DE136695976',
};
const money = (amount: number, locale: string) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount));

describe('an invoice as PDF', () => {
  it('German consumer, team plan, 5 seats, LAUNCH20, 19% VAT, in English', async () => {
    const bytes = await renderInvoicePdf({
      record: makeOrderRecord({ locale: 'en' }),
      merchant,
      planName: 'Team',
    });
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = await readPdfText(bytes);
    for (const part of [
      'Invoice',
      'Invoice number INV-2026-000042',
      'Invoice date March 14, 2026',
      'Order reference PK-7F3K-92QD',
      'Seller Plankit Demo GmbH Hauptstraße 1 10115 Berlin Germany',
      'Seller’s VAT ID: DE136695976',
      'Bill to Ada Lovelace Germany ada@example.com',
      'Team 5 €120.00 €600.00 Yearly',
      'Subtotal €600.00',
      'Discount −€120.00',
      'Net amount €480.00',
      'VAT 19% of €480.00 €91.20',
      'Total €571.20',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Reverse charge');
  });

  it('French company with a VAT ID, reverse charged, in German', async () => {
    const text = await readPdfText(
      await renderInvoicePdf({
        record: makeOrderRecord({ business: true, locale: 'de' }),
        merchant,
        planName: 'Team',
      }),
    );
    for (const part of [
      'Rechnung',
      'Rechnungsnummer INV-2026-000042',
      'Rechnungsdatum 14. März 2026',
      'Verkäufer Plankit Demo GmbH',
      'USt-IdNr. des Verkäufers: DE136695976',
      'Rechnungsempfänger Acme SAS Ada Lovelace 12 rue de la Paix 75002 Paris Frankreich',
      'USt-IdNr. des Käufers: FR40303265045',
      `Team 5 ${money(120, 'de')} ${money(600, 'de')} Jährlich`,
      `Nettobetrag ${money(480, 'de')}`,
      `USt. 0 % (Steuerschuldnerschaft des Leistungsempfängers) ${money(0, 'de')}`,
      `Gesamt ${money(480, 'de')}`,
      'Reverse-Charge-Verfahren: Steuerschuldnerschaft des Leistungsempfängers (Art. 196',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('the same company in Arabic: right to left, shaped, with the Latin parts intact', async () => {
    const bytes = await renderInvoicePdf({
      record: makeOrderRecord({ business: true, locale: 'ar' }),
      merchant,
      planName: 'Team',
    });
    const text = await readPdfText(bytes);
    // pdf.js reads each right-to-left run back in logical order; the words are whole.
    for (const part of [
      'فاتورة',
      'INV-2026-000042',
      'مارس',
      '2026',
      'PK-7F3K-92QD',
      'Plankit Demo GmbH',
      'DE136695976',
      'Acme SAS',
      '12 rue de la Paix',
      '75002 Paris',
      'فرنسا',
      'FR40303265045',
      'Team',
      'الخصم',
      'الصافي',
      '480.00',
      'العكسي',
      'المادة',
      '2006/112',
    ]) {
      expect(text).toContain(part);
    }
    // The Arabic and Latin fonts are both embedded (as subsets).
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
  });

  it('in Japanese with the Japanese font installed', async () => {
    const text = await readPdfText(
      await renderInvoicePdf({ record: makeOrderRecord({ locale: 'ja' }), merchant }),
    );
    expect(text).toContain('請求書番号 INV-2026-000042');
    expect(text).toContain('2026年3月14日');
    expect(text).toContain('合計 €571.20');
  });

  it('in English where a language’s font is not installed (Chinese here)', async () => {
    expect(invoiceLocaleOf('zh-CN')).toBe('en');
    expect(invoiceLocaleOf('ja')).toBe('ja');
    expect(invoiceLocaleOf('de-AT')).toBe('de');
    const text = await readPdfText(
      await renderInvoicePdf({ record: makeOrderRecord({ locale: 'zh-CN' }), merchant }),
    );
    expect(text).toContain('Invoice number INV-2026-000042');
  });

  it('takes the host’s own text over the shipped one', async () => {
    const text = await readPdfText(
      await renderInvoicePdf({
        record: makeOrderRecord(),
        merchant,
        messages: { invoiceTitle: 'Tax invoice' },
      }),
    );
    expect(text).toMatch(/^Tax invoice Invoice number/);
  });

  it('refuses an order that has no invoice number (a trial)', async () => {
    await expect(
      renderInvoicePdf({ record: makeOrderRecord({ order: { invoiceNumber: null } }), merchant }),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid_argument' }));
  });
});

describe('a credit note as PDF', () => {
  it('a fifth of the order refunded: its own number, the invoice it refers to, the VAT in it', async () => {
    const text = await readPdfText(
      await renderCreditNotePdf({
        record: makeOrderRecord(),
        refund: makeRefund(),
        merchant,
      }),
    );
    for (const part of [
      'Credit note',
      'Credit note number INV-2026-000057',
      'Invoice date April 2, 2026',
      'Refund of order PK-7F3K-92QD',
      'Net amount €96.00',
      'VAT 19% of €96.00 €18.24',
      'Total €114.24',
      'Refers to invoice INV-2026-000042',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('refuses a refund without a credit note number', async () => {
    await expect(
      renderCreditNotePdf({
        record: makeOrderRecord(),
        refund: makeRefund({ status: 'pending', creditNoteNumber: null }),
        merchant,
      }),
    ).rejects.toThrow('has no credit note number');
  });
});

describe('long text on an invoice', () => {
  it('wraps a long company name, in Latin and in Japanese, within the page', async () => {
    const company =
      'Société Internationale de Développement Logiciel et de Services Numériques SAS';
    const kanji = '株式会社国際ソフトウェア開発研究所東京本社営業部第一課システム統括管理室';
    for (const [locale, name] of [
      ['en', company],
      ['ja', kanji],
    ] as const) {
      const record = makeOrderRecord({ business: true, locale });
      if (record.order.business) record.order.business.company = name;
      const bytes = await renderInvoicePdf({ record, merchant });
      const pdf = await getDocumentProxy(bytes.slice());
      const page = await pdf.getPage(1);
      const { items } = await page.getTextContent();
      const right = Math.max(
        ...items.map((item) => ('transform' in item ? item.transform[4] + item.width : 0)),
      );
      // A4 is 595 pt wide, with a 50 pt margin.
      expect(right).toBeLessThanOrEqual(546);
      expect(plain(items.map((item) => ('str' in item ? item.str : '')).join(''))).toContain(
        name.slice(-6),
      );
    }
  });

  it('names the PDF after its number', async () => {
    const pdf = await getDocumentProxy(
      (await renderInvoicePdf({ record: makeOrderRecord(), merchant })).slice(),
    );
    const { info } = await pdf.getMetadata();
    expect(info).toMatchObject({ Title: 'Invoice INV-2026-000042' });
  });
});
