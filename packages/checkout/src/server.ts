// The server entry: the checkout engine, the store and the payment providers. Nothing
// here imports React or touches the browser.

export { CatalogError, parseCatalog } from './catalog/parseCatalog.js';
export type { Catalog, CatalogInput, Plan } from './catalog/schema.js';
export {
  type CheckoutEngine,
  type CheckoutEngineOptions,
  createCheckoutEngine,
  type ReconcileReport,
} from './engine/createCheckoutEngine.js';
export { createSessionId, isSessionId } from './engine/sessionId.js';
export type {
  AuthenticationView,
  FinishView,
  PlanStepState,
  RequestContext,
  SubmitResult,
} from './engine/types.js';
export { createTestPaymentProvider } from './providers/testPaymentProvider.js';
export type {
  CardDetails,
  CreatePaymentInput,
  PaymentFailureCode,
  PaymentProvider,
  PaymentResult,
} from './providers/types.js';
export {
  buildContentSecurityPolicy,
  buildSecurityHeaders,
  type SecurityHeadersOptions,
} from './security/securityHeaders.js';
export { createSqlStore } from './store/createSqlStore.js';
export { openCheckoutStore } from './store/openCheckoutStore.js';
export { createPgliteClient } from './store/pgliteClient.js';
export { createPostgresClient } from './store/postgresClient.js';
export {
  CheckoutStoreError,
  type CheckoutStoreErrorCode,
  StoreLockedError,
  type StoreLockOwner,
  StoreUnavailableError,
} from './store/storeErrors.js';
export type {
  CheckoutSession,
  CheckoutStore,
  Order,
  SessionStatus,
  SqlClient,
  Subscription,
} from './store/types.js';
