import type { ReactNode } from 'react';
import { type CheckoutMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { FinishView, Receipt } from '../views/types.js';

/** Props of {@link FinishStep}. */
export interface FinishStepProps {
  /** The session's outcome, from `engine.getFinishView()`. */
  view: FinishView;
  /** Where "back to plans" leads, usually `routes.home`. */
  plansHref: string;
  messages?: Partial<CheckoutMessages> | undefined;
  /** Locale for money and dates, e.g. `de-DE`. */
  locale?: string | undefined;
  /** Seconds after which a pending page reloads itself (works without JavaScript). */
  pendingRefreshSeconds?: number | undefined;
}

function formatDate(iso: string, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

function ReceiptTable({
  receipt,
  messages,
  locale,
}: {
  receipt: Receipt;
  messages: CheckoutMessages;
  locale: string | undefined;
}) {
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
              {formatMessage(messages.summaryDiscount, {
                code: receipt.quote.promoCode ?? '',
                percent: receipt.quote.percentOff,
              })}
            </dt>
            <dd>−{money(receipt.quote.discount)}</dd>
          </div>
        ) : null}
        <div className="pk-summary-line">
          <dt>
            {formatMessage(
              receipt.quote.taxInclusive ? messages.summaryTaxIncluded : messages.summaryTaxAdded,
              { rate: String(receipt.quote.taxRateBasisPoints / 100) },
            )}
          </dt>
          <dd>{money(receipt.quote.tax)}</dd>
        </div>
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
        <div className="pk-summary-line">
          <dt>{messages.receiptEmail}</dt>
          <dd>{receipt.email}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The finish step: the outcome of one checkout session, from a paid receipt to "not
 * found". Renders on the server with no client JavaScript.
 */
export function FinishStep({
  view,
  plansHref,
  messages: overrides,
  locale,
  pendingRefreshSeconds = 2,
}: FinishStepProps) {
  const messages = resolveMessages(overrides);
  const back = (
    <a className="pk-button pk-button--secondary" href={plansHref}>
      {messages.finishBackToPlans}
    </a>
  );
  // "Try again" back into the plan step, next to "Back to plans".
  const tryAgain = (href: string) => (
    <>
      <a className="pk-button pk-button--primary" href={href}>
        {messages.finishRetry}
      </a>
      {back}
    </>
  );
  let tone: 'success' | 'info' | 'error' = 'info';
  let title: string;
  let lead: string | null = null;
  let body: ReactNode = null;
  let actions: ReactNode = back;

  switch (view.status) {
    case 'paid':
    case 'trialing':
    case 'free': {
      tone = 'success';
      const { receipt } = view;
      title =
        view.status === 'paid'
          ? messages.finishPaidTitle
          : view.status === 'trialing'
            ? messages.finishTrialTitle
            : messages.finishFreeTitle;
      lead =
        view.status === 'trialing' && receipt.trialEnd
          ? formatMessage(messages.finishTrialLead, {
              plan: receipt.planName,
              date: formatDate(receipt.trialEnd, locale),
            })
          : formatMessage(messages.finishPaidLead, { plan: receipt.planName });
      body = <ReceiptTable receipt={receipt} messages={messages} locale={locale} />;
      break;
    }
    case 'pending':
      title = messages.finishPendingTitle;
      lead = messages.finishPendingLead;
      // A meta refresh polls without any JavaScript until the outcome is known.
      body = <meta httpEquiv="refresh" content={String(pendingRefreshSeconds)} />;
      actions = null;
      break;
    case 'action_required':
      title = messages.finishActionTitle;
      lead = messages.finishActionLead;
      actions = (
        <a className="pk-button pk-button--primary" href={view.authenticateUrl}>
          {messages.finishActionButton}
        </a>
      );
      break;
    case 'failed':
      tone = 'error';
      title = messages.finishFailedTitle;
      lead = `${formatMessage(messages[view.reason.message], view.reason.values)} ${messages.finishFailedLead}`;
      actions = tryAgain(view.retryUrl);
      break;
    case 'expired':
      title = messages.finishExpiredTitle;
      lead = messages.finishExpiredLead;
      actions = tryAgain(view.planUrl);
      break;
    case 'canceled':
      title = messages.finishCanceledTitle;
      lead = messages.finishCanceledLead;
      actions = tryAgain(view.planUrl);
      break;
    case 'refunded':
      title = messages.finishRefundedTitle;
      lead = formatMessage(messages.finishRefundedLead, { plan: view.receipt.planName });
      body = <ReceiptTable receipt={view.receipt} messages={messages} locale={locale} />;
      break;
    case 'not_found':
      tone = 'error';
      title = messages.finishNotFoundTitle;
      lead = messages.finishNotFoundLead;
      break;
  }

  return (
    <div className={`pk-checkout pk-finish pk-finish--${tone}`}>
      <div className="pk-card pk-finish-card">
        <div className={`pk-status-icon pk-status-icon--${tone}`} aria-hidden="true">
          {tone === 'success' ? '✓' : tone === 'error' ? '!' : '…'}
        </div>
        <h1 className="pk-title">{title}</h1>
        {lead ? <p className="pk-lead">{lead}</p> : null}
        {body}
        {actions ? <div className="pk-actions">{actions}</div> : null}
      </div>
    </div>
  );
}
