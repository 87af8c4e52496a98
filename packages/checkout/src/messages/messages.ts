import { defaultErrorMessages } from './errorMessages.js';
import { defaultFallbackMessages } from './fallbackMessages.js';

/**
 * Every piece of text the components show. A host passes a partial object to override
 * any of them (another language, another tone); placeholders in `{braces}` are filled in
 * by `formatMessage`.
 */
export interface CheckoutMessages {
  plansHeading: string;
  planChoose: string;
  planFree: string;
  planPerSeat: string;
  planTrialBadge: string;
  planFeaturesHeading: string;
  intervalLegend: string;
  intervalMonthly: string;
  intervalYearly: string;
  perMonth: string;
  perYear: string;
  seatsLabel: string;
  seatsHint: string;
  seatsDecrease: string;
  seatsIncrease: string;
  currencyLabel: string;
  contactHeading: string;
  emailLabel: string;
  nameLabel: string;
  countryLabel: string;
  countryPlaceholder: string;
  promoLabel: string;
  promoHint: string;
  promoApply: string;
  promoApplied: string;
  promoAppliedReview: string;
  paymentHeading: string;
  paymentTestHint: string;
  cardNumberLabel: string;
  cardExpiryLabel: string;
  cardExpiryHint: string;
  cardCvcLabel: string;
  summaryHeading: string;
  summarySubtotal: string;
  summarySeats: string;
  summaryDiscount: string;
  summaryTaxIncluded: string;
  summaryTaxAdded: string;
  summaryTaxPending: string;
  summaryTotal: string;
  summaryDueToday: string;
  summaryAfterTrial: string;
  submitPay: string;
  submitTrial: string;
  submitFree: string;
  submitPending: string;
  formErrorSummary: string;
  errorRequired: string;
  errorEmail: string;
  errorNameTooLong: string;
  errorTooLong: string;
  errorInvalidCharacters: string;
  errorCountry: string;
  errorSeats: string;
  errorInterval: string;
  errorCurrency: string;
  errorPromoUnknown: string;
  errorPromoExpired: string;
  errorPromoNotApplicable: string;
  errorCardNumber: string;
  errorCardLuhn: string;
  errorCardExpiryFormat: string;
  errorCardExpired: string;
  errorCardCvc: string;
  errorDeclined: string;
  errorInsufficientFunds: string;
  errorAuthenticationFailed: string;
  errorProcessing: string;
  errorThrottled: string;
  errorExpiredSession: string;
  errorPlanUnavailable: string;
  finishPaidTitle: string;
  finishPaidLead: string;
  finishTrialTitle: string;
  finishTrialLead: string;
  finishFreeTitle: string;
  finishPendingTitle: string;
  finishPendingLead: string;
  finishActionTitle: string;
  finishActionLead: string;
  finishActionButton: string;
  finishFailedTitle: string;
  finishFailedLead: string;
  finishRetry: string;
  finishExpiredTitle: string;
  finishExpiredLead: string;
  finishNotFoundTitle: string;
  finishNotFoundLead: string;
  finishBackToPlans: string;
  receiptHeading: string;
  receiptReference: string;
  receiptPlan: string;
  receiptInterval: string;
  receiptSeats: string;
  receiptEmail: string;
  receiptPaid: string;
  receiptTrialEnds: string;
  receiptRenews: string;
  authTitle: string;
  authLead: string;
  authApprove: string;
  authDecline: string;
  fallbackTitle: string;
  fallbackLead: string;
  fallbackNoJs: string;
  fallbackAction: string;
  errorTitle: string;
  errorLead: string;
  errorDigest: string;
  errorRetry: string;
  errorHome: string;
  notFoundTitle: string;
  notFoundLead: string;
}

/** The English default text. */
export const defaultMessages: CheckoutMessages = {
  plansHeading: 'Choose your plan',
  planChoose: 'Choose {plan}',
  planFree: 'Free',
  planPerSeat: 'per seat',
  planTrialBadge: '{days}-day free trial',
  planFeaturesHeading: 'What you get',
  intervalLegend: 'Billing',
  intervalMonthly: 'Monthly',
  intervalYearly: 'Yearly',
  perMonth: '/ month',
  perYear: '/ year',
  seatsLabel: 'Seats',
  seatsHint: 'Between {min} and {max} seats.',
  seatsDecrease: 'Remove a seat',
  seatsIncrease: 'Add a seat',
  currencyLabel: 'Currency',
  contactHeading: 'Your details',
  emailLabel: 'Email',
  nameLabel: 'Full name',
  countryLabel: 'Country',
  countryPlaceholder: 'Select your country',
  promoLabel: 'Promo code (optional)',
  promoHint: 'Try LAUNCH20.',
  promoApply: 'Apply',
  promoApplied: '{code} applied: {percent}% off.',
  promoAppliedReview: '{code} applied: {percent}% off. Check the new total of {amount}, then pay.',
  paymentHeading: 'Payment',
  paymentTestHint: 'Test mode: use 4242 4242 4242 4242, any future date and any 3-digit CVC.',
  cardNumberLabel: 'Card number',
  cardExpiryLabel: 'Expiry (MM/YY)',
  cardExpiryHint: 'MM/YY',
  cardCvcLabel: 'CVC',
  summaryHeading: 'Order summary',
  summarySubtotal: 'Subtotal',
  summarySeats: '{seats} seats × {price}',
  summaryDiscount: 'Discount ({code}, {percent}% off)',
  summaryTaxIncluded: 'Includes tax ({rate}%)',
  summaryTaxAdded: 'Tax ({rate}%)',
  summaryTaxPending: 'Tax (depends on your country)',
  summaryTotal: 'Total',
  summaryDueToday: 'Due today',
  summaryAfterTrial: 'After the {days}-day trial',
  submitPay: 'Pay {amount}',
  submitTrial: 'Start {days}-day trial',
  submitFree: 'Get started',
  submitPending: 'Processing…',
  formErrorSummary: 'Please correct the highlighted fields.',
  errorRequired: 'This field is required.',
  errorEmail: 'Enter an email address like name@example.com.',
  errorNameTooLong: 'Use at most 100 characters.',
  errorTooLong: 'Use at most {max} characters.',
  errorInvalidCharacters: 'Remove the invisible or control characters from this field.',
  errorCountry: 'Choose a country from the list.',
  errorSeats: 'Choose between {min} and {max} seats.',
  errorInterval: 'This plan is not sold with that billing interval.',
  errorCurrency: 'This plan is not sold in that currency.',
  errorPromoUnknown: 'We do not know this promo code.',
  errorPromoExpired: 'This promo code has expired.',
  errorPromoNotApplicable: 'This promo code does not apply to this plan.',
  errorCardNumber: 'Enter the 13 to 19 digits of your card number.',
  errorCardLuhn: 'This card number is not valid. Check it for typos.',
  errorCardExpiryFormat: 'Enter the expiry date as MM/YY.',
  errorCardExpired: 'This card has expired.',
  errorCardCvc: 'Enter the 3 digits on the back of your card.',
  errorDeclined: 'Your card was declined. Try another card.',
  errorInsufficientFunds: 'Your card has insufficient funds. Try another card.',
  errorAuthenticationFailed: 'The payment was not authenticated. Try again or use another card.',
  errorProcessing: 'We could not process your payment. You were not charged; please try again.',
  errorThrottled: 'Too many attempts. Try again in {minutes} min.',
  errorExpiredSession: 'This checkout has expired. Reload the page to start again.',
  errorPlanUnavailable: 'This plan is no longer available.',
  finishPaidTitle: 'Payment received',
  finishPaidLead: 'Thank you! Your {plan} plan is active.',
  finishTrialTitle: 'Your trial has started',
  finishTrialLead: 'Enjoy {plan}. You will not be charged before {date}.',
  finishFreeTitle: 'You are all set',
  finishPendingTitle: 'Payment in progress',
  finishPendingLead: 'We are confirming your payment. This page updates when it is done.',
  finishActionTitle: 'Your bank needs to confirm this payment',
  finishActionLead: 'Continue to your bank to approve the payment.',
  finishActionButton: 'Continue to your bank',
  finishFailedTitle: 'Payment failed',
  finishFailedLead: 'You were not charged.',
  finishRetry: 'Try again',
  finishExpiredTitle: 'This checkout has expired',
  finishExpiredLead: 'Checkouts stay open for 24 hours. Start again to choose a plan.',
  finishNotFoundTitle: 'Checkout not found',
  finishNotFoundLead: 'We could not find this checkout. The link may be incomplete.',
  finishBackToPlans: 'Back to plans',
  receiptHeading: 'Receipt',
  receiptReference: 'Order reference',
  receiptPlan: 'Plan',
  receiptInterval: 'Billing',
  receiptSeats: 'Seats',
  receiptEmail: 'Email',
  receiptPaid: 'Paid',
  receiptTrialEnds: 'Trial ends',
  receiptRenews: 'Renews',
  authTitle: 'Confirm your payment',
  authLead: 'Test bank: approve or decline the payment of {amount} to {merchant}.',
  authApprove: 'Approve',
  authDecline: 'Decline',
  ...defaultFallbackMessages,
  ...defaultErrorMessages,
  notFoundTitle: 'Page not found',
  notFoundLead: 'This plan or page does not exist or is no longer available.',
};

/** Merges a host's overrides over the English defaults. */
export function resolveMessages(overrides?: Partial<CheckoutMessages>): CheckoutMessages {
  return overrides ? { ...defaultMessages, ...overrides } : defaultMessages;
}

/** Fills `{name}` placeholders; unknown placeholders stay as they are. */
export function formatMessage(
  template: string,
  values: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
