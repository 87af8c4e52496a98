import { type ReactNode, type RefObject, useCallback, useMemo } from 'react';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import type { PlanStepState } from '../views/types.js';
import {
  type PaymentCharge,
  type PaymentFieldsHandle,
  PaymentSlotContext,
  type PaymentSlotValue,
} from './paymentSlot.js';

/** Props of {@link PaymentSection}. */
export interface PaymentSectionProps {
  /** Where the fields' handle is kept, for the form's submit. */
  handle: RefObject<PaymentFieldsHandle | null>;
  onInvalid: (invalid: boolean) => void;
  state: PlanStepState;
  messages: PlanStepFormMessages;
  testMode: boolean;
  locale?: string | undefined;
  /** What Pay will charge now (the live quote), for the fields. */
  charge?: PaymentCharge | undefined;
  /** The payment provider's fields. */
  children: ReactNode;
}

/** The payment part of the plan step: a heading and the slot the provider's fields fill. */
export function PaymentSection({
  handle,
  onInvalid,
  state,
  messages,
  testMode,
  locale,
  charge,
  children,
}: PaymentSectionProps) {
  const register = useCallback(
    (fields: PaymentFieldsHandle) => {
      handle.current = fields;
      return () => {
        if (handle.current === fields) handle.current = null;
      };
    },
    [handle],
  );
  // Compared by value: the form makes a new charge object on every render.
  const { amount, currency, interval, mode } = charge ?? {};
  const slot = useMemo<PaymentSlotValue>(
    () => ({
      register,
      reportInvalid: onInvalid,
      state,
      messages,
      testMode,
      locale,
      charge:
        amount === undefined || !currency || !interval || !mode
          ? undefined
          : { amount, currency, interval, mode },
    }),
    [register, onInvalid, state, messages, testMode, locale, amount, currency, interval, mode],
  );
  return (
    <fieldset className="pk-group">
      <legend className="pk-section-title">{messages.paymentHeading}</legend>
      <PaymentSlotContext.Provider value={slot}>{children}</PaymentSlotContext.Provider>
    </fieldset>
  );
}
