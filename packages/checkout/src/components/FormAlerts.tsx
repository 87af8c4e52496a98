import { forwardRef } from 'react';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';

/** Props of {@link FormAlerts}. */
export interface FormAlertsProps {
  /** The message for the whole form (a decline, too many attempts), already formatted. */
  formError: string | null;
  /** Whether any field shows an error (then the alert asks to correct them). */
  hasErrors: boolean;
  /** A polite status (the promo code applied, the new total), already formatted. */
  status: string | null;
  messages: Pick<PlanStepFormMessages, 'formErrorSummary'>;
}

/**
 * The form's live regions: an alert for what went wrong (focused after a failed submit
 * when no field is invalid) and a polite status. Both are always in the page, so screen
 * readers announce what appears in them.
 */
export const FormAlerts = forwardRef<HTMLDivElement, FormAlertsProps>(function FormAlerts(
  { formError, hasErrors, status, messages },
  ref,
) {
  return (
    <>
      <div ref={ref} tabIndex={-1} role="alert" className="pk-alert-slot">
        {formError ? (
          <p className="pk-alert pk-alert--error">{formError}</p>
        ) : hasErrors ? (
          <p className="pk-alert pk-alert--error">{messages.formErrorSummary}</p>
        ) : null}
      </div>
      <p role="status" className="pk-status-slot">
        {status}
      </p>
    </>
  );
});
