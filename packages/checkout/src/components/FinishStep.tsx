import type { ReactNode } from 'react';
import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import type { ColorTheme } from '../theme/theme.js';
import type { FinishView } from '../views/types.js';
import { ReceiptTable } from './ReceiptTable.js';

/** Props of {@link FinishStep}. */
export interface FinishStepProps {
  /** The session's outcome, from `engine.getFinishView()`. */
  view: FinishView;
  /** Where "back to plans" leads, usually `routes.home`. */
  plansHref: string;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /** Locale for money and dates, e.g. `de-DE`. */
  locale?: string | undefined;
  /** Seconds after which a pending page reloads itself (works without JavaScript). */
  pendingRefreshSeconds?: number | undefined;
  /**
   * A link that reloads a pending page (`routes.finish(sessionId)`), besides the automatic
   * refresh: a plain link, so it works without JavaScript and where refresh is blocked.
   */
  pendingReloadHref?: string | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
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
  pendingReloadHref,
  theme,
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
          ? formatMessage(
              messages.finishTrialLead,
              {
                plan: receipt.planName,
                date: formatDate(receipt.trialEnd, locale),
              },
              locale,
            )
          : formatMessage(messages.finishPaidLead, { plan: receipt.planName }, locale);
      body = <ReceiptTable receipt={receipt} messages={messages} locale={locale} />;
      actions = (
        <>
          {receipt.receiptUrl ? (
            <a className="pk-button pk-button--primary" href={receipt.receiptUrl}>
              {messages.emailViewReceipt}
            </a>
          ) : null}
          {receipt.manageUrl ? (
            <a className="pk-button pk-button--secondary" href={receipt.manageUrl}>
              {messages.receiptManage}
            </a>
          ) : null}
          {back}
        </>
      );
      break;
    }
    case 'pending':
      title = messages.finishPendingTitle;
      lead = messages.finishPendingLead;
      // A meta refresh polls without any JavaScript until the outcome is known.
      body = <meta httpEquiv="refresh" content={String(pendingRefreshSeconds)} />;
      actions = pendingReloadHref ? (
        <a className="pk-button pk-button--secondary" href={pendingReloadHref}>
          {messages.finishProcessingReload}
        </a>
      ) : null;
      break;
    case 'action_required':
      title = messages.finishActionTitle;
      lead = messages.finishActionLead;
      actions = (
        <a className="pk-button pk-button--primary" href={view.actionUrl}>
          {messages.finishActionButton}
        </a>
      );
      break;
    case 'failed':
      tone = 'error';
      title = messages.finishFailedTitle;
      lead = `${formatMessage(messages[view.reason.message], view.reason.values, locale)} ${messages.finishFailedLead}`;
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
      lead = formatMessage(messages.finishRefundedLead, { plan: view.receipt.planName }, locale);
      body = <ReceiptTable receipt={view.receipt} messages={messages} locale={locale} />;
      break;
    case 'not_found':
      tone = 'error';
      title = messages.finishNotFoundTitle;
      lead = messages.finishNotFoundLead;
      break;
  }

  return (
    <div className={`pk-checkout pk-finish pk-finish--${tone}`} data-theme={theme}>
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
