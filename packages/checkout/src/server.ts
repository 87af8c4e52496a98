// The server entry: the checkout engine, the stores, the lifecycle and the payment
// providers. Nothing here imports React or touches the browser; it needs Node.js 20.19+.

export { CatalogError, type ParseCatalogOptions, parseCatalog } from './catalog/parseCatalog.js';
export { type PlanTexts, planTexts } from './catalog/planTexts.js';
export type { Catalog, CatalogInput, Plan } from './catalog/schema.js';
export {
  type AfterPurchasePageOptions,
  type CheckoutEngine,
  type CheckoutEngineOptions,
  createCheckoutEngine,
  type DeliveryReport,
  type EventHandler,
  type InvoicePdfView,
  type OrderQuery,
  type ReconcileReport,
  type RefundRequest,
  type RefundResult,
  type RenewalReport,
  type SubscriptionQuery,
  type TestClockReport,
  type WebhookAnswer,
} from './engine/createCheckoutEngine.js';
export type { EngineLogger } from './engine/options.js';
export { runTestClock, type TestClockOptions } from './engine/runTestClock.js';
export {
  createViesVatIdChecker,
  type VatIdChecker,
  VIES_CHECK_URL,
} from './engine/vatIdChecker.js';
export {
  ConfigurationError,
  type ConfigurationIssue,
  InvalidArgumentError,
  PlankitError,
  type PlankitErrorCode,
  ProviderError,
  RefundError,
  type RefundRefusal,
  StoreError,
  WebhookSignatureError,
} from './errors/errors.js';
export {
  type CheckoutEvent,
  type CheckoutEventOf,
  type CheckoutSessionData,
  EVENT_TYPES,
  type EventBusinessBuyer,
  type EventDataMap,
  type EventObject,
  type EventPaymentMethod,
  type EventType,
  type OrderDisputeData,
  type OrderPaidData,
  type OrderRefundedData,
  type PlanTermsData,
  type RenewalOrderData,
  type SubscriptionChangeData,
  type SubscriptionData,
  type SubscriptionPaymentMethodData,
  type SubscriptionRenewedData,
  type SubscriptionUpdatedData,
} from './events/types.js';
export {
  type InvoiceMerchant,
  type RenderInvoiceInput,
  renderCreditNotePdf,
  renderInvoicePdf,
} from './invoices/renderInvoicePdf.js';
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
  RENEWAL_RETRY_DAYS,
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_STATES,
  type SubscriptionEvent,
  type SubscriptionState,
} from './lifecycle/subscriptionLifecycle.js';
export {
  type CatalogInputWithoutRates,
  withSalesTaxRates,
} from './pricing/salesTaxRates.js';
export { TEST_CARDS } from './providers/test/testCards.js';
export {
  createTestPaymentProvider,
  type TestPaymentProvider,
  type TestPaymentProviderOptions,
} from './providers/test/testPaymentProvider.js';
export {
  createTestProcessor,
  TEST_PROCESSOR_WEBHOOK_SECRET,
  type TestProcessor,
  type TestProcessorOptions,
} from './providers/test/testProcessor.js';
export type { TestProcessorHandlerOptions } from './providers/test/testProcessorHandler.js';
export type { PageLocale, TestProcessorText } from './providers/test/testProcessorPages.js';
export type {
  ChargeSavedMethodInput,
  CreatedIntent,
  CreateIntentInput,
  IntentBusinessBuyer,
  IntentOutcome,
  IntentTax,
  OpenRenewalPayment,
  OpenRenewalPaymentResult,
  PaymentFailureCode,
  PaymentMethodSummary,
  PaymentProvider,
  ProviderEvent,
  ProviderPeriod,
  RefundInput,
  RefundOutcome,
  SubscriptionChangeAmounts,
  SubscriptionChangeInput,
  SubscriptionChangeOutcome,
  WebhookRequest,
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
export {
  createPostgresClient,
  type PostgresClientOptions,
  type PostgresPooler,
} from './store/postgresClient.js';
export { createSqlStore, type SqlStoreOptions } from './store/sql/createSqlStore.js';
export { pendingMigrations } from './store/sql/migrations.js';
export {
  CheckoutStoreError,
  type CheckoutStoreErrorCode,
  StoreLockedError,
  type StoreLockOwner,
  StoreUnavailableError,
} from './store/storeErrors.js';
export type {
  BeginRefundInput,
  BeginRefundResult,
  BusinessBuyer,
  CheckoutSession,
  CheckoutStore,
  CompletionRecord,
  DeliveryAttempt,
  DisputeInput,
  DisputeResult,
  EventChannel,
  EventDelivery,
  EventFilter,
  NewSession,
  NextDue,
  NextDueInput,
  Order,
  OrderListQuery,
  OrderRecord,
  OrderWithRefunds,
  PaymentMethodShown,
  PlanChangeInput,
  PlanTerms,
  ProviderRefundInput,
  PrunePolicy,
  PruneReport,
  RecentFailures,
  Refund,
  SessionRecord,
  SessionSelection,
  SessionUpdate,
  SettleRefundInput,
  SqlClient,
  SqlQueryable,
  StartAttemptInput,
  StartAttemptOutcome,
  StartAttemptResult,
  StoreClock,
  Subscription,
  SubscriptionChange,
  SubscriptionListQuery,
  SubscriptionUpdate,
} from './store/types.js';
