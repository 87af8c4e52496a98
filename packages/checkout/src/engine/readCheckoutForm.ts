import { CHECKOUT_FIELDS, type CheckoutFormValues } from '../validation/checkoutForm.js';
import type { PlanStepState } from '../views/types.js';

/** Longest value kept from any posted field; longer input is cut before it is used or echoed. */
const MAX_FIELD_LENGTH = 512;

/** The fields of a plan-step post the engine reads; every other field is ignored. */
export interface CheckoutPost {
  planId: string;
  idempotencyKey: string;
  /**
   * Which button sent the form: Pay (also the default), the promo code's Apply, or the
   * seat stepper's − and + (which post the form only without JavaScript).
   */
  intent: 'pay' | 'apply-promo' | 'seats-down' | 'seats-up';
  /**
   * The promo code the order summary priced when the visitor pressed Pay (`promoApplied`),
   * or null when the form did not say (an older form, an API client).
   */
  promoApplied: string | null;
  /**
   * The payment-method id the provider's fields made in the browser (`paymentMethod`), or
   * null: without JavaScript there is none, and the buyer pays on the provider's hosted page.
   * Never card data: the engine has no field for it.
   */
  paymentMethodId: string | null;
  /**
   * The total the form showed next to the button (`shownTotal`, "EUR 5355": currency and
   * the quote's total in minor units), or null when the form did not say (an API client).
   */
  shownTotal: string | null;
  values: CheckoutFormValues;
}

const INTENTS = ['pay', 'apply-promo', 'seats-down', 'seats-up'] as const;

/** What a provider's payment-method id looks like (`pm_…`, Stripe's and the test processor's). */
const PAYMENT_METHOD_PATTERN = /^[A-Za-z0-9_-]{3,255}$/;

function readOrNull(form: FormData | Record<string, string>, name: string): string | null {
  // Duck-typed rather than `instanceof FormData`, which fails for a FormData made by another
  // realm or polyfill. A plain record whose `get` field is a string is still a record.
  const raw =
    typeof (form as FormData).get === 'function'
      ? (form as FormData).get(name)
      : Object.hasOwn(form, name)
        ? (form as Record<string, unknown>)[name]
        : undefined;
  // A file input reads as missing.
  return typeof raw === 'string' ? raw.slice(0, MAX_FIELD_LENGTH) : null;
}

function read(form: FormData | Record<string, string>, name: string): string {
  return readOrNull(form, name) ?? '';
}

/**
 * Reads a plan-step submission. Only `plan`, `idempotencyKey`, `intent`, `promoApplied`,
 * `paymentMethod`, `shownTotal` and the checkout fields are read: an `amount`, `total` or `price` the browser sends
 * never reaches the engine, which computes every amount from the catalog.
 */
export function readCheckoutForm(input: FormData | Record<string, string>): CheckoutPost {
  // A Server Action can be called with anything (a crafted request posting null or a
  // string): read that as an empty form, which fails validation with a message.
  const form: FormData | Record<string, string> =
    typeof input === 'object' && input !== null ? input : {};
  const values: CheckoutFormValues = {};
  for (const field of CHECKOUT_FIELDS) values[field] = read(form, field);
  return {
    planId: read(form, 'plan').trim(),
    idempotencyKey: read(form, 'idempotencyKey').trim(),
    intent: INTENTS.find((intent) => intent === read(form, 'intent')) ?? 'pay',
    promoApplied: readOrNull(form, 'promoApplied'),
    paymentMethodId: PAYMENT_METHOD_PATTERN.test(read(form, 'paymentMethod'))
      ? read(form, 'paymentMethod')
      : null,
    shownTotal: readOrNull(form, 'shownTotal'),
    values,
  };
}

/** The values to refill the form with (the form has no card fields to refill). */
export function refillValues(values: CheckoutFormValues): PlanStepState['values'] {
  const safe: PlanStepState['values'] = {};
  for (const field of CHECKOUT_FIELDS) {
    const value = values[field];
    if (value !== undefined && value !== '') safe[field] = value;
  }
  return safe;
}
