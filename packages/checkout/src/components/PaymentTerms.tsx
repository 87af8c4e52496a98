import { formatMessage } from '../messages/formatMessage.js';
import { formatDate } from '../messages/intlFormats.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import type { Quote } from '../pricing/quote.js';

/** Props of {@link PaymentTerms}. */
export interface PaymentTermsProps {
  quote: Quote;
  /** Formats an amount of the quote's currency in the page's locale. */
  money: (amount: number) => string;
  /** Card brands the payment provider accepts, as buyers know them ("Visa"). */
  acceptedCards: readonly string[];
  termsUrl?: string | undefined;
  privacyUrl?: string | undefined;
  locale?: string | undefined;
  /** No country chosen yet: the tax, so the amount that renews, is not known. */
  taxPending?: boolean | undefined;
  /**
   * The browser's clock (ms) once the form has hydrated; none in the server's HTML and the
   * first render. With it a trial names the day of its first charge, without it the days.
   */
  today?: number | undefined;
  messages: Pick<
    PlanStepFormMessages,
    | 'renewsMonthly'
    | 'renewsYearly'
    | 'trialFirstCharge'
    | 'trialFirstChargeOn'
    | 'securePayment'
    | 'acceptedCards'
    | 'termsLink'
    | 'privacyLink'
  >;
}

/**
 * What a careful buyer reads next to the Pay button: what renews, when and for how much
 * (the first charge after a trial, on its date once in the browser), that the payment is
 * secure and which cards are taken, and the merchant's terms and privacy policy. A free plan
 * renews nothing and says so by saying nothing.
 */
export function PaymentTerms({
  quote,
  money,
  acceptedCards,
  termsUrl,
  privacyUrl,
  locale,
  messages,
  taxPending = false,
  today,
}: PaymentTermsProps) {
  const free = quote.total === 0;
  // An amount without its tax would promise less than is charged: wait for the country.
  const renewal =
    free || (taxPending && !quote.taxInclusive)
      ? null
      : quote.trialDays
        ? today
          ? formatMessage(
              messages.trialFirstChargeOn,
              {
                amount: money(quote.total),
                // As the finish step and the receipt will write it: the store ends a trial
                // N × 24 hours after it starts.
                date: formatDate(today + quote.trialDays * 86_400_000, locale),
              },
              locale,
            )
          : formatMessage(
              messages.trialFirstCharge,
              { days: quote.trialDays, amount: money(quote.total) },
              locale,
            )
        : formatMessage(
            quote.interval === 'yearly' ? messages.renewsYearly : messages.renewsMonthly,
            { amount: money(quote.total) },
            locale,
          );
  const brands = new Intl.ListFormat(locale, { type: 'conjunction' }).format(acceptedCards);
  return (
    <div className="pk-terms">
      {renewal ? <p className="pk-terms-renewal">{renewal}</p> : null}
      {free ? null : (
        <p className="pk-terms-secure">
          <strong>{messages.securePayment}</strong>.{' '}
          {formatMessage(messages.acceptedCards, { brands }, locale)}
        </p>
      )}
      {termsUrl || privacyUrl ? (
        <p className="pk-terms-links">
          {termsUrl ? <a href={termsUrl}>{messages.termsLink}</a> : null}
          {termsUrl && privacyUrl ? ' · ' : null}
          {privacyUrl ? <a href={privacyUrl}>{messages.privacyLink}</a> : null}
        </p>
      ) : null}
    </div>
  );
}
