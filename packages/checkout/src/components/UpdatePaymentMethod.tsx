'use client';

import { type FormEvent, type ReactNode, startTransition, useRef, useState } from 'react';
import type { FieldError } from '../messages/fieldError.js';
import { formatFieldError } from '../messages/formatFieldError.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import { initialPlanStepState, type PlanStepAction } from '../views/types.js';
import { FormAlerts } from './FormAlerts.js';
import { PaymentSection } from './PaymentSection.js';
import type { PaymentFieldsHandle } from './paymentSlot.js';
import { supportsFormActions, useFormActionState } from './useFormActionState.js';

/** Props of {@link UpdatePaymentMethod}. */
export interface UpdatePaymentMethodProps {
  /**
   * Saves the card (calls `engine.updatePaymentMethod`): a Server Action that redirects, or
   * returns the form's state (a refused card, a next action for the provider's script).
   */
  action: PlanStepAction;
  /**
   * The payment provider's fields, as in the plan step's payment slot (`TestCardFields`, or
   * Stripe's `StripePaymentFields` in `setup` mode).
   */
  children: ReactNode;
  /** The button's text (`Save card`, or `Save card and pay €34.51` when past due). */
  submitLabel: string;
  /** The form's text: the plan step form's (its card fields and errors), and one more. */
  messages: PlanStepFormMessages & { manageCardUnavailable: string };
  locale?: string | undefined;
  /** Whether the host runs in test mode (the fields may show the test cards hint). */
  testMode: boolean;
}

/**
 * "Update payment method" on the manage page (issue 22.2): the provider's card fields, as on
 * the plan step. With JavaScript the fields make a payment-method id at the provider and
 * only that id is posted; without it the form posts nothing of the card and the server sends
 * the buyer to the provider's hosted page. A refused card is said in the form's alert, and
 * the fields clear the number and CVC as on the plan step.
 */
export function UpdatePaymentMethod({
  action,
  children,
  submitLabel,
  messages,
  locale,
  testMode,
}: UpdatePaymentMethodProps) {
  const [state, formAction, pending] = useFormActionState(action, initialPlanStepState);
  const fields = useRef<PaymentFieldsHandle | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [localError, setLocalError] = useState<FieldError | null>(null);
  const [seen, setSeen] = useState(state);
  if (seen !== state) {
    setSeen(state);
    setLocalError(null);
  }
  const [invalid, setInvalid] = useState(false);
  const busy = pending || preparing || Boolean(state.nextAction);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formData = new FormData(event.currentTarget);
    const handle = fields.current;
    if (!handle) {
      startTransition(() => formAction(formData));
      return;
    }
    if (!handle.validate()) return;
    setPreparing(true);
    setLocalError(null);
    void handle.createPaymentMethod().then((made) => {
      setPreparing(false);
      if ('error' in made) {
        setLocalError(made.error);
        return;
      }
      formData.set('paymentMethod', made.paymentMethodId);
      startTransition(() => formAction(formData));
    });
  };

  const formError = formatFieldError(messages, localError ?? state.formError, locale);
  return (
    <form
      className="pk-form"
      // React 18 cannot post a function without JavaScript; onSubmit covers it there.
      action={supportsFormActions ? formAction : undefined}
      onSubmit={onSubmit}
      noValidate
    >
      <FormAlerts formError={formError} hasErrors={invalid} status={null} messages={messages} />
      <PaymentSection
        handle={fields}
        onInvalid={setInvalid}
        state={state}
        messages={messages}
        testMode={testMode}
        locale={locale}
      >
        {children}
      </PaymentSection>
      <div className="pk-actions">
        <button
          type="submit"
          className="pk-button pk-button--primary"
          aria-disabled={busy || undefined}
        >
          {busy ? messages.submitPending : submitLabel}
        </button>
      </div>
    </form>
  );
}
