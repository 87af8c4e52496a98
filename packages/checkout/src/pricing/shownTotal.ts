import type { Quote } from './quote.js';

/**
 * What the plan-step form tells the server it showed the visitor: the quote's currency and
 * total per interval in minor units ("EUR 5355"). The engine charges only when its own
 * quote gives the same string, so the amount charged is always the amount shown next to
 * the button the visitor pressed (during a trial, the first charge the summary shows).
 */
export function shownTotalOf(quote: Pick<Quote, 'currency' | 'total'>): string {
  return `${quote.currency} ${quote.total}`;
}
