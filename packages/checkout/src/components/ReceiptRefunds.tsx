import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { ReceiptRefund } from '../views/types.js';

/** Props of {@link ReceiptRefunds}. */
export interface ReceiptRefundsProps {
  refunds: ReceiptRefund[];
  refundedInFull: boolean;
  messages: CompiledMessages;
  locale?: string | undefined;
}

/**
 * What was refunded of an order and when, each with its credit note's number, under the
 * receipt's table (the receipt itself keeps the amounts that were paid). Nothing when none.
 */
export function ReceiptRefunds({ refunds, refundedInFull, messages, locale }: ReceiptRefundsProps) {
  if (refunds.length === 0) return null;
  return (
    <section className="pk-receipt-refunds" aria-labelledby="pk-receipt-refunds-heading">
      <h2 id="pk-receipt-refunds-heading" className="pk-receipt-label">
        {messages.receiptRefundsHeading}
      </h2>
      {refundedInFull ? (
        <p className="pk-receipt-refunded">{messages.receiptRefundedInFull}</p>
      ) : null}
      <ul className="pk-receipt-refund-list">
        {refunds.map((refund) => (
          <li key={`${refund.date}-${refund.creditNoteNumber ?? refund.amount}`}>
            {formatMessage(
              messages.receiptRefundLine,
              {
                amount: formatMoney(refund.amount, refund.currency, locale),
                date: formatDate(refund.date, locale),
              },
              locale,
            )}
            {refund.creditNoteNumber ? (
              <>
                {' · '}
                {messages.refundCreditNote} {refund.creditNoteNumber}
              </>
            ) : null}
            {refund.reason ? (
              <>
                {' · '}
                {messages.refundReason}: {refund.reason}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
