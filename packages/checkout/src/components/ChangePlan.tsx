import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { PlanChangeChoices, PlanChangePreviewView } from '../views/planChangeTypes.js';
import type { FormAction } from './ManageSubscription.js';
import { PlanChangePreview } from './PlanChangePreview.js';

/** What the last step of a plan change did, as the page's query says (`?changed=`, `?change=`). */
export type PlanChangeNotice = 'applied' | 'scheduled' | 'undone' | 'declined' | null;

/** Props of {@link ChangePlan}. */
export interface ChangePlanProps {
  /** The choices (`SubscriptionPageView.planChange`). */
  choices: PlanChangeChoices;
  /** This page's path: "Review change" opens it with `?plan=&interval=&seats=` (a GET). */
  pageHref: string;
  /** The preview of the change asked for (`engine.previewPlanChange`), if one was. */
  preview?: PlanChangePreviewView | null | undefined;
  /** What the last confirmation did. */
  notice?: PlanChangeNotice | undefined;
  /** Posted by "Confirm" (`engine.confirmPlanChange`). */
  confirmAction: FormAction;
  /** Posted by "Undo this change" with `changeId` (`engine.undoPlanChange`). */
  undoAction: FormAction;
  messages?: Partial<CompiledMessages> | undefined;
  locale?: string | undefined;
}

/**
 * The manage page's "Change plan": the other plans, intervals and seat counts in a plain
 * GET form whose answer is a preview (nothing charged), the preview's confirmation, a
 * downgrade waiting for the period's end with "Undo", and what the last step did. Every
 * step is a link or a form post: it works without JavaScript.
 */
export function ChangePlan({
  choices,
  pageHref,
  preview,
  notice,
  confirmAction,
  undoAction,
  messages: overrides,
  locale,
}: ChangePlanProps) {
  const messages = resolveMessages(overrides);
  const { current, pending } = choices;
  const maxSeats = Math.max(1, ...choices.plans.map((plan) => plan.seats?.max ?? 1));
  const minSeats = Math.min(...choices.plans.map((plan) => plan.seats?.min ?? 1));
  const invalid =
    preview?.status === 'invalid'
      ? preview.reason === 'same'
        ? messages.planChangeSame
        : preview.reason === 'blocked'
          ? choices.blocked === 'past_due'
            ? messages.planChangeBlockedPastDue
            : messages.planChangeBlockedCanceling
          : messages.planChangeUnavailable
      : null;
  const status =
    notice === 'applied'
      ? messages.planChangeApplied
      : notice === 'scheduled' && pending
        ? formatMessage(
            messages.planChangeScheduled,
            { plan: pending.planName, date: formatDate(pending.date, locale) },
            locale,
          )
        : null;
  return (
    <section className="pk-plan-change" id="pk-plan-change" aria-labelledby="pk-plan-change-title">
      <h2 className="pk-section-title" id="pk-plan-change-title">
        {messages.planChangeHeading}
      </h2>
      {status ? (
        <p className="pk-lead" role="status">
          {status}
        </p>
      ) : null}
      {notice === 'declined' || invalid ? (
        <p className="pk-alert pk-alert--error" role="alert">
          {notice === 'declined' ? messages.planChangeDeclined : invalid}
        </p>
      ) : null}
      {pending ? (
        <form action={undoAction} className="pk-actions">
          <p className="pk-lead">
            {formatMessage(
              messages.planChangeScheduled,
              { plan: pending.planName, date: formatDate(pending.date, locale) },
              locale,
            )}{' '}
            {formatMessage(
              messages.manageNextChargeValue,
              {
                amount: formatMoney(pending.amount, pending.currency, locale),
                date: formatDate(pending.date, locale),
              },
              locale,
            )}
          </p>
          <input type="hidden" name="changeId" value={pending.changeId} />
          <button type="submit" className="pk-button pk-button--secondary">
            {messages.planChangeUndo}
          </button>
        </form>
      ) : null}
      {preview?.status === 'preview' ? (
        <PlanChangePreview
          preview={preview}
          confirmAction={confirmAction}
          pageHref={pageHref}
          messages={messages}
          locale={locale}
        />
      ) : choices.blocked ? (
        <p className="pk-muted">
          {choices.blocked === 'past_due'
            ? messages.planChangeBlockedPastDue
            : messages.planChangeBlockedCanceling}
        </p>
      ) : (
        <form action={pageHref} method="get" className="pk-form pk-plan-change-form">
          <div className="pk-field">
            <label className="pk-label" htmlFor="pk-change-plan">
              {messages.receiptPlan}
            </label>
            <select
              className="pk-input"
              id="pk-change-plan"
              name="plan"
              defaultValue={current.planId}
            >
              {choices.plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                  {plan.seats
                    ? ` (${plan.seats.min}–${plan.seats.max} ${messages.receiptSeats})`
                    : ''}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="pk-interval">
            <legend className="pk-label">{messages.receiptInterval}</legend>
            <div className="pk-segmented">
              {(['monthly', 'yearly'] as const).map((interval) => (
                <label className="pk-segment" key={interval}>
                  <input
                    type="radio"
                    name="interval"
                    value={interval}
                    defaultChecked={interval === current.interval}
                  />
                  <span>
                    {interval === 'yearly' ? messages.intervalYearly : messages.intervalMonthly}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="pk-field">
            <label className="pk-label" htmlFor="pk-change-seats">
              {messages.receiptSeats}
            </label>
            <input
              className="pk-input pk-plan-change-seats"
              id="pk-change-seats"
              name="seats"
              type="number"
              inputMode="numeric"
              min={minSeats}
              max={maxSeats}
              defaultValue={current.seats}
            />
          </div>
          <div className="pk-actions">
            <button type="submit" className="pk-button pk-button--secondary">
              {messages.planChangeReview}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
