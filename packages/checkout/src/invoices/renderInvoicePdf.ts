// Invoices and credit notes as PDF (issue 22.4), in the buyer's language, drawn with pdfkit
// (maintained, runs in Node.js with no browser, embeds TrueType/OpenType subsets, shapes
// Arabic through fontkit). Server-only: exported from `@plankit/checkout/server`.

import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import { compileMessages } from '../messages/compileMessages.js';
import { directionOf } from '../messages/locales.js';
import { messagesFor } from '../messages/messagesFor.js';
import type { OrderRecord, Refund } from '../store/types.js';
import { drawInvoice } from './drawInvoice.js';
import { createInvoiceCanvas } from './invoiceCanvas.js';
import {
  type ContentInput,
  creditNoteContent,
  type InvoiceContent,
  type InvoiceMerchant,
  invoiceContent,
} from './invoiceContent.js';
import { invoiceLocaleOf } from './invoiceFonts.js';

/** What {@link renderInvoicePdf} draws an invoice from. */
export interface RenderInvoiceInput {
  /** The order with its checkout session (`store.getOrderRecord`); it needs an invoice number. */
  record: OrderRecord;
  /** The seller. */
  merchant: InvoiceMerchant;
  /**
   * The buyer's language (the checkout's, `session.locale`, by default). Japanese, Chinese
   * and Korean need their font package installed (`@embedpdf/fonts-jp`, `-sc`, `-kr`);
   * without it the invoice is in English.
   */
  locale?: string | null;
  /** The plan's name in that language (`planTexts(plan, locale).name`); the plan id without it. */
  planName?: string | null;
  /** The host's own text (ICU MessageFormat) over the shipped messages of the language. */
  messages?: Partial<CheckoutMessages> | null;
}

async function render(
  input: RenderInvoiceInput,
  content: (input: ContentInput) => InvoiceContent,
): Promise<Uint8Array> {
  const locale = invoiceLocaleOf(input.locale ?? input.record.session.locale);
  const messages = compileMessages(input.messages ?? {}, messagesFor(locale));
  const text = content({
    record: input.record,
    merchant: input.merchant,
    locale,
    messages,
    planName: input.planName ?? null,
  });
  // The document's title in a reader's window: "Invoice INV-2026-000042".
  const number = text.meta[0]?.[1] ?? '';
  const canvas = createInvoiceCanvas(locale, directionOf(locale), `${text.title} ${number}`.trim());
  drawInvoice(canvas, text);
  return canvas.end();
}

/**
 * An order's invoice as a PDF: seller, buyer (company, address, VAT ID), the plan's line,
 * tax per rate, total, the reverse-charge note where it applies, number and date.
 * Throws an `InvalidArgumentError` when the order has no invoice number (nothing was charged).
 */
export function renderInvoicePdf(input: RenderInvoiceInput): Promise<Uint8Array> {
  return render(input, invoiceContent);
}

/**
 * A refund's credit note as a PDF, numbered from the invoices' sequence and referring to
 * the order's invoice. Throws an `InvalidArgumentError` when the refund has no credit note
 * number (it has not succeeded).
 */
export function renderCreditNotePdf(
  input: RenderInvoiceInput & { refund: Refund },
): Promise<Uint8Array> {
  return render(input, (content) => creditNoteContent(content, input.refund));
}

export type { InvoiceMerchant };
