import type { Dispatch } from 'react';
import type { Country, Plan } from '../catalog/schema.js';
import {
  type FieldError,
  type ValidationContext,
  validateFormField,
} from '../validation/checkoutForm.js';
import type {
  FieldErrors,
  FormField,
  PlanStepFormAction,
  PlanStepFormState,
} from './planStepFormReducer.js';

/**
 * The form's field checks, with the server's own rules (`validateFormField`): as the visitor
 * fixes a field that shows an error, when they leave a field, and all at once on submit.
 * Promo codes are secret, so the server alone checks them.
 */
export function useFieldChecks(
  plan: Plan,
  countries: readonly Country[],
  currencies: readonly string[],
  form: PlanStepFormState,
  dispatch: Dispatch<PlanStepFormAction>,
) {
  const validation: ValidationContext = {
    catalog: { countries, defaultCurrency: currencies[0] ?? '', promoCodes: [] },
    plan,
    now: new Date(),
  };
  const check = (field: FormField, value: string): FieldError | null =>
    field === 'promo' || (field === 'seats' && !plan.seats)
      ? null
      : validateFormField(field, value, validation);
  return {
    /** The visitor changed a field; one that shows an error is checked again. */
    change(field: FormField, value: string) {
      dispatch({
        type: 'change',
        field,
        value,
        // Seats are checked as they change: an out-of-range count says so at once, while
        // the summary keeps the last valid count.
        error: form.errors[field] || field === 'seats' ? check(field, value) : undefined,
      });
    },
    /**
     * The visitor left a field; an empty one is not nagged about yet. Nor is one left for
     * the Pay button: the submit checks every field anyway, and an error appearing now
     * would move the button from under the pointer and swallow the click (issue 13, item 9).
     */
    blur(field: FormField, next?: EventTarget | null) {
      if (next instanceof HTMLButtonElement && next.type === 'submit' && next.value === 'pay') {
        return;
      }
      const value = form.values[field];
      if (value !== '') dispatch({ type: 'change', field, value, error: check(field, value) });
    },
    /** Every field's error, for a submit. */
    checkAll(): FieldErrors {
      const found: FieldErrors = {};
      // The form's values hold every field of the form (planStepFormReducer.ts).
      for (const field of Object.keys(form.values) as FormField[]) {
        const error = check(field, form.values[field]);
        if (error) found[field] = error;
      }
      return found;
    },
  };
}
