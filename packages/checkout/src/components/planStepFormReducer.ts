// The plan-step form's state, in one reducer: what the visitor chose and typed (never card
// data: the payment fields own theirs), the field errors on show, the idempotency key of
// the checkout, and a counter that asks for focus after a failed submit. Pure, so every
// transition is easy to test.

import type { BillingInterval } from '../catalog/constants.js';
import type { Country, Plan } from '../catalog/schema.js';
import type { CheckoutField, FieldError } from '../validation/checkoutForm.js';
import type { PlanStepState } from '../views/types.js';

/** The form's own fields (the payment fields live in the payment slot). */
export type FormField = 'interval' | 'currency' | 'seats' | 'email' | 'name' | 'country' | 'promo';

/** Field errors on show, by field. */
export type FieldErrors = Partial<Record<CheckoutField, FieldError>>;

export interface PlanStepFormState {
  values: Record<FormField, string>;
  errors: FieldErrors;
  /** Whether the payment slot shows an error of its own. */
  paymentInvalid: boolean;
  /** The checkout's idempotency key; empty until the browser mints or restores one. */
  idempotencyKey: string;
  /** The last server result taken in, so a new one is noticed once. */
  seen: PlanStepState;
  /** Grows by one whenever focus should move to the first invalid field or the alert. */
  focusRequest: number;
  /** The payment fields are turning the card into a payment-method id (before the post). */
  preparing: boolean;
  /** A message for the whole form that came from the browser (the processor unreachable). */
  clientError: FieldError | null;
}

export type PlanStepFormAction =
  /**
   * The visitor changed a field, or left it (`value` as it is); `error` is its check, when
   * it showed an error or was left.
   */
  | { type: 'change'; field: FormField; value: string; error?: FieldError | null }
  /** A submit found errors: show them and move focus. */
  | { type: 'invalid'; errors: FieldErrors; paymentInvalid: boolean }
  /** The payment slot's errors appeared or went away. */
  | { type: 'paymentErrors'; invalid: boolean }
  /** A new server result; `key` is its idempotency key, or a fresh one when it gave none. */
  | { type: 'server'; state: PlanStepState; key: string }
  /** The browser minted or restored a key (only fills an empty one). */
  | { type: 'key'; key: string }
  /** The email and name this tab submitted before, for fields still empty. */
  | { type: 'restore'; email: string; name: string }
  /** Choices a link into the plan step carried, those the plan offers. */
  | { type: 'link'; values: Partial<Record<FormField, string>> }
  /** The payment fields started making a payment method. */
  | { type: 'preparing' }
  /** They made one: the post goes out. */
  | { type: 'prepared' }
  /** They could not: their own errors show (`error` null), or a message for the form. */
  | { type: 'paymentFailed'; error: FieldError | null };

/** What the initial state is derived from. */
export interface PlanStepFormInit {
  plan: Plan;
  currencies: readonly string[];
  intervals: readonly BillingInterval[];
  countries: readonly Country[];
  state: PlanStepState;
}

/** The state to start from: the server's echoed values where they fit the plan, else defaults. */
export function initPlanStepForm({
  plan,
  currencies,
  intervals,
  state,
}: PlanStepFormInit): PlanStepFormState {
  const v = state.values;
  return {
    values: {
      interval: (intervals as string[]).includes(v.interval ?? '')
        ? (v.interval as string)
        : (intervals[0] ?? 'monthly'),
      // Echoed values are the raw post: a currency the plan is not sold in would break the quote.
      currency: v.currency && currencies.includes(v.currency) ? v.currency : (currencies[0] ?? ''),
      seats: v.seats ?? String(plan.seats?.default ?? plan.seats?.min ?? 1),
      email: v.email ?? '',
      name: v.name ?? '',
      country: v.country ?? '',
      promo: v.promo ?? '',
    },
    errors: state.fieldErrors,
    paymentInvalid: false,
    idempotencyKey: state.idempotencyKey ?? '',
    seen: state,
    focusRequest: 0,
    preparing: false,
    clientError: null,
  };
}

export function planStepFormReducer(
  form: PlanStepFormState,
  action: PlanStepFormAction,
): PlanStepFormState {
  switch (action.type) {
    case 'change': {
      const values = { ...form.values, [action.field]: action.value };
      if (action.error === undefined) return { ...form, values };
      return {
        ...form,
        values,
        errors: { ...form.errors, [action.field]: action.error ?? undefined },
      };
    }
    case 'invalid':
      return {
        ...form,
        clientError: null,
        errors: action.errors,
        paymentInvalid: action.paymentInvalid,
        focusRequest: form.focusRequest + 1,
      };
    case 'paymentErrors':
      return form.paymentInvalid === action.invalid
        ? form
        : { ...form, paymentInvalid: action.invalid };
    case 'server': {
      const { state } = action;
      const focus = state.status !== 'idle' || Object.keys(state.fieldErrors).length > 0;
      return {
        ...form,
        seen: state,
        // An action the payment fields take in the page (3-D Secure): busy until it is over.
        preparing: Boolean(state.nextAction),
        clientError: null,
        errors: state.fieldErrors,
        idempotencyKey: action.key,
        focusRequest: focus ? form.focusRequest + 1 : form.focusRequest,
      };
    }
    case 'restore':
      return {
        ...form,
        values: {
          ...form.values,
          email: form.values.email || action.email,
          name: form.values.name || action.name,
        },
      };
    case 'key':
      return form.idempotencyKey ? form : { ...form, idempotencyKey: action.key };
    case 'link':
      return { ...form, values: { ...form.values, ...action.values } };
    case 'preparing':
      return { ...form, preparing: true, clientError: null };
    case 'prepared':
      return { ...form, preparing: false };
    case 'paymentFailed':
      return {
        ...form,
        preparing: false,
        clientError: action.error,
        paymentInvalid: action.error === null,
        focusRequest: form.focusRequest + 1,
      };
  }
}
