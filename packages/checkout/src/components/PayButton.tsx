import type { Plan } from '../catalog/schema.js';
import { formatMessage } from '../messages/formatMessage.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { isFreePlan } from '../pricing/quote.js';

/** What the submit button says: "Get started", "Start 14-day trial" or "Pay €10.71". */
export function payLabelOf(
  plan: Plan,
  messages: PlanStepFormMessages,
  dueToday: string,
  locale?: string,
): string {
  if (isFreePlan(plan)) return messages.submitFree;
  if (plan.trialDays) return formatMessage(messages.submitTrial, { days: plan.trialDays }, locale);
  return formatMessage(messages.submitPay, { amount: dueToday }, locale);
}

/** Props of {@link PayButton}. */
export interface PayButtonProps {
  label: string;
  pending: boolean;
  pendingLabel: string;
  /**
   * The invisible copy at the top of the form: Enter in a text field submits with the
   * form's first submit button, which must be "pay", not the promo code's "Apply".
   */
  hiddenDefault?: boolean;
}

/** The form's submit button (`intent=pay`); "Processing…" and disabled while it runs. */
export function PayButton({ label, pending, pendingLabel, hiddenDefault }: PayButtonProps) {
  if (hiddenDefault) {
    return (
      <button
        type="submit"
        name="intent"
        value="pay"
        className="pk-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {label}
      </button>
    );
  }
  return (
    <button
      type="submit"
      name="intent"
      value="pay"
      className="pk-button pk-button--primary pk-submit"
      disabled={pending}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
