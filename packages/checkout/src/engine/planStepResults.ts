import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { CheckoutSession } from '../store/types.js';
import type { FieldError } from '../validation/checkoutForm.js';
import type { PlanStepState, SubmitResult } from '../views/types.js';
import { failureReason } from './buildFinishView.js';

/** Builds the results of one submission: its echoed values and applied promo stay fixed. */
export function planStepResults(
  values: PlanStepState['values'],
  appliedPromo: PlanStepState['appliedPromo'],
) {
  const state = (
    status: PlanStepState['status'],
    fields: Pick<PlanStepState, 'fieldErrors' | 'formError' | 'idempotencyKey' | 'review'>,
  ): SubmitResult => ({ kind: 'state', state: { status, ...fields, values, appliedPromo } });
  const failed = (formError: FieldError, idempotencyKey: string | null): SubmitResult =>
    state('failed', { fieldErrors: {}, formError, idempotencyKey });
  return {
    state,
    failed,
    /** The provider's script must finish an action in the page; the form then leaves. */
    nextAction: (
      nextAction: NonNullable<PlanStepState['nextAction']>,
      idempotencyKey: string | null,
    ): SubmitResult => ({
      kind: 'state',
      state: {
        status: 'idle',
        fieldErrors: {},
        formError: null,
        idempotencyKey,
        values,
        appliedPromo,
        nextAction,
      },
    }),
    /** No key back: the form must start a new checkout with a fresh key. */
    expired: () => failed({ message: 'errorExpiredSession' }, null),
  };
}

/** A redirect to `location` for the session. */
export function redirectTo(location: string, sessionId: string): SubmitResult {
  return { kind: 'redirect', location, sessionId };
}

/**
 * Where a visitor goes once their attempt ended, by what the store now holds: the finish
 * step, the provider's page, or back to the form with the reason.
 */
export function resultOfSession(
  session: CheckoutSession,
  routes: CheckoutRoutes,
  failed: (formError: FieldError) => SubmitResult,
): SubmitResult {
  switch (session.status) {
    case 'requires_action':
      // The provider's page (the bank, the hosted payment page); it returns to the finish step.
      return redirectTo(session.actionUrl ?? routes.finish(session.id), session.id);
    case 'failed':
      return failed(failureReason(session.failureCode));
    default:
      // Paid, trialing, or still processing: the finish step tells which.
      return redirectTo(routes.finish(session.id), session.id);
  }
}
