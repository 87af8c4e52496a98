// The server entry: the checkout engine, the stores, the lifecycle and the payment
// providers. Nothing here imports React or touches the browser; it needs Node.js 20.19+.

export { CatalogError, parseCatalog } from './catalog/parseCatalog.js';
export type { Catalog, CatalogInput, Plan } from './catalog/schema.js';
export {
  type CheckoutEngine,
  type CheckoutEngineOptions,
  createCheckoutEngine,
  type ReconcileReport,
} from './engine/createCheckoutEngine.js';
export type { EngineLogger } from './engine/options.js';
export {
  ConfigurationError,
  type ConfigurationIssue,
  InvalidArgumentError,
  PlankitError,
  type PlankitErrorCode,
  ProviderError,
  StoreError,
} from './errors/errors.js';
export {
  canTransition,
  LifecycleError,
  SESSION_EVENTS,
  SESSION_STATES,
  type SessionEvent,
  type SessionEventRule,
  type SessionState,
  transition,
} from './lifecycle/sessionLifecycle.js';
export {
  createTestPaymentProvider,
  TEST_CARDS,
  type TestPaymentProvider,
  type TestPaymentProviderOptions,
} from './providers/testPaymentProvider.js';
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
export { MissingDriverError, type StoreDriver } from './store/MissingDriverError.js';
export {
  type OpenCheckoutStoreOptions,
  type OpenedCheckoutStore,
  openCheckoutStore,
} from './store/openCheckoutStore.js';
export { createPgliteClient, type PgliteClientOptions } from './store/pgliteClient.js';
export { createPostgresClient, type PostgresClientOptions } from './store/postgresClient.js';
export { createSqlStore, type SqlStoreOptions } from './store/sql/createSqlStore.js';
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
  CompletionRecord,
  NewSession,
  Order,
  RecentFailures,
  SessionRecord,
  SessionSelection,
  SessionUpdate,
  SqlClient,
  SqlQueryable,
  StartAttemptInput,
  StartAttemptOutcome,
  StartAttemptResult,
  StoreClock,
  Subscription,
} from './store/types.js';
