import {
  type Catalog,
  CHECKOUT_FIELDS,
  type CheckoutField,
  type FinishView,
  findPlan,
  initialPlanStepState,
  isFreePlan,
  type PlanStepState,
  type PromoResolution,
  planTexts,
  quote,
  type Receipt,
  resolvePromoCode,
  validateCheckout,
} from '@plankit/checkout';

/** What the handler decided: show the form again, or the finish step. */
export type HandlerResult =
  | { kind: 'state'; state: PlanStepState }
  | { kind: 'finish'; view: FinishView };

/** The message each promo-code lookup shows on the field (none when it applies). */
const PROMO_ERRORS = {
  none: null,
  valid: null,
  unknown: 'errorPromoUnknown',
  expired: 'errorPromoExpired',
  not_applicable: 'errorPromoNotApplicable',
} as const satisfies Record<PromoResolution['status'], string | null>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The example's own submit handler. It runs in the browser to keep the example small; a
 * real app runs the same steps on its server (or uses the package's engine). It validates
 * with the package's `validateCheckout`, prices with `quote` from the catalog (never from
 * the posted form), and "pays" with the payment-method id of its demo processor by
 * building the finish view.
 */
export function handleCheckout(catalog: Catalog, form: FormData, now = new Date()): HandlerResult {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, read(field)])) as Record<
    CheckoutField,
    string
  >;
  // The card never reaches this handler: only the payment-method id the fields made.
  const paymentMethod = read('paymentMethod');
  const refill = values;
  const state = (next: Partial<PlanStepState>): HandlerResult => ({
    kind: 'state',
    state: { ...initialPlanStepState, values: refill, ...next },
  });

  const plan = findPlan(catalog, read('plan'));
  if (!plan || plan.retired)
    return state({ status: 'invalid', formError: { message: 'errorPlanUnavailable' } });

  const promo = resolvePromoCode(catalog, values.promo, plan.id, now);
  const appliedPromo =
    promo.status === 'valid'
      ? { code: promo.promo.code, percentOff: promo.promo.percentOff }
      : null;
  const context = { catalog, plan, now };

  // The promo field's "Apply" button checks the code alone, so the summary can show it.
  if (read('intent') === 'apply-promo') {
    const error = PROMO_ERRORS[promo.status];
    return state({
      status: error ? 'invalid' : 'idle',
      fieldErrors: error ? { promo: { message: error } } : {},
      appliedPromo,
    });
  }

  const result = validateCheckout(values, context);
  if (!result.ok)
    return state({ status: 'invalid', fieldErrors: result.fieldErrors, appliedPromo });
  const { submission } = result;
  // Demo Pay (DemoCardFields.tsx) "charges" its payment method: its declined card fails.
  if (!isFreePlan(plan) && !paymentMethod.startsWith('pm_demo_')) {
    return state({ status: 'failed', formError: { message: 'errorPaymentMethod' }, appliedPromo });
  }
  if (paymentMethod === 'pm_demo_declined') {
    return state({ status: 'failed', formError: { message: 'errorDeclined' }, appliedPromo });
  }

  const country = catalog.countries.find((candidate) => candidate.code === submission.country);
  const amounts = quote({
    plan,
    interval: submission.interval,
    currency: submission.currency,
    seats: submission.seats,
    promo: submission.promo.status === 'valid' ? submission.promo.promo : null,
    taxRateBasisPoints: country?.taxRateBasisPoints ?? 0,
  });
  const trialEnd = plan.trialDays ? new Date(now.getTime() + plan.trialDays * DAY_MS) : null;
  const periodDays = submission.interval === 'yearly' ? 365 : 30;
  const receipt: Receipt = {
    reference: `NW-${now.getTime().toString(36).toUpperCase()}`,
    planId: plan.id,
    planName: planTexts(plan, 'de').name,
    interval: submission.interval,
    seats: submission.seats,
    perSeat: plan.seats !== undefined,
    email: submission.email,
    quote: amounts,
    amountPaid: amounts.dueToday,
    // Demo Pay has no card brand to tell; a real processor's payment method does.
    paymentMethod: null,
    subscriptionStatus: trialEnd ? 'trialing' : 'active',
    currentPeriodEnd: new Date((trialEnd ?? now).getTime() + periodDays * DAY_MS).toISOString(),
    trialEnd: trialEnd?.toISOString() ?? null,
    firstCharge: trialEnd ? { date: trialEnd.toISOString(), amount: amounts.total } : null,
  };
  const status = isFreePlan(plan) ? 'free' : trialEnd ? 'trialing' : 'paid';
  return { kind: 'finish', view: { status, receipt } };
}
