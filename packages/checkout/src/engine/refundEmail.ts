// The buyer's email for `order.refunded`: what was refunded, what remains of the payment,
// the credit note's number and the invoice it corrects, in the checkout's language.

import type { OrderRefundedData } from '../events/types.js';
import { formatMessage } from '../messages/formatMessage.js';
import { formatDate } from '../messages/intlFormats.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { render } from './emailLayout.js';
import type { EmailContent, EmailParts } from './emailTypes.js';
import { signLink } from './signedLinks.js';

/** The email of one refund that succeeded. */
export function buildRefundEmail(data: OrderRefundedData, parts: EmailParts): EmailContent {
  const { m, merchant, link, options } = parts;
  const plan = parts.planName(data.planId);
  const locale = data.locale;
  const money = (amount: number) => formatMoney(amount, data.currency, locale);
  const values = {
    merchant: options.merchantName,
    reference: data.reference,
    amount: money(data.amount),
    plan,
  };
  const rows: [string, string][] = [
    [m.receiptReference, data.reference],
    [m.emailDate, formatDate(data.createdAt, locale)],
    [m.refundAmount, money(data.amount)],
    [m.refundRemaining, money(data.remaining)],
    ...(data.creditNoteNumber
      ? ([[m.refundCreditNote, data.creditNoteNumber]] as [string, string][])
      : []),
    ...(data.invoiceNumber ? ([[m.refundInvoice, data.invoiceNumber]] as [string, string][]) : []),
    ...(data.reason ? ([[m.refundReason, data.reason]] as [string, string][]) : []),
  ];
  const { html, text } = render(
    {
      heading: m.emailRefundHeading,
      lead: formatMessage(m.emailRefundLead, values, locale),
      rows,
      links: [
        [
          m.emailViewReceipt,
          link(options.routes.receipt(signLink(options.secret, 'receipt', data.id))),
        ],
      ],
    },
    formatMessage(m.emailFooter, values, locale),
    merchant,
  );
  return {
    to: data.email,
    subject: formatMessage(m.emailRefundSubject, values, locale),
    html,
    text,
  };
}
