import type { BusinessMessageKey } from '../messages/businessMessages.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import type { Quote } from '../pricing/quote.js';

/** Props of {@link ReverseChargeLines}. */
export interface ReverseChargeLinesProps {
  quote: Pick<Quote, 'reverseCharge'>;
  messages: Pick<CheckoutMessages, BusinessMessageKey>;
}

/**
 * The lines a reverse-charged sale adds to a summary or receipt (`<dl>` rows): both VAT IDs
 * and the "Reverse charge" note. Nothing for any other sale.
 */
export function ReverseChargeLines({ quote, messages }: ReverseChargeLinesProps) {
  const reverseCharge = quote.reverseCharge;
  if (!reverseCharge) return null;
  return (
    <>
      <div className="pk-summary-line">
        <dt>{messages.buyerVatIdLabel}</dt>
        <dd className="pk-reference">{reverseCharge.buyerVatId}</dd>
      </div>
      <div className="pk-summary-line">
        <dt>{messages.merchantVatIdLabel}</dt>
        <dd className="pk-reference">{reverseCharge.merchantVatId}</dd>
      </div>
      <div className="pk-summary-line pk-summary-line--note">
        <dt>{messages.reverseChargeTitle}</dt>
        <dd>{messages.reverseChargeNote}</dd>
      </div>
    </>
  );
}
