import type { CompiledMessages, ComponentMessageKey } from './CheckoutMessages.js';

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
  'promoRemove',
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
  // The business buyer's fields and the reverse charge (businessMessages.ts).
  'businessToggle',
  'businessHint',
  'companyLabel',
  'vatIdLabel',
  'vatIdHint',
  'streetLabel',
  'postalCodeLabel',
  'cityLabel',
  'errorVatIdInvalid',
  'errorVatIdRejected',
  'summaryReverseCharge',
  'reverseChargeTitle',
  'reverseChargeNote',
  'buyerVatIdLabel',
  'merchantVatIdLabel',
  // Beside the Pay button: renewal terms, secure payment, the merchant's terms.
  'renewsMonthly',
  'renewsYearly',
  'trialFirstCharge',
  'trialFirstChargeOn',
  'securePayment',
  'acceptedCards',
  'termsLink',
  'privacyLink',
] as const satisfies readonly ComponentMessageKey[];

/** A key of {@link PLAN_STEP_FORM_MESSAGE_KEYS}. */
export type PlanStepFormMessageKey = (typeof PLAN_STEP_FORM_MESSAGE_KEYS)[number];

/** The text the plan-step form needs. */
export type PlanStepFormMessages = Pick<CompiledMessages, PlanStepFormMessageKey>;

/**
 * Every key the plan step shows: its form's, and the three it renders on the server. Its
 * English default is this subset alone (`compiled/enPlanStep.ts`): the plan step's 12 kB
 * budget has no room for the receipt's, the test processor's and the plan list's text.
 */
export const PLAN_STEP_MESSAGE_KEYS = [
  ...PLAN_STEP_FORM_MESSAGE_KEYS,
  'planTrialBadge',
  'planFeaturesHeading',
  'planYearlySaving',
  'planPerSeat',
  'finishBackToPlans',
] as const satisfies readonly ComponentMessageKey[];

/** The text the plan step needs. */
export type PlanStepMessages = Pick<CompiledMessages, (typeof PLAN_STEP_MESSAGE_KEYS)[number]>;
