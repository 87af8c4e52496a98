import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { PlanChangePreviewView, PlanTermsView } from '../views/planChangeTypes.js';
import type { FormAction } from './ManageSubscription.js';

/** Props of {@link PlanChangePreview}. */
export interface PlanChangePreviewProps {
  /** A preview (`engine.previewPlanChange`), status `preview`. */
  preview: Extract<PlanChangePreviewView, { status: 'preview' }>;
  /** Posted by "Confirm" with `confirmToken`, `plan`, `interval` and `seats` (`engine.confirmPlanChange`). */
  confirmAction: FormAction;
  /** The manage page: "Keep current plan" leads back to it. */
  pageHref: string;
  messages: CompiledMessages;
  locale?: string | undefined;
}

/**
 * What a plan change does before anything is charged: the current and the new terms, the
 * amount due now (tax included) or the credit, or the date a downgrade takes effect, and
 * the next renewal; then the confirmation. A plain form post: works without JavaScript.
 */
export function PlanChangePreview({
  preview,
  confirmAction,
  pageHref,
  messages,
  locale,
}: PlanChangePreviewProps) {
  const money = (amount: number) => formatMoney(amount, preview.currency, locale);
  const interval = (terms: PlanTermsView) =>
    terms.interval === 'yearly' ? messages.intervalYearly : messages.intervalMonthly;
  const line = (terms: PlanTermsView) =>
    `${terms.planName} · ${interval(terms)} · ${messages.receiptSeats} ${terms.seats} · ${money(terms.amount)}`;
  return (
    <section className="pk-confirm pk-plan-change-preview" aria-labelledby="pk-plan-preview-title">
      <h2 className="pk-section-title" id="pk-plan-preview-title">
        {messages.planChangePreviewTitle}
      </h2>
      {preview.stale ? (
        <p className="pk-alert" role="alert">
          {messages.planChangeStale}
        </p>
      ) : null}
      <dl className="pk-summary-lines">
        <div className="pk-summary-line">
          <dt>{messages.planChangeCurrent}</dt>
          <dd>{line(preview.from)}</dd>
        </div>
        <div className="pk-summary-line">
          <dt>{messages.planChangeNew}</dt>
          <dd>{line(preview.to)}</dd>
        </div>
        {preview.effective === 'now' ? (
          <div className="pk-summary-line pk-summary-line--total">
            <dt>{messages.planChangeDueNow}</dt>
            <dd>
              {money(preview.amountDue)}
              {preview.amountDue > 0 ? (
                <span className="pk-hint">
                  {' '}
                  {preview.reverseCharge
                    ? messages.summaryReverseCharge
                    : formatMessage(
                        messages.planChangeTaxIncluded,
                        { amount: money(preview.tax) },
                        locale,
                      )}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {preview.credit > 0 ? (
          <div className="pk-summary-line">
            <dt>{messages.planChangeCredit}</dt>
            <dd>{money(preview.credit)}</dd>
          </div>
        ) : null}
        <div className="pk-summary-line">
          <dt>{messages.planChangeNextRenewal}</dt>
          <dd>
            {formatMessage(
              messages.manageNextChargeValue,
              {
                amount: money(preview.nextRenewal.amount),
                date: formatDate(preview.nextRenewal.date, locale),
              },
              locale,
            )}
          </dd>
        </div>
      </dl>
      {preview.effective === 'period_end' ? (
        <p>
          {formatMessage(
            messages.planChangeAtPeriodEnd,
            { date: formatDate(preview.effectiveAt, locale) },
            locale,
          )}
        </p>
      ) : null}
      <form action={confirmAction} className="pk-actions">
        <input type="hidden" name="confirmToken" value={preview.confirmToken} />
        <input type="hidden" name="plan" value={preview.to.planId} />
        <input type="hidden" name="interval" value={preview.to.interval} />
        <input type="hidden" name="seats" value={preview.to.seats} />
        <button type="submit" className="pk-button pk-button--primary">
          {preview.amountDue > 0
            ? formatMessage(messages.managePayNow, { amount: money(preview.amountDue) }, locale)
            : messages.planChangeConfirm}
        </button>
        <a className="pk-button pk-button--secondary" href={pageHref}>
          {messages.planChangeKeep}
        </a>
      </form>
    </section>
  );
}
