// The main entry: what a page or a client component uses. Safe to import from Server
// Components and from the browser: no "use client" here (the interactive components carry
// their own, in their own modules), no Node.js APIs, no server code.

export type { BillingInterval } from './catalog/constants.js';
export { countriesIn } from './catalog/countryNames.js';
export { findPlan, purchasablePlans } from './catalog/findPlan.js';
export {
  DEFAULT_CATALOG_LOCALE,
  isKnownLanguageTag,
  type LocalizedText,
} from './catalog/localizedText.js';
export { CatalogError, type ParseCatalogOptions, parseCatalog } from './catalog/parseCatalog.js';
export { type PlanTexts, planTexts } from './catalog/planTexts.js';
export type { Catalog, CatalogInput, Country, Plan, PromoCode } from './catalog/schema.js';
export {
  ChangePlan,
  type ChangePlanProps,
  type PlanChangeNotice,
} from './components/ChangePlan.js';
export { CheckoutError, type CheckoutErrorProps } from './components/CheckoutError.js';
export { CheckoutFallback, type CheckoutFallbackProps } from './components/CheckoutFallback.js';
export { CheckoutNotFound, type CheckoutNotFoundProps } from './components/CheckoutNotFound.js';
export {
  FindSubscription,
  type FindSubscriptionProps,
} from './components/FindSubscription.js';
export { FinishStep, type FinishStepProps } from './components/FinishStep.js';
export {
  type FormAction,
  ManageSubscription,
  type ManageSubscriptionProps,
  type PaymentMethodProps,
} from './components/ManageSubscription.js';
export {
  PlanChangePreview,
  type PlanChangePreviewProps,
} from './components/PlanChangePreview.js';
export { PlanList, type PlanListProps } from './components/PlanList.js';
export { type PaymentSlotContent, PlanStep, type PlanStepProps } from './components/PlanStep.js';
export { PrintButton, type PrintButtonProps } from './components/PrintButton.js';
export {
  type PaymentFieldsHandle,
  type PaymentSlotValue,
  usePaymentSlot,
} from './components/paymentSlot.js';
export { ReceiptPage, type ReceiptPageProps } from './components/ReceiptPage.js';
export { TestCardFields, type TestCardFieldsProps } from './components/TestCardFields.js';
export {
  ConfigurationError,
  type ConfigurationIssue,
  InvalidArgumentError,
  PlankitError,
  type PlankitErrorCode,
  ProviderError,
  StoreError,
} from './errors/errors.js';
export type {
  CheckoutEvent,
  CheckoutEventOf,
  CheckoutSessionData,
  EventDataMap,
  EventType,
  OrderPaidData,
  PlanTermsData,
  SubscriptionChangeData,
  SubscriptionData,
  SubscriptionPaymentMethodData,
  SubscriptionRenewedData,
  SubscriptionUpdatedData,
} from './events/types.js';
export type {
  CheckoutMessages,
  CompiledMessage,
  CompiledMessages,
  CompiledPart,
  ComponentMessageKey,
  MessageKey,
} from './messages/CheckoutMessages.js';
export { compileMessages } from './messages/compileMessages.js';
export type { ErrorMessageKey } from './messages/errorMessages.js';
export type { FallbackMessageKey } from './messages/fallbackMessages.js';
export { formatMessage, type MessageValues } from './messages/formatMessage.js';
export { en as defaultMessages } from './messages/locales/en.js';
export {
  DEFAULT_LOCALE,
  directionOf,
  isLocale,
  LOCALES,
  type Locale,
  shippedLocaleOf,
} from './messages/locales.js';
export { messagesFor, pageMessagesFor } from './messages/messagesFor.js';
export { PAGE_MESSAGE_KEYS, type PageMessageKey } from './messages/pageMessageKeys.js';
export {
  errorMessagesFor,
  fallbackMessagesFor,
  type NotFoundMessageKey,
  notFoundMessagesFor,
} from './messages/pageText.js';
export {
  EU_MEMBER_STATES,
  isEuMemberState,
  type MerchantTax,
  reverseChargeApplies,
} from './pricing/euVat.js';
export { formatMoney } from './pricing/formatMoney.js';
export {
  isFreePlan,
  type Quote,
  type QuoteInput,
  quote,
  type ReverseCharge,
} from './pricing/quote.js';
export { type PromoResolution, resolvePromoCode } from './pricing/resolvePromoCode.js';
export {
  type CheckoutRouteMatch,
  type CheckoutRoutes,
  type CheckoutRoutesOptions,
  createCheckoutRoutes,
  isValidCheckoutPath,
  isValidPlanId,
  type PlanLinkOptions,
} from './routes/createCheckoutRoutes.js';
export {
  type CheckoutTheme,
  type CheckoutThemeVariable,
  type ColorTheme,
  THEME_VARIABLES,
} from './theme/theme.js';
export {
  BUSINESS_FIELDS,
  type BusinessDetails,
  CHECKOUT_FIELDS,
  type CheckoutField,
  type CheckoutFormValues,
  type CheckoutSubmission,
  type CheckoutValidation,
  type FieldError,
  validateCheckout,
} from './validation/checkoutForm.js';
export type {
  FindSubscriptionAction,
  FindSubscriptionState,
} from './views/findSubscriptionTypes.js';
export type {
  PlanChangeChoices,
  PlanChangeOption,
  PlanChangePreviewView,
  PlanChangeResult,
  PlanTermsView,
} from './views/planChangeTypes.js';
export {
  type FinishView,
  initialPlanStepState,
  type PaymentMethodNotice,
  type PaymentMethodUpdateResult,
  type PlanStepAction,
  type PlanStepState,
  type Receipt,
  type ReceiptPageView,
  type ReceiptRefund,
  type RequestContext,
  type SubmitResult,
  type SubscriptionPageView,
} from './views/types.js';
