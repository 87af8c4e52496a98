import { BUSINESS_FORM_MESSAGE_KEYS } from './businessMessages.js';
import type { CheckoutMessages } from './CheckoutMessages.js';

/**
 * The text the interactive plan-step form reads. Only these cross into the browser with
 * the form: the finish, receipt and error-page text stays on the server, which keeps the
 * prerendered plan step's payload small (bench/pages.mjs).
 */
export const PLAN_STEP_FORM_MESSAGE_KEYS = [
  'intervalLegend',
  'intervalMonthly',
  'intervalYearly',
  'perMonth',
  'perYear',
  'seatsLabel',
  'seatsHint',
  'seatsDecrease',
  'seatsIncrease',
  'currencyLabel',
  'contactHeading',
  'emailLabel',
  'nameLabel',
  'countryLabel',
  'countryPlaceholder',
  'promoLabel',
  'promoHint',
  'promoApply',
  'promoApplied',
  'promoAppliedReview',
  'totalChangedReview',
  'paymentHeading',
  'paymentTestHint',
  'paymentNoJsHint',
  'cardNumberLabel',
  'cardExpiryLabel',
  'cardExpiryHint',
  'cardCvcLabel',
  'summaryHeading',
  'summarySubtotal',
  'summarySeats',
  'summaryDiscount',
  'summaryTaxIncluded',
  'summaryTaxAdded',
  'summaryTaxPending',
  'summaryTotal',
  'summaryDueToday',
  'summaryAfterTrial',
  'submitPay',
  'submitTrial',
  'submitFree',
  'submitPending',
  'formErrorSummary',
  // Every message a field error or a failed submission can carry.
  'errorRequired',
  'errorEmail',
  'errorNameTooLong',
  'errorTooLong',
  'errorInvalidCharacters',
  'errorCountry',
  'errorSeats',
  'errorInterval',
  'errorCurrency',
  'errorPromoUnknown',
  'errorPromoExpired',
  'errorPromoThrottled',
  'errorPromoNotApplicable',
  'errorCardNumber',
  'errorCardLuhn',
  'errorCardExpiryFormat',
  'errorCardExpired',
  'errorCardCvc',
  'errorCardCvcAmex',
  'errorDeclined',
  'errorInsufficientFunds',
  'errorAuthenticationFailed',
  'errorProcessing',
  'errorPaymentMethod',
  'errorThrottled',
  'errorExpiredSession',
  'errorPlanUnavailable',
  ...BUSINESS_FORM_MESSAGE_KEYS,
] as const satisfies readonly (keyof CheckoutMessages)[];

/** A key of {@link PLAN_STEP_FORM_MESSAGE_KEYS}. */
export type PlanStepFormMessageKey = (typeof PLAN_STEP_FORM_MESSAGE_KEYS)[number];

/** The text the plan-step form needs. */
export type PlanStepFormMessages = Pick<CheckoutMessages, PlanStepFormMessageKey>;

/** Picks the plan-step form's text out of a full message set. */
export function pickPlanStepFormMessages(messages: CheckoutMessages): PlanStepFormMessages {
  const picked = {} as Record<PlanStepFormMessageKey, string>;
  for (const key of PLAN_STEP_FORM_MESSAGE_KEYS) picked[key] = messages[key];
  return picked;
}
