import { BILLING_INTERVALS, type BillingInterval } from '../catalog/constants.js';
import type { Catalog, Plan } from '../catalog/schema.js';
import type { ComponentMessageKey } from '../messages/CheckoutMessages.js';
import type { FieldError } from '../messages/fieldError.js';
import { isFreePlan } from '../pricing/quote.js';
import { type PromoResolution, resolvePromoCode } from '../pricing/resolvePromoCode.js';

/** Names of the plan-step form fields, as posted. */
export const CHECKOUT_FIELDS = [
  'interval',
  'currency',
  'seats',
  'email',
  'name',
  'country',
  'promo',
  // A business buyer's details (components/BusinessFields.tsx); read only when `business` is on.
  'business',
  'company',
  'vatId',
  'street',
  'postalCode',
  'city',
] as const;
/** The fields only a business buyer fills in. */
export const BUSINESS_FIELDS = ['company', 'vatId', 'street', 'postalCode', 'city'] as const;
/** One field of the plan-step form. */
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

// A field error names a message (messages/fieldError.ts), so the form can show it in the
// visitor's language.
export type { FieldError } from '../messages/fieldError.js';

/** Raw field values as strings, the way a form posts them. */
export type CheckoutFormValues = Partial<Record<CheckoutField, string>>;

/** The parts of a catalog the field rules read (the browser gets no promo code list). */
export interface ValidationContext {
  catalog: {
    countries: readonly Catalog['countries'][number][];
    defaultCurrency: string;
    promoCodes: readonly Catalog['promoCodes'][number][];
  };
  plan: Plan;
  now: Date;
}

/**
 * The validated, typed submission. It has no card: the payment provider's own fields take
 * the card and hand the form a payment-method id (issue 9, "card data never touches the
 * host").
 */
export interface CheckoutSubmission {
  planId: string;
  interval: BillingInterval;
  currency: string;
  seats: number;
  email: string;
  name: string;
  country: string;
  promo: PromoResolution & { status: 'none' | 'valid' };
  /** A business buyer's details as typed (the VAT ID is checked by the engine), or null. */
  business: BusinessDetails | null;
}

/** What a business buyer adds: company, VAT ID (may be empty) and billing address. */
export interface BusinessDetails {
  company: string;
  vatId: string;
  street: string;
  postalCode: string;
  city: string;
}

/** Result of validating a submission. */
export type CheckoutValidation =
  | { ok: true; submission: CheckoutSubmission }
  | { ok: false; fieldErrors: Partial<Record<CheckoutField, FieldError>> };

// The contact rules, declared once for the form (as the visitor types) and the server.
// Plain functions rather than zod: this module ships to the browser with the plan step,
// and zod would cost more than the whole plan step's budget (issue 4).
// Same pattern as zod's own `z.email()`.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Longest value each field accepts, in UTF-16 code units as `maxLength` counts them. The
 * free-text fields get a message saying so; the others are checked against a list or a
 * pattern that no longer value passes.
 */
export const FIELD_MAX_LENGTH = {
  interval: 16,
  currency: 3,
  seats: 6,
  email: 254,
  name: 100,
  country: 2,
  promo: 32,
  business: 2,
  company: 100,
  vatId: 20,
  street: 200,
  postalCode: 16,
  city: 100,
} as const satisfies Record<CheckoutField, number>;

// C0 and C1 controls (NUL, tab, newline, escape…) and DEL (Cc), unpaired surrogates (Cs in
// Unicode mode), the bidirectional embeddings and overrides (U+202A–U+202E) and isolates
// (U+2066–U+2069). None belongs in a name or an address; a NUL also breaks Postgres, and a
// direction override makes stored text read differently in a receipt (issue 12, item 7).
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

/** Whether a value holds a control, direction-changing or broken character. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/** The checks every free-text field shares: no forbidden characters, a bounded length. */
function checkText(value: string, max: number): FieldError | null {
  if (hasForbiddenCharacters(value)) return { message: 'errorInvalidCharacters' };
  if (value.trim().length > max) return { message: 'errorTooLong', values: { max } };
  return null;
}

function checkEmail(value: string): ComponentMessageKey | null {
  const email = value.trim();
  if (email === '') return 'errorRequired';
  if (email.length > FIELD_MAX_LENGTH.email || !EMAIL_PATTERN.test(email)) return 'errorEmail';
  return null;
}

/** An email address field's rule on its own (the plan step's, and "Find my subscription"). */
export function checkEmailAddress(value: string): FieldError | null {
  if (hasForbiddenCharacters(value)) return { message: 'errorInvalidCharacters' };
  const error = checkEmail(value);
  return error ? { message: error } : null;
}

function checkName(value: string): ComponentMessageKey | null {
  const name = value.trim();
  if (name === '') return 'errorRequired';
  if (name.length > FIELD_MAX_LENGTH.name) return 'errorNameTooLong';
  return null;
}

/**
 * Whether the plan needs a payment method: every plan that ever charges, trials included
 * (their card is saved for the first charge); a free plan asks for none.
 */
export function needsPaymentDetails(plan: Plan): boolean {
  return !isFreePlan(plan);
}

/** Billing intervals a plan is sold on, in display order. */
export function planIntervals(plan: Plan): BillingInterval[] {
  return BILLING_INTERVALS.filter((interval) => plan.prices[interval] !== undefined);
}

/** Currencies a plan is sold in (the default currency first). */
export function planCurrencies(catalog: Pick<Catalog, 'defaultCurrency'>, plan: Plan): string[] {
  const first = planIntervals(plan)[0];
  const currencies = Object.keys((first && plan.prices[first]) ?? {});
  return currencies.sort((a, b) =>
    a === catalog.defaultCurrency ? -1 : b === catalog.defaultCurrency ? 1 : a.localeCompare(b),
  );
}

/**
 * The fields the form also checks in the browser, as the visitor types. Not the promo code
 * (the codes are secret: the server alone checks them) nor the business buyer's details
 * (the server checks them on submit), so their rules stay out of the plan step's browser
 * bundle (issue 13, the 12 kB budget).
 */
export type FormCheckedField = 'interval' | 'currency' | 'seats' | 'email' | 'name' | 'country';

/** The rules of {@link FormCheckedField}: the form calls this, and `validateField` does. */
export function validateFormField(
  field: FormCheckedField,
  value: string,
  context: ValidationContext,
): FieldError | null {
  const { catalog, plan } = context;
  switch (field) {
    case 'interval':
      return (planIntervals(plan) as string[]).includes(value)
        ? null
        : { message: 'errorInterval' };
    case 'currency':
      return planCurrencies(catalog, plan).includes(value) ? null : { message: 'errorCurrency' };
    case 'seats': {
      if (!plan.seats) return null;
      const { min, max } = plan.seats;
      const seats = Number(value);
      return /^\d{1,6}$/.test(value.trim()) && seats >= min && seats <= max
        ? null
        : { message: 'errorSeats', values: { min, max } };
    }
    case 'email':
    case 'name': {
      // Characters first: "Ada\u0000" is not too long, and not an email address either.
      if (hasForbiddenCharacters(value)) return { message: 'errorInvalidCharacters' };
      const error = field === 'email' ? checkEmail(value) : checkName(value);
      return error ? { message: error } : null;
    }
    case 'country':
      return catalog.countries.some((c) => c.code === value) ? null : { message: 'errorCountry' };
  }
}

/**
 * Validates one field on its own; `validateCheckout` calls it for every field, and the
 * form runs the same rules through `validateFormField`, so the rules exist once.
 */
export function validateField(
  field: CheckoutField,
  value: string,
  context: ValidationContext,
): FieldError | null {
  const { catalog, plan, now } = context;
  switch (field) {
    // Whether company and VAT ID are needed depends on the `business` box: validateCheckout.
    case 'business':
      return value === '' || value === 'on' ? null : { message: 'errorRequired' };
    case 'company':
    case 'vatId':
    case 'street':
    case 'postalCode':
    case 'city':
      return checkText(value, FIELD_MAX_LENGTH[field]);
    case 'promo': {
      const textError = checkText(value, FIELD_MAX_LENGTH.promo);
      if (textError) return textError;
      const promo = resolvePromoCode(catalog, value, plan.id, now);
      if (promo.status === 'unknown') return { message: 'errorPromoUnknown' };
      if (promo.status === 'expired') return { message: 'errorPromoExpired' };
      if (promo.status === 'not_applicable') return { message: 'errorPromoNotApplicable' };
      return null;
    }
    default:
      return validateFormField(field, value, context);
  }
}

/** Validates a whole plan-step submission against the catalog. */
export function validateCheckout(
  values: CheckoutFormValues,
  context: ValidationContext,
): CheckoutValidation {
  const { catalog, plan, now } = context;
  const get = (field: CheckoutField) => values[field] ?? '';
  const fieldErrors: Partial<Record<CheckoutField, FieldError>> = {};
  const isBusiness = get('business') === 'on';
  for (const field of CHECKOUT_FIELDS) {
    if (field === 'seats' && !plan.seats) continue;
    // A consumer's form may still carry business fields (the box unticked): ignored.
    if (!isBusiness && (BUSINESS_FIELDS as readonly string[]).includes(field)) continue;
    const error = validateField(field, get(field), context);
    if (error) fieldErrors[field] = error;
  }
  if (isBusiness && get('company').trim() === '' && !fieldErrors.company) {
    fieldErrors.company = { message: 'errorRequired' };
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const promo = resolvePromoCode(catalog, get('promo'), plan.id, now);
  // Checked above already; narrowed here without a throw that could cross the boundary.
  if (promo.status !== 'none' && promo.status !== 'valid') {
    return { ok: false, fieldErrors: { promo: { message: 'errorPromoUnknown' } } };
  }
  return {
    ok: true,
    submission: {
      planId: plan.id,
      interval: get('interval') as BillingInterval,
      currency: get('currency'),
      seats: plan.seats ? Number(get('seats')) : 1,
      email: get('email').trim(),
      name: get('name').trim(),
      country: get('country'),
      promo,
      business: isBusiness
        ? {
            company: get('company').trim(),
            vatId: get('vatId').trim(),
            street: get('street').trim(),
            postalCode: get('postalCode').trim(),
            city: get('city').trim(),
          }
        : null,
    },
  };
}
