// What an invoice or a credit note says, as text in the buyer's language: pure, so the
// tests can read it without a PDF, and the drawing (drawInvoice.ts) only places it.
// Amounts come from the stored order (never recomputed), the tax rate from the checkout's
// quote (a renewal repeats the checkout's amounts and rate).

import { countryNameIn } from '../catalog/countryNames.js';
import { InvalidArgumentError } from '../errors/errors.js';
import type { CompiledMessages } from '../messages/CheckoutMessages.js';
import { formatMessage, type MessageValues } from '../messages/formatMessage.js';
import { formatDate, numberFormat } from '../messages/intlFormats.js';
import type { Locale } from '../messages/locales.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { OrderRecord, Refund } from '../store/types.js';

/** The seller, as the host configures it (`PLANKIT_MERCHANT_NAME`, `_ADDRESS`, `_VAT_ID`). */
export interface InvoiceMerchant {
  name: string;
  /** Address lines (or one text with line breaks or `;` between the lines). */
  address: readonly string[] | string | null;
  /** With its country prefix; shown on every invoice when set. */
  vatId: string | null;
}

/** One line of the items table. */
export interface InvoiceItem {
  description: string;
  detail: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

/** The text of one document, ready to draw. */
export interface InvoiceContent {
  title: string;
  /** Number, date, order reference (and the invoice a credit note refers to). */
  meta: [string, string][];
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  columns: [string, string, string, string];
  items: InvoiceItem[];
  /** Subtotal, discount, net, tax per rate, total: label and amount. */
  totals: [string, string][];
  /** The reverse-charge note, where it applies. */
  notes: string[];
}

/** What both documents are made from. */
export interface ContentInput {
  record: OrderRecord;
  merchant: InvoiceMerchant;
  locale: Locale;
  messages: CompiledMessages;
  /** The plan's name in the buyer's language (the catalog's); the plan id without it. */
  planName?: string | null;
}

const addressLines = (address: InvoiceMerchant['address']): string[] =>
  (typeof address === 'string' ? address.split(/\r?\n|\s*;\s*/) : [...(address ?? [])])
    .map((line) => line.trim())
    .filter(Boolean);

function parts(input: ContentInput) {
  const { record, merchant, locale, messages: m } = input;
  const { order, session } = record;
  const t = (message: string | CompiledMessages[keyof CompiledMessages], values?: MessageValues) =>
    formatMessage(message, values, locale);
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const business = order.business;
  const reverseCharge = session.quote.reverseCharge ?? null;
  const seller = {
    heading: t(m.invoiceSeller),
    lines: [
      merchant.name,
      ...addressLines(merchant.address),
      ...(merchant.vatId ? [`${t(m.merchantVatIdLabel)}: ${merchant.vatId}`] : []),
    ],
  };
  const country = countryNameIn(session.country, locale);
  const buyer = {
    heading: t(m.invoiceBuyer),
    lines: business
      ? [
          business.company,
          session.name,
          business.street,
          `${business.postalCode} ${business.city}`.trim(),
          country,
          ...(business.vatId ? [`${t(m.buyerVatIdLabel)}: ${business.vatId}`] : []),
          order.email,
        ]
      : [session.name, country, order.email],
  };
  const columns: InvoiceContent['columns'] = [
    t(m.invoiceDescription),
    t(m.invoiceQuantity),
    t(m.invoiceUnitPrice),
    t(m.invoiceAmount),
  ];
  const rateBasisPoints = reverseCharge ? 0 : session.quote.taxRateBasisPoints;
  const notes = reverseCharge ? [`${t(m.reverseChargeTitle)}: ${t(m.reverseChargeNote)}`] : [];
  return { t, m, money, seller, buyer, columns, rateBasisPoints, reverseCharge, notes };
}

/** The text of an order's invoice. Throws when the order has no invoice number. */
export function invoiceContent(input: ContentInput): InvoiceContent {
  const { order } = input.record;
  if (!order.invoiceNumber) {
    throw new InvalidArgumentError(`Order ${order.reference} has no invoice number.`);
  }
  const { t, m, money, seller, buyer, columns, rateBasisPoints, reverseCharge, notes } =
    parts(input);
  const net = order.total - order.tax;
  const seats = Math.max(order.seats, 1);
  const items: InvoiceItem[] = [
    {
      description: input.planName ?? order.planId,
      detail: order.interval === 'yearly' ? t(m.intervalYearly) : t(m.intervalMonthly),
      quantity: numberFormat(input.locale).format(seats),
      unitPrice: money(Math.round(order.subtotal / seats)),
      amount: money(order.subtotal),
    },
  ];
  const totals: [string, string][] = [
    [t(m.emailSubtotal), money(order.subtotal)],
    ...(order.discount > 0
      ? [[t(m.emailDiscount), `−${money(order.discount)}`] as [string, string]]
      : []),
    [t(m.invoiceNet), money(net)],
    [
      reverseCharge
        ? t(m.summaryReverseCharge)
        : t(m.invoiceTaxRate, { rate: rateBasisPoints / 100, base: money(net) }),
      money(order.tax),
    ],
    [t(m.emailTotal), money(order.total)],
  ];
  return {
    title: t(m.invoiceTitle),
    meta: [
      [t(m.invoiceNumber), order.invoiceNumber],
      [t(m.invoiceDate), formatDate(order.createdAt.getTime(), input.locale)],
      [t(m.receiptReference), order.reference],
    ],
    seller,
    buyer,
    columns,
    items,
    totals,
    notes,
  };
}

/**
 * The text of a refund's credit note: the refunded amount, with the tax it contains in the
 * order's proportion. Throws when the refund has no credit note number (not succeeded).
 */
export function creditNoteContent(input: ContentInput, refund: Refund): InvoiceContent {
  const { order } = input.record;
  if (!refund.creditNoteNumber) {
    throw new InvalidArgumentError(`Refund ${refund.id} has no credit note number.`);
  }
  const { t, m, money, seller, buyer, columns, rateBasisPoints, reverseCharge, notes } =
    parts(input);
  const tax = order.total > 0 ? Math.round((refund.amount * order.tax) / order.total) : 0;
  const net = refund.amount - tax;
  // The line as the invoice's lines: with its tax when the catalog's prices include it.
  const line = input.record.session.quote.taxInclusive ? refund.amount : net;
  const refers = order.invoiceNumber
    ? [t(m.creditNoteRefers, { number: order.invoiceNumber })]
    : [];
  return {
    title: t(m.creditNoteTitle),
    meta: [
      [t(m.creditNoteNumber), refund.creditNoteNumber],
      [t(m.invoiceDate), formatDate(refund.updatedAt.getTime(), input.locale)],
      [t(m.receiptReference), order.reference],
    ],
    seller,
    buyer,
    columns,
    items: [
      {
        description: t(m.creditNoteLine, { reference: order.reference }),
        detail: refund.reason,
        quantity: numberFormat(input.locale).format(1),
        unitPrice: money(line),
        amount: money(line),
      },
    ],
    totals: [
      [t(m.invoiceNet), money(net)],
      [
        reverseCharge
          ? t(m.summaryReverseCharge)
          : t(m.invoiceTaxRate, { rate: rateBasisPoints / 100, base: money(net) }),
        money(tax),
      ],
      [t(m.emailTotal), money(refund.amount)],
    ],
    notes: [...refers, ...notes],
  };
}
