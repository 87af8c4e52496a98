// An order's invoice as PDF for the engine's two readers: the receipt email (attached) and
// the signed download link (`/receipts/{token}/invoice.pdf`, the receipt page's token). It
// is drawn when asked for, from the stored order, in the checkout's language: the same
// document every time, so nothing needs storing (issue 22.4).

import { planTexts } from '../catalog/planTexts.js';
import type { CheckoutEvent } from '../events/types.js';
import { invoiceLocaleOf } from '../invoices/invoiceFonts.js';
import { renderCreditNotePdf, renderInvoicePdf } from '../invoices/renderInvoicePdf.js';
import type { EngineContext } from './engineContext.js';
import { readLink } from './signedLinks.js';

/** A rendered invoice: its bytes and the file name it is sent under (`INV-2026-000042.pdf`). */
export interface InvoicePdf {
  filename: string;
  pdf: Uint8Array;
}

/** What `engine.getInvoicePdf` answers for a receipt token. */
export type InvoicePdfView = ({ status: 'found' } & InvoicePdf) | { status: 'not_found' };

/** Ids are UUIDs (as on the receipt page); anything else never reaches the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The invoice number as a file name: a prefix may hold `/`, which no file name can. */
export const invoiceFilename = (invoiceNumber: string) =>
  `${invoiceNumber.replace(/[^\p{L}\p{N}._-]/gu, '-')}.pdf`;

/** The invoice of an order; null when there is no such order or it has no invoice number. */
export async function invoicePdfOf(
  ctx: EngineContext,
  orderId: string,
): Promise<InvoicePdf | null> {
  const record = await ctx.fromStore('getOrderRecord', { orderId }, () =>
    ctx.store.getOrderRecord(orderId),
  );
  const invoiceNumber = record?.order.invoiceNumber;
  if (!record || !invoiceNumber) return null;
  const locale = invoiceLocaleOf(record.session.locale);
  const plan = ctx.planOf(record.order.planId);
  const pdf = await renderInvoicePdf({
    record,
    merchant: { name: ctx.merchantName, address: ctx.merchantAddress, vatId: ctx.merchantVatId },
    locale,
    planName: plan ? planTexts(plan, locale).name : null,
    messages: ctx.messagesFor?.(locale) ?? null,
  });
  return { filename: invoiceFilename(invoiceNumber), pdf };
}

/** A refund's credit note, referencing its order's invoice; null without a credit note number. */
export async function creditNotePdfOf(
  ctx: EngineContext,
  orderId: string,
  refundId: string,
): Promise<InvoicePdf | null> {
  const record = await ctx.fromStore('getOrderRecord', { orderId }, () =>
    ctx.store.getOrderRecord(orderId),
  );
  const refund = record?.refunds.find((r) => r.id === refundId);
  if (!record || !refund?.creditNoteNumber) return null;
  const locale = invoiceLocaleOf(record.session.locale);
  const plan = ctx.planOf(record.order.planId);
  const pdf = await renderCreditNotePdf({
    record,
    refund,
    merchant: { name: ctx.merchantName, address: ctx.merchantAddress, vatId: ctx.merchantVatId },
    locale,
    planName: plan ? planTexts(plan, locale).name : null,
    messages: ctx.messagesFor?.(locale) ?? null,
  });
  return { filename: invoiceFilename(refund.creditNoteNumber), pdf };
}

/** The invoice of the order a receipt token was signed for; `not_found` for any other token. */
export async function getInvoicePdf(ctx: EngineContext, token: unknown): Promise<InvoicePdfView> {
  const orderId = readLink(ctx.secret, 'receipt', token);
  if (!orderId || !UUID.test(orderId)) return { status: 'not_found' };
  const invoice = await invoicePdfOf(ctx, orderId);
  return invoice ? { status: 'found', ...invoice } : { status: 'not_found' };
}

/**
 * The attachment an email carries: the invoice of a paid order (a checkout's or a
 * renewal's) with a number, a refund's credit note; null for every other email.
 */
export async function invoiceAttachment(
  invoiceOf: ((orderId: string) => Promise<InvoicePdf | null>) | null | undefined,
  event: CheckoutEvent,
  creditNoteOf?: ((orderId: string, refundId: string) => Promise<InvoicePdf | null>) | null,
): Promise<{ filename: string; content: Buffer; contentType: string } | null> {
  if (event.type === 'order.refunded') {
    if (!event.data.creditNoteNumber || !creditNoteOf) return null;
    const note = await creditNoteOf(event.data.id, event.data.refundId);
    return note
      ? { filename: note.filename, content: Buffer.from(note.pdf), contentType: 'application/pdf' }
      : null;
  }
  const order =
    event.type === 'order.paid'
      ? event.data
      : event.type === 'subscription.renewed'
        ? event.data.order
        : event.type === 'subscription.updated'
          ? (event.data.change?.order ?? null)
          : null;
  if (!order?.invoiceNumber || !invoiceOf) return null;
  const invoice = await invoiceOf(order.id);
  return invoice
    ? {
        filename: invoice.filename,
        content: Buffer.from(invoice.pdf),
        contentType: 'application/pdf',
      }
    : null;
}
