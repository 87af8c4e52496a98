import type { ReactNode } from 'react';
import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage } from '../messages/messages.js';
import { pickPlanStepFormMessages } from '../messages/pickPlanStepFormMessages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { PaymentMethodNotice, PlanStepAction, SubscriptionPageView } from '../views/types.js';
import { cardBrandName } from './ReceiptTable.js';
import { UpdatePaymentMethod } from './UpdatePaymentMethod.js';

/** What a {@link PaymentMethodNotice} says, by its message key. */
const NOTICES: Record<PaymentMethodNotice, keyof CompiledMessages> = {
  updated: 'manageCardUpdated',
  paid: 'manageCardPaid',
  declined: 'manageCardDeclined',
  declined_funds: 'manageCardDeclinedFunds',
  pending: 'manageCardPending',
  failed: 'manageCardFailed',
};

/** The notices that leave the form open, for another card. */
const TRY_AGAIN = new Set<string>(['declined', 'declined_funds', 'failed']);

/** Props of {@link PaymentMethodSection}. */
export interface PaymentMethodSectionProps {
  view: Extract<SubscriptionPageView, { status: 'found' }>;
  /** The manage page's own path: "Update payment method" opens the form there (`?card=update`). */
  pageHref: string;
  /** The provider's card fields (the plan step's payment slot content). */
  fields: ReactNode;
  /** Saves the card (`engine.updatePaymentMethod`). */
  action: PlanStepAction;
  /** The page's `?payment_method=` (a notice after an update); anything else is ignored. */
  notice?: string | undefined;
  /** The page's `?card=update`: show the form. */
  open: boolean;
  testMode: boolean;
  messages: CompiledMessages;
  locale?: string | undefined;
}

/**
 * The manage page's card (issue 22.2): the card it is charged with, what became of the last
 * update, and the provider's card fields to replace it, opened by a plain link (so it works
 * without JavaScript) and shown at once when a payment is overdue.
 */
export function PaymentMethodSection({
  view,
  pageHref,
  fields,
  action,
  notice,
  open,
  testMode,
  messages,
  locale,
}: PaymentMethodSectionProps) {
  const known = notice && notice in NOTICES ? (notice as PaymentMethodNotice) : null;
  const pastDue = view.subscriptionStatus === 'past_due';
  const showForm =
    view.canUpdatePaymentMethod === true && (open || pastDue || (known && TRY_AGAIN.has(known)));
  const retryDate = view.nextCharge?.date ?? view.currentPeriodEnd;
  const due = formatMoney(view.nextCharge?.amount ?? 0, view.nextCharge?.currency ?? 'EUR', locale);
  return (
    <>
      {view.paymentMethod ? (
        <dl className="pk-summary-lines">
          <div className="pk-summary-line">
            <dt>{messages.receiptPaymentMethod}</dt>
            <dd>
              {formatMessage(
                messages.receiptCardEnding,
                { brand: cardBrandName(view.paymentMethod.brand), last4: view.paymentMethod.last4 },
                locale,
              )}
            </dd>
          </div>
        </dl>
      ) : null}
      {known ? (
        <p className="pk-lead" role="status">
          {formatMessage(messages[NOTICES[known]], { date: formatDate(retryDate, locale) }, locale)}
        </p>
      ) : null}
      {!view.canUpdatePaymentMethod ? null : showForm ? (
        <section className="pk-confirm" aria-labelledby="pk-card-title">
          <h2 className="pk-section-title" id="pk-card-title">
            {messages.manageCardUpdate}
          </h2>
          {pastDue && view.nextCharge ? (
            <p>{formatMessage(messages.manageCardPastDueLead, { amount: due }, locale)}</p>
          ) : null}
          <UpdatePaymentMethod
            action={action}
            submitLabel={
              pastDue && view.nextCharge
                ? formatMessage(messages.manageCardSaveAndPay, { amount: due }, locale)
                : messages.manageCardSave
            }
            messages={{
              ...pickPlanStepFormMessages(messages),
              paymentHeading: messages.manageCardHeading,
              manageCardUnavailable: messages.manageCardUnavailable,
            }}
            locale={locale}
            testMode={testMode}
          >
            {fields}
          </UpdatePaymentMethod>
          {pastDue ? null : (
            <p className="pk-actions">
              <a className="pk-button pk-button--secondary" href={pageHref}>
                {messages.manageCardKeep}
              </a>
            </p>
          )}
        </section>
      ) : (
        <div className="pk-actions">
          <a className="pk-button pk-button--secondary" href={`${pageHref}?card=update`}>
            {messages.manageCardUpdate}
          </a>
        </div>
      )}
    </>
  );
}
