import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { Receipt } from '../views/types.js';
import { ReverseChargeLines } from './ReverseChargeLines.js';

/** A card brand as people write it (`visa` → Visa, `amex` → American Express). */
export function cardBrandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
  };
  return names[brand] ?? 'Card';
}

/** Props of {@link ReceiptTable}. */
export interface ReceiptTableProps {
  receipt: Receipt;
  messages: CompiledMessages;
  locale: string | undefined;
}

/** The receipt of a paid, trial or free checkout: what was bought, for how much, until when. */
export function ReceiptTable({ receipt, messages, locale }: ReceiptTableProps) {
  const money = (amount: number) => formatMoney(amount, receipt.quote.currency, locale);
  const interval =
    receipt.interval === 'yearly' ? messages.intervalYearly : messages.intervalMonthly;
  return (
    <section className="pk-receipt" aria-labelledby="pk-receipt-heading">
      <h2 className="pk-section-title" id="pk-receipt-heading">
        {messages.receiptHeading}
      </h2>
      <dl className="pk-summary-lines">
        <div className="pk-summary-line">
          <dt>{messages.receiptReference}</dt>
          <dd className="pk-reference">{receipt.reference}</dd>
        </div>
        <div className="pk-summary-line">
          <dt>{messages.receiptPlan}</dt>
          <dd>{receipt.planName}</dd>
        </div>
        <div className="pk-summary-line">
          <dt>{messages.receiptInterval}</dt>
          <dd>{interval}</dd>
        </div>
        {receipt.perSeat ? (
          <div className="pk-summary-line">
            <dt>{messages.receiptSeats}</dt>
            <dd>{receipt.seats}</dd>
          </div>
        ) : null}
        <div className="pk-summary-line">
          <dt>{messages.summarySubtotal}</dt>
          <dd>{money(receipt.quote.subtotal)}</dd>
        </div>
        {receipt.quote.discount > 0 ? (
          <div className="pk-summary-line">
            <dt>
              {formatMessage(
                messages.summaryDiscount,
                {
                  code: receipt.quote.promoCode ?? '',
                  percent: receipt.quote.percentOff,
                },
                locale,
              )}
            </dt>
            <dd>−{money(receipt.quote.discount)}</dd>
          </div>
        ) : null}
        <div className="pk-summary-line">
          <dt>
            {receipt.quote.reverseCharge
              ? messages.summaryReverseCharge
              : formatMessage(
                  receipt.quote.taxInclusive
                    ? messages.summaryTaxIncluded
                    : messages.summaryTaxAdded,
                  { rate: receipt.quote.taxRateBasisPoints / 100 },
                  locale,
                )}
          </dt>
          <dd>{money(receipt.quote.tax)}</dd>
        </div>
        <ReverseChargeLines quote={receipt.quote} messages={messages} />
        <div className="pk-summary-line">
          <dt>{messages.summaryTotal}</dt>
          <dd>{money(receipt.quote.total)}</dd>
        </div>
        <div className="pk-summary-line pk-summary-line--total">
          <dt>{messages.receiptPaid}</dt>
          <dd>{money(receipt.amountPaid)}</dd>
        </div>
        <div className="pk-summary-line">
          <dt>{receipt.trialEnd ? messages.receiptTrialEnds : messages.receiptRenews}</dt>
          <dd>{formatDate(receipt.trialEnd ?? receipt.currentPeriodEnd, locale)}</dd>
        </div>
        {receipt.firstCharge ? (
          <div className="pk-summary-line">
            <dt>{messages.receiptFirstCharge}</dt>
            <dd>
              {formatMessage(
                messages.receiptFirstChargeValue,
                {
                  amount: money(receipt.firstCharge.amount),
                  date: formatDate(receipt.firstCharge.date, locale),
                },
                locale,
              )}
            </dd>
          </div>
        ) : null}
        {receipt.paymentMethod ? (
          <div className="pk-summary-line">
            <dt>{messages.receiptPaymentMethod}</dt>
            <dd>
              {formatMessage(
                messages.receiptCardEnding,
                {
                  brand: cardBrandName(receipt.paymentMethod.brand),
                  last4: receipt.paymentMethod.last4,
                },
                locale,
              )}
            </dd>
          </div>
        ) : null}
        <div className="pk-summary-line">
          <dt>{messages.receiptEmail}</dt>
          <dd>{receipt.email}</dd>
        </div>
      </dl>
    </section>
  );
}
