// The main entry: components, the route helper, catalog and pricing, messages and types.
// Safe to import from Server Components: this module has no "use client" directive; the
// interactive components carry their own in their own modules.

export type { BillingInterval } from './catalog/constants.js';
export { BILLING_INTERVALS, PLAN_ID_PATTERN, RESERVED_PLAN_IDS } from './catalog/constants.js';
export { findPlan, purchasablePlans } from './catalog/findPlan.js';
export { CatalogError, parseCatalog } from './catalog/parseCatalog.js';
export type { Catalog, CatalogInput, Country, Plan, PromoCode } from './catalog/schema.js';
export {
  AuthenticationStep,
  type AuthenticationStepProps,
} from './components/AuthenticationStep.js';
export { CheckoutError, type CheckoutErrorProps } from './components/CheckoutError.js';
export { CheckoutFallback, type CheckoutFallbackProps } from './components/CheckoutFallback.js';
export { CheckoutNotFound, type CheckoutNotFoundProps } from './components/CheckoutNotFound.js';
export { FinishStep, type FinishStepProps } from './components/FinishStep.js';
export { PlanList, type PlanListProps } from './components/PlanList.js';
export { PlanStep, type PlanStepProps } from './components/PlanStep.js';
export {
  type PlanStepAction,
  PlanStepForm,
  type PlanStepFormProps,
} from './components/PlanStepForm.js';
export type {
  AuthenticationView,
  FinishView,
  PlanStepState,
  Receipt,
  RequestContext,
  SubmitResult,
} from './engine/types.js';
export { initialPlanStepState } from './engine/types.js';
export {
  type CheckoutMessages,
  defaultMessages,
  formatMessage,
  resolveMessages,
} from './messages/messages.js';
export {
  PLAN_STEP_FORM_MESSAGE_KEYS,
  type PlanStepFormMessageKey,
  type PlanStepFormMessages,
  pickPlanStepFormMessages,
} from './messages/planStepFormMessages.js';
export { formatMoney, minorUnitDigits } from './pricing/formatMoney.js';
export { isFreePlan, type Quote, type QuoteInput, quote } from './pricing/quote.js';
export {
  normalisePromoCode,
  type PromoResolution,
  resolvePromoCode,
} from './pricing/resolvePromoCode.js';
export {
  type CheckoutRouteMatch,
  type CheckoutRoutes,
  type CheckoutRoutesOptions,
  createCheckoutRoutes,
  isValidCheckoutPath,
  isValidPlanId,
  type PlanLinkOptions,
} from './routes/createCheckoutRoutes.js';
export { type CheckoutTheme, type CheckoutThemeVariable, THEME_VARIABLES } from './theme/theme.js';
export {
  CHECKOUT_FIELDS,
  type CheckoutField,
  type FieldError,
  validateCheckout,
  validateField,
} from './validation/checkoutForm.js';
