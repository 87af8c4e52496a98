import { type Dispatch, type RefObject, useEffect } from 'react';
import type { PlanStepState } from '../views/types.js';
import type { PaymentFieldsHandle } from './paymentSlot.js';
import type { PlanStepFormAction } from './planStepFormReducer.js';

/**
 * Finishes a payment that waits for the provider's script in this page (Stripe's
 * `use_stripe_sdk`: 3-D Secure in Stripe.js's dialog, issue 21 item 2): the server's answer
 * carries the intent's client secret, the payment fields take the action, and the browser
 * goes on to the finish step, which asks the provider what came of it. Whatever the script
 * answers (done, refused, failed to load), the finish step is where the outcome is read.
 */
export function useNextAction(
  nextAction: PlanStepState['nextAction'],
  fields: RefObject<PaymentFieldsHandle | null>,
  dispatch: Dispatch<PlanStepFormAction>,
): void {
  useEffect(() => {
    if (!nextAction) return;
    // The Pay button stays busy until the browser leaves.
    dispatch({ type: 'preparing' });
    const finish = () => window.location.assign(nextAction.returnUrl);
    const handle = fields.current;
    if (!handle?.handleNextAction) {
      finish();
      return;
    }
    handle.handleNextAction(nextAction.clientSecret).then(finish, finish);
  }, [nextAction, fields, dispatch]);
}
