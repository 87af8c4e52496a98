import { findPlan } from '../catalog/findPlan.js';
import type { Plan } from '../catalog/schema.js';
import { quote } from '../pricing/quote.js';
import { normalisePromoCode, resolvePromoCode } from '../pricing/resolvePromoCode.js';
import { shownTotalOf } from '../pricing/shownTotal.js';
import type { SessionSelection } from '../store/types.js';
import {
  type CheckoutSubmission,
  validateCheckout,
  validateField,
} from '../validation/checkoutForm.js';
import type { SubmitResult } from '../views/types.js';
import { resolveBusinessTax } from './businessTax.js';
import { IDEMPOTENCY_KEY_PATTERN } from './clientKeys.js';
import type { EngineContext } from './engineContext.js';
import { planStepResults } from './planStepResults.js';
import { type CheckoutPost, refillValues } from './readCheckoutForm.js';

/** A submission that passed every check: what to charge, recomputed from the catalog. */
export interface ReadySubmission {
  post: CheckoutPost;
  plan: Plan;
  submission: CheckoutSubmission;
  selection: SessionSelection;
  /** The browser's idempotency key, or null (no JavaScript, or malformed). */
  postedKey: string | null;
  results: ReturnType<typeof planStepResults>;
}

/**
 * Reads, validates and prices a plan-step post. Returns either an answer for the form
 * (bad input, the promo code's Apply, a discount the visitor has not seen yet) or the
 * submission ready to pay. Stores and charges nothing.
 */
export async function readSubmission(
  ctx: EngineContext,
  post: CheckoutPost,
  locale = 'en',
): Promise<{ answer: SubmitResult } | { ready: ReadySubmission }> {
  const at = ctx.clock.now();
  const values = refillValues(post.values);
  const postedKey = IDEMPOTENCY_KEY_PATTERN.test(post.idempotencyKey) ? post.idempotencyKey : null;

  const plan = findPlan(ctx.catalog, post.planId);
  if (!plan || plan.retired) {
    return {
      answer: planStepResults(values, null).state('invalid', {
        fieldErrors: {},
        formError: { message: 'errorPlanUnavailable' },
        idempotencyKey: postedKey,
      }),
    };
  }

  const typedPromo = resolvePromoCode(ctx.catalog, post.values.promo, plan.id, at);
  const appliedPromo =
    typedPromo.status === 'valid'
      ? { code: typedPromo.promo.code, percentOff: typedPromo.promo.percentOff }
      : null;
  const results = planStepResults(values, appliedPromo);
  const validation = { catalog: ctx.catalog, plan, now: at };

  // The promo code's Apply button: check the code alone so the summary can show the
  // discount; nothing else is validated and nothing is stored or charged.
  if (post.intent === 'apply-promo') {
    const promoError = validateField('promo', post.values.promo ?? '', validation);
    return {
      answer: results.state(promoError ? 'invalid' : 'idle', {
        fieldErrors: promoError ? { promo: promoError } : {},
        formError: null,
        idempotencyKey: postedKey,
      }),
    };
  }

  // The seat stepper's − or + without JavaScript: the form comes back with the new count
  // and its total; nothing else is validated, stored or charged.
  // (A plan without seats has no stepper: such a post changes nothing.)
  if (post.intent === 'seats-down' || post.intent === 'seats-up') {
    return {
      answer: planStepResults(steppedSeats(plan, values, post.intent), appliedPromo).state('idle', {
        fieldErrors: {},
        formError: null,
        idempotencyKey: postedKey,
      }),
    };
  }

  const checked = validateCheckout(post.values, validation);
  if (!checked.ok) {
    return {
      answer: results.state('invalid', {
        fieldErrors: checked.fieldErrors,
        formError: null,
        idempotencyKey: postedKey,
      }),
    };
  }
  const { submission } = checked;
  const promo = submission.promo.status === 'valid' ? submission.promo.promo : null;
  // The visitor pressed Pay with a code the order summary had not priced yet (typed, not
  // applied): show the discounted price first, so nobody is charged an amount they did
  // not see. A post without `promoApplied` (an API client) skips this step.
  if (post.promoApplied !== null && normalisePromoCode(post.promoApplied) !== (promo?.code ?? '')) {
    return {
      answer: results.state('idle', {
        fieldErrors: {},
        formError: null,
        idempotencyKey: postedKey,
      }),
    };
  }
  // A business buyer's VAT ID (offline, then VIES when it decides a reverse charge).
  const businessTax = await resolveBusinessTax(ctx, submission);
  if ('fieldErrors' in businessTax) {
    return {
      answer: results.state('invalid', {
        fieldErrors: businessTax.fieldErrors,
        formError: null,
        idempotencyKey: postedKey,
      }),
    };
  }
  const country = ctx.catalog.countries.find((c) => c.code === submission.country);
  const amounts = quote({
    plan,
    interval: submission.interval,
    currency: submission.currency,
    seats: submission.seats,
    promo,
    taxRateBasisPoints: country?.taxRateBasisPoints ?? 0,
    reverseCharge: businessTax.reverseCharge,
  });
  // The form showed another total (seats or country changed without JavaScript, so its
  // summary could not follow; a price changed since the page was built): charge nothing,
  // show the new total and let the visitor confirm it. An API client that sends no
  // `shownTotal` skips this, as it skips the promo review.
  if (post.shownTotal !== null && post.shownTotal.trim() !== shownTotalOf(amounts)) {
    return {
      answer: results.state('idle', {
        fieldErrors: {},
        formError: null,
        idempotencyKey: postedKey,
        review: 'total-changed',
      }),
    };
  }
  return {
    ready: {
      post,
      plan,
      submission,
      postedKey,
      results,
      selection: {
        planId: plan.id,
        interval: submission.interval,
        currency: submission.currency,
        seats: amounts.seats,
        country: submission.country,
        promoCode: promo?.code ?? null,
        email: submission.email,
        name: submission.name,
        amountDue: amounts.dueToday,
        quote: amounts,
        locale,
        business: businessTax.business,
      },
    },
  };
}

/** The form's values with the seat count one down or up, within the plan's bounds. */
function steppedSeats(
  plan: Plan,
  values: ReturnType<typeof refillValues>,
  intent: 'seats-down' | 'seats-up',
): ReturnType<typeof refillValues> {
  if (!plan.seats) return values;
  const { min, max } = plan.seats;
  const typed = Number.parseInt(values.seats ?? '', 10);
  const base = Number.isNaN(typed) ? (plan.seats.default ?? min) : typed;
  const seats = Math.min(max, Math.max(min, base + (intent === 'seats-up' ? 1 : -1)));
  return { ...values, seats: String(seats) };
}
