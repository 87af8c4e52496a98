import { formatMessage } from '../messages/formatMessage.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { Quote } from '../pricing/quote.js';
import { ReverseChargeLines } from './ReverseChargeLines.js';

/** Props of {@link OrderSummary}. */
export interface OrderSummaryProps {
  quote: Quote;
  planName: string;
  messages: PlanStepFormMessages;
  locale?: string | undefined;
  /** Whether the plan is priced per seat (shows the seats × price line). */
  perSeat: boolean;
  /** True until the visitor picks a country: tax cannot be known yet. */
  taxPending?: boolean | undefined;
}

/** Formats a rate in basis points as a percentage (1900 → "19", 2050 → "20.5"). */
/** The rate as a number of percent (19, 8.1): the message formats it in the page's locale. */
function ratePercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * The order summary: subtotal, discount, tax and total of one quote. Pure display: the
 * amounts come from `quote()`, the same function the engine charges with.
 */
export function OrderSummary({
  quote,
  planName,
  messages,
  locale,
  perSeat,
  taxPending,
}: OrderSummaryProps) {
  const money = (amount: number) => formatMoney(amount, quote.currency, locale);
  const interval = quote.interval === 'yearly' ? messages.perYear : messages.perMonth;
  return (
    <section className="pk-summary" aria-labelledby="pk-summary-heading">
      <h2 className="pk-section-title" id="pk-summary-heading">
        {messages.summaryHeading}
      </h2>
      {/* Announce total changes politely as the visitor changes options. */}
      <dl className="pk-summary-lines" aria-live="polite">
        <div className="pk-summary-line">
          <dt>{planName}</dt>
          <dd>
            {perSeat
              ? formatMessage(
                  messages.summarySeats,
                  {
                    seats: quote.seats,
                    price: money(quote.unitAmount),
                  },
                  locale,
                )
              : money(quote.unitAmount)}
          </dd>
        </div>
        <div className="pk-summary-line">
          <dt>{messages.summarySubtotal}</dt>
          <dd>{money(quote.subtotal)}</dd>
        </div>
        {quote.discount > 0 ? (
          <div className="pk-summary-line pk-summary-line--discount">
            <dt>
              {formatMessage(
                messages.summaryDiscount,
                {
                  code: quote.promoCode ?? '',
                  percent: quote.percentOff,
                },
                locale,
              )}
            </dt>
            <dd>−{money(quote.discount)}</dd>
          </div>
        ) : null}
        {/* A free plan has no tax to speak of. */}
        {quote.subtotal === 0 ? null : (
          <div className="pk-summary-line">
            <dt>
              {taxPending
                ? messages.summaryTaxPending
                : quote.reverseCharge
                  ? messages.summaryReverseCharge
                  : formatMessage(
                      quote.taxInclusive ? messages.summaryTaxIncluded : messages.summaryTaxAdded,
                      { rate: ratePercent(quote.taxRateBasisPoints) },
                      locale,
                    )}
            </dt>
            <dd>{taxPending ? '—' : money(quote.tax)}</dd>
          </div>
        )}
        <ReverseChargeLines quote={quote} messages={messages} />
        <div className="pk-summary-line pk-summary-line--total">
          <dt>
            {quote.trialDays
              ? formatMessage(messages.summaryAfterTrial, { days: quote.trialDays }, locale)
              : messages.summaryTotal}
          </dt>
          <dd>
            {money(quote.total)} <span className="pk-muted">{interval}</span>
          </dd>
        </div>
        {quote.trialDays ? (
          <div className="pk-summary-line pk-summary-line--due">
            <dt>{messages.summaryDueToday}</dt>
            <dd>{money(quote.dueToday)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
