import type { ReactNode } from 'react';
import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { ColorTheme } from '../theme/theme.js';
import type { SubscriptionPageView } from '../views/types.js';
import { BillingHistory } from './BillingHistory.js';
import { PaymentMethodSection, type PaymentMethodSectionProps } from './PaymentMethodSection.js';
import { SignedLinkNotValid } from './SignedLinkNotValid.js';

/** A form's action: a Server Action, or the URL a plain form posts to. */
export type FormAction = string | ((formData: FormData) => void | Promise<void>);

/** The card part of {@link ManageSubscriptionProps}. */
export type PaymentMethodProps = Pick<
  PaymentMethodSectionProps,
  'fields' | 'action' | 'notice' | 'open' | 'testMode'
>;

/** Props of {@link ManageSubscription}. */
export interface ManageSubscriptionProps {
  /** The subscription, from `engine.getSubscriptionView(token)`. */
  view: SubscriptionPageView;
  /** This page's own path (`routes.subscription(token)`): "keep" leads back to it. */
  pageHref: string;
  /** Show the cancel confirmation (the page was opened with `?confirm=cancel`). */
  confirmCancel?: boolean | undefined;
  /** Posted by "Yes, cancel at the end of the period" (calls `engine.cancelSubscription`). */
  cancelAction: FormAction;
  /** Posted by "Resume subscription" (calls `engine.resumeSubscription`). */
  resumeAction: FormAction;
  /** Where "back to plans" leads when the link is not valid. */
  plansHref: string;
  /**
   * The "change plan" section (`<ChangePlan>`), shown before the billing history while the
   * subscription has not ended.
   */
  planChange?: ReactNode;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /** The page's locale (BCP 47): dates and amounts are formatted in it. */
  locale?: string | undefined;
  /**
   * "Update payment method" (issue 22.2): the provider's card fields, the action that saves
   * the card, and the page's `?payment_method=` / `?card=update`. Without it the page shows
   * no card form.
   */
  paymentMethod?: PaymentMethodProps | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
}

/**
 * A subscription's manage page: plan, status, the next charge or the end date, a renewal
 * payment that waits for the buyer (with the provider's page to confirm and pay it), and
 * cancel at the end of the period (after a confirmation) or resume before it ends. Plain links and
 * form posts: it works without JavaScript.
 */
export function ManageSubscription({
  view,
  pageHref,
  confirmCancel = false,
  cancelAction,
  resumeAction,
  plansHref,
  planChange,
  messages: overrides,
  locale,
  theme,
  paymentMethod,
}: ManageSubscriptionProps) {
  const messages = resolveMessages(overrides);
  if (view.status === 'not_found') {
    return <SignedLinkNotValid plansHref={plansHref} messages={messages} />;
  }
  const statusText = {
    trialing: messages.manageStatusTrialing,
    active: messages.manageStatusActive,
    past_due: messages.manageStatusPastDue,
    canceled: messages.manageStatusCanceled,
  }[view.subscriptionStatus];
  const endDate = formatDate(view.currentPeriodEnd, locale);
  const ended = view.subscriptionStatus === 'canceled';
  const openAmount = view.openPayment
    ? formatMoney(view.openPayment.amount, view.openPayment.currency, locale)
    : '';
  return (
    <div className="pk-checkout pk-finish" data-theme={theme}>
      <div className="pk-card pk-finish-card">
        <h1 className="pk-title">
          {formatMessage(messages.manageTitle, { plan: view.planName }, locale)}
        </h1>
        <dl className="pk-summary-lines">
          <div className="pk-summary-line">
            <dt>{messages.manageStatus}</dt>
            <dd>{statusText}</dd>
          </div>
          <div className="pk-summary-line">
            <dt>{messages.receiptInterval}</dt>
            <dd>
              {view.interval === 'yearly' ? messages.intervalYearly : messages.intervalMonthly}
            </dd>
          </div>
          <div className="pk-summary-line">
            <dt>{messages.receiptSeats}</dt>
            <dd>{view.seats}</dd>
          </div>
          {view.nextCharge ? (
            <div className="pk-summary-line">
              <dt>{messages.manageNextCharge}</dt>
              <dd>
                {formatMessage(
                  messages.manageNextChargeValue,
                  {
                    amount: formatMoney(view.nextCharge.amount, view.nextCharge.currency, locale),
                    date: formatDate(view.nextCharge.date, locale),
                  },
                  locale,
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        {paymentMethod ? (
          <PaymentMethodSection
            {...paymentMethod}
            view={view}
            pageHref={pageHref}
            messages={messages}
            locale={locale}
          />
        ) : null}
        {view.openPayment ? (
          <section className="pk-confirm" aria-labelledby="pk-open-payment">
            <p className="pk-lead" id="pk-open-payment" role="status">
              {formatMessage(
                view.openPayment.needsAuthentication
                  ? messages.manageConfirmPaymentNotice
                  : messages.manageRetryPaymentNotice,
                { amount: openAmount },
                locale,
              )}
            </p>
            {/* The provider's own page (Stripe's hosted invoice page): 3-D Secure and payment
                happen there, never on this host. */}
            <p className="pk-actions">
              <a className="pk-button pk-button--primary" href={view.openPayment.url}>
                {formatMessage(messages.managePayNow, { amount: openAmount }, locale)}
              </a>
            </p>
          </section>
        ) : null}
        {view.cancelAtPeriodEnd && !ended ? (
          <p className="pk-lead" role="status">
            {formatMessage(messages.manageCanceledNotice, { date: endDate }, locale)}
          </p>
        ) : null}
        {ended ? null : view.cancelAtPeriodEnd ? (
          <form action={resumeAction} className="pk-actions">
            <button type="submit" className="pk-button pk-button--primary">
              {messages.manageResume}
            </button>
          </form>
        ) : confirmCancel ? (
          <section className="pk-confirm" aria-labelledby="pk-confirm-title">
            <h2 className="pk-section-title" id="pk-confirm-title">
              {messages.manageCancelConfirmTitle}
            </h2>
            <p>{formatMessage(messages.manageCancelConfirmLead, { date: endDate }, locale)}</p>
            <form action={cancelAction} className="pk-actions">
              <button type="submit" className="pk-button pk-button--danger">
                {messages.manageCancelConfirm}
              </button>
              <a className="pk-button pk-button--secondary" href={pageHref}>
                {messages.manageKeep}
              </a>
            </form>
          </section>
        ) : (
          <div className="pk-actions">
            <a className="pk-button pk-button--secondary" href={`${pageHref}?confirm=cancel`}>
              {messages.manageCancel}
            </a>
          </div>
        )}
        {ended ? null : planChange}
        <BillingHistory entries={view.history ?? []} messages={messages} locale={locale} />
        <div className="pk-actions">
          <a className="pk-button pk-button--secondary" href={view.receiptUrl}>
            {messages.emailViewReceipt}
          </a>
        </div>
      </div>
    </div>
  );
}
