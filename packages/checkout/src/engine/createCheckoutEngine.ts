// The engine is a composition of parts, each in its own module (docs/ARCHITECTURE.md,
// "The engine"): submit (validate, price, start the attempt), pay (create, record, confirm
// the provider's intent), settle (the one place a payment's outcome becomes a stored
// state), refresh (the return from the provider's page), webhooks, sweeps (reconcile,
// expire), renewals, retention, views (what the finish step shows) and the background work
// that runs the sweeps. This file only wires them together.

import { findPlan } from '../catalog/findPlan.js';
import type { Catalog } from '../catalog/schema.js';
import type { EventType } from '../events/types.js';
import type { WebhookRequest } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { Order, PruneReport, Subscription } from '../store/types.js';
import type { FindSubscriptionState } from '../views/findSubscriptionTypes.js';
import type { PlanChangePreviewView, PlanChangeResult } from '../views/planChangeTypes.js';
import type {
  FinishView,
  PaymentMethodNotice,
  PaymentMethodUpdateResult,
  ReceiptPageView,
  RequestContext,
  SubmitResult,
  SubscriptionPageView,
} from '../views/types.js';
import {
  getReceiptView,
  getSubscriptionView,
  receiptPath,
  setSubscriptionCancel,
  subscriptionPath,
} from './afterPurchaseViews.js';
import { createBackgroundWork } from './background.js';
import { type DeliveryReport, deliverEvents, servedChannels } from './deliverEvents.js';
import { describeError } from './describeError.js';
import { createEngineContext } from './engineContext.js';
import { createEventHandlers, type EventHandler } from './eventHandlers.js';
import {
  creditNotePdfOf,
  getInvoicePdf,
  type InvoicePdfView,
  invoicePdfOf,
} from './invoicePdfs.js';
import {
  listOrders,
  listSubscriptions,
  type OrderQuery,
  type SubscriptionQuery,
} from './merchantQueries.js';
import type { CheckoutEngineOptions } from './options.js';
import {
  completePaymentMethodUpdate,
  ownsProviderIntent,
  updatePaymentMethod,
} from './paymentMethodUpdates.js';
import { confirmPlanChange, previewPlanChange, undoPlanChange } from './planChanges.js';
import { createMailer } from './receiptEmails.js';
import { type RefundRequest, type RefundResult, refundOrder } from './refunds.js';
import { type RenewalReport, runRenewals } from './renewals.js';
import { resolveEngineOptions } from './resolveEngineOptions.js';
import { prunePass } from './retention.js';
import { submitPlanStep } from './submit.js';
import { findSubscriptions } from './subscriptionLinks.js';
import { expireStaleSessions, type ReconcileReport, reconcilePayments } from './sweeps.js';
import { advanceTestClock, type TestClockReport } from './testClock.js';
import { getFinishView, ownsCheckout } from './views.js';
import { handleWebhook, type WebhookAnswer } from './webhooks.js';

/** Options of the pages a signed link opens (receipt, manage page). */
export interface AfterPurchasePageOptions {
  /**
   * The page's language (BCP 47): the plan's texts are shown in it. Default: the language
   * of the checkout (the receipt) or the catalog's default (the manage page).
   */
  locale?: string | null | undefined;
}

/** The server side of the checkout: validates, prices, pays and records. */
export interface CheckoutEngine {
  readonly catalog: Catalog;
  readonly routes: CheckoutRoutes;
  /**
   * Handles a plan-step submission (a Server Action's `FormData`, or plain fields): the
   * buyer's details and the payment-method id the provider's fields made, never card data.
   * Returns a redirect (the finish step, or the provider's page: 3-D Secure, or the hosted
   * payment page when no payment method came, as without JavaScript) or a state for the
   * form; bad input never throws.
   * @throws StoreError or ProviderError when the store or the payment provider fails
   * (details logged, never exposed).
   */
  submitPlanStep(
    form: FormData | Record<string, string>,
    context: RequestContext,
  ): Promise<SubmitResult>;
  /** What the finish step shows for a session; `not_found` for anything not the visitor's. */
  getFinishView(sessionId: string | null | undefined, context: RequestContext): Promise<FinishView>;
  /**
   * Whether the request's browser (its visitor token) owns the checkout session: the one that
   * posted the plan step. Pages outside the checkout that act on its payment (the test
   * processor's bank and hosted payment pages) ask it, so a leaked link approves nothing.
   */
  ownsCheckout(sessionId: string | null | undefined, context: RequestContext): Promise<boolean>;
  /**
   * Handles a webhook of the payment provider named in the route (`providerId`): verified
   * on the raw body, each event applied once, states only moving forward. Answer with the
   * returned status.
   * @throws StoreError when the store fails (answer 500: the provider sends it again).
   */
  handleWebhook(providerId: string, request: WebhookRequest): Promise<WebhookAnswer>;
  /**
   * Settles payments whose outcome nobody recorded (the provider's answer was lost, or the
   * request died mid-payment) by asking the provider, so a charge never ends without an
   * order. `start()` runs it every `sweepIntervalMs`.
   */
  reconcilePayments(): Promise<ReconcileReport>;
  /** Marks unpaid sessions past their expiry as `expired`; returns how many. `start()` runs it. */
  expireStaleSessions(): Promise<number>;
  /**
   * Charges due renewals and ends canceled subscriptions (for a provider that leaves
   * renewals to the engine). `start()` runs it.
   */
  runRenewals(): Promise<RenewalReport>;
  /**
   * Deletes what is past its retention (`eventRetentionDays`, `sessionRetentionDays`): at
   * most a few batches of each kind, oldest first, so one call's work is bounded; returns
   * how many rows of each kind went. `start()` runs it with every sweep.
   */
  prune(): Promise<PruneReport>;
  /**
   * Refunds (part of) an order's payment through the provider, with a credit note numbered
   * from the invoices' sequence; `order.refunded` and the buyer's email follow once it
   * succeeded. Written as pending before the provider is asked, so a call killed half-way
   * and made again refunds once. `start()` also asks about refunds left pending.
   * @throws RefundError when there is no such order, it charged nothing, the amount is more
   *   than remains, or the provider cannot refund.
   * @throws ProviderError when the provider did not answer (the refund stays pending).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Orders by buyer (`email`, any case) and date (`since`, `until`), oldest first, at most
   * `limit` (100; up to 10 000): for the host's own admin pages (`plankit orders`).
   * @throws InvalidArgumentError for a bad filter.
   */
  listOrders(query?: OrderQuery): Promise<Order[]>;
  /**
   * Subscriptions by `status` and buyer, oldest first, at most `limit` (100; up to 10 000)
   * (`plankit subscriptions`).
   * @throws InvalidArgumentError for a bad filter.
   */
  listSubscriptions(query?: SubscriptionQuery): Promise<Subscription[]>;
  /**
   * "Find my subscription": reads the posted `email` and, when the address has
   * subscriptions or orders of the last year, emails it their signed links. The answer is
   * `sent` whether or not the address is known; `invalid` keeps what was typed; `throttled`
   * past 3 requests an hour per address or 10 per client (a warning is logged).
   */
  findSubscriptions(
    formData: { get(name: string): unknown },
    context: RequestContext,
  ): Promise<FindSubscriptionState>;
  /**
   * Test mode only: moves the store's clock forward to `to` and runs every renewal, retry
   * and expiry due by then. Refuses unless the provider is the test provider.
   */
  advanceTestClock(to: Date): Promise<TestClockReport>;
  /**
   * Starts the engine's background work (the sweeps above, the first pass at once, then
   * each when the store says it is due, looking at least every `sweepIntervalMs`). Safe to call in every host process sharing one database; calling
   * it again does nothing. The timer does not keep the process alive.
   */
  start(): void;
  /** Stops the background work and waits for a pass in progress. */
  stop(): Promise<void>;
  /**
   * Registers an in-process handler for one event type (`order.paid`, …). It is called at
   * least once per event after the change committed, from the engine's background work
   * (`start()`), one event at a time in the order they were written; when it throws, the
   * event is retried with backoff, so make it idempotent on `event.id`. Returns a function
   * that removes it.
   */
  on<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Delivers every due event now (handlers, webhook, emails); `start()` runs it when the
   * store announces an event, when a retry is due, and every `deliveryIntervalMs` where the
   * store cannot announce events.
   */
  deliverEvents(): Promise<DeliveryReport>;
  /**
   * The printable receipt of the order a signed token opens (`routes.receipt(token)`, from
   * the email or the finish step), in any browser and with no cookie; `not_found` for any
   * token the engine's `secret` did not sign.
   */
  getReceiptView(token: string, options?: AfterPurchasePageOptions): Promise<ReceiptPageView>;
  /** The manage page of the subscription a signed token opens (`routes.subscription(token)`). */
  getSubscriptionView(
    token: string,
    options?: AfterPurchasePageOptions,
  ): Promise<SubscriptionPageView>;
  /**
   * Cancels the subscription at the end of its period (it is not charged again), emitting
   * `subscription.updated`; it ends (`subscription.canceled`) when the period does.
   */
  cancelSubscription(
    token: string,
    options?: AfterPurchasePageOptions,
  ): Promise<SubscriptionPageView>;
  /** Resumes a subscription canceled at the period's end, before it ends (`subscription.updated`). */
  resumeSubscription(
    token: string,
    options?: AfterPurchasePageOptions,
  ): Promise<SubscriptionPageView>;
  /**
   * "Update payment method" on the manage page (issue 22.2): reads the posted `paymentMethod`
   * (the provider's fields made it; none without JavaScript, which goes to the provider's
   * hosted page), saves it as the subscription's card (`subscription.payment_method_updated`)
   * and, when the subscription is past due, pays the open renewal with it at once. Answers a
   * redirect (the manage page with `?payment_method=<notice>`, or the provider's page) or the
   * form's state (a refused card).
   * @throws StoreError or ProviderError when the store or the payment provider fails.
   */
  updatePaymentMethod(
    token: string,
    form: { get(name: string): unknown },
    context: RequestContext,
  ): Promise<PaymentMethodUpdateResult>;
  /**
   * Whether the request's browser may act on a provider intent (by its `metadata`) on the
   * provider's pages: the checkout's owner (`ownsCheckout`), or the browser that asked for a
   * card update. The test processor's bank and hosted pages ask it.
   */
  ownsProviderIntent(
    metadata: Readonly<Record<string, string>>,
    context: RequestContext,
  ): Promise<boolean>;
  /**
   * The buyer is back on the manage page from the provider's pages
   * (`?payment_method=return`): applies the saved card once and says what became of it; null
   * when nothing waited.
   */
  completePaymentMethodUpdate(token: string): Promise<PaymentMethodNotice | null>;
  /**
   * What changing the subscription a manage token opens to another plan, interval or seat
   * count would charge now (the prorated difference, tax included) or credit, and the next
   * renewal; nothing is charged or changed. `request`: a form or query with `plan`,
   * `interval` and `seats`. Its `confirmToken` fixes the change, its proration instant and
   * amounts for {@link CheckoutEngine.confirmPlanChange}.
   */
  previewPlanChange(
    token: string,
    request: Record<string, unknown> | FormData,
    options?: AfterPurchasePageOptions,
  ): Promise<PlanChangePreviewView>;
  /**
   * Confirms a previewed change (`confirmToken`): an upgrade is charged exactly the amount
   * previewed and applies at once; a downgrade waits for the period's end (or applies at
   * once with a credit, `planChanges.downgrade: 'now'`). A declined charge changes nothing;
   * a preview out of date charges nothing and is shown again (`stale`). Confirming twice
   * charges once. Emits `subscription.updated` (and the buyer's email).
   */
  confirmPlanChange(
    token: string,
    confirmToken: unknown,
    options?: AfterPurchasePageOptions,
  ): Promise<PlanChangeResult>;
  /** Undoes a downgrade waiting for the period's end (`changeId` as the manage page shows it). */
  undoPlanChange(token: string, changeId: unknown): Promise<boolean>;
  /**
   * The invoice of the order a receipt token opens, as PDF in the checkout's language
   * (`routes.invoice(token)`); `not_found` for any other token and for an order without an
   * invoice number (nothing was charged).
   */
  getInvoicePdf(token: string): Promise<InvoicePdfView>;
  /** The signed path of an order's receipt (`/receipts/{token}`). */
  receiptPath(orderId: string): string;
  /** The signed path of a subscription's manage page (`/subscriptions/{token}`). */
  subscriptionPath(subscriptionId: string): string;
}

/**
 * Creates the checkout engine: the server authority over every checkout.
 * @throws ConfigurationError naming every problem with `options`.
 */
export function createCheckoutEngine(options: CheckoutEngineOptions): CheckoutEngine {
  const resolved = resolveEngineOptions(options);
  // The channels this engine serves are recorded in the store before it writes an event, so
  // each event gets a delivery on them (the outbox: migration 7). Every public call that can
  // write one waits for it; a failure is logged and tried again on the next call.
  let channelsReady: Promise<void> | null = null;
  const registerChannels = (): Promise<void> => {
    channelsReady ??= (async () => {
      for (const channel of servedChannels(ctx)) {
        await ctx.store.registerEventChannel(channel);
      }
    })().catch((error: unknown) => {
      channelsReady = null;
      ctx.logger.error('[plankit] recording event channels failed', {
        error: describeError(error),
      });
    });
    return channelsReady;
  };
  const handlers = createEventHandlers(() => {
    channelsReady = null;
    void registerChannels();
  });
  const mailer =
    resolved.email && resolved.publicUrl
      ? createMailer({
          ...resolved.email,
          publicUrl: resolved.publicUrl,
          merchantName: resolved.merchantName,
          merchantAddress: resolved.merchantAddress,
          messagesFor: resolved.messagesFor,
          secret: resolved.secret,
          routes: resolved.routes,
          planOf: (planId) => findPlan(resolved.catalog, planId) ?? undefined,
          // Called when an email is sent, long after `ctx` below exists.
          invoiceOf: (orderId) => invoicePdfOf(ctx, orderId),
          creditNoteOf: (orderId, refundId) => creditNotePdfOf(ctx, orderId, refundId),
        })
      : null;
  const ctx = createEngineContext(resolved, { handlers, mailer });
  // A call that may write (a session with its lease and expiry, an event, a subscription)
  // has the background work look at the store's schedule again, so a sweep it made due runs
  // on time rather than at the next periodic look (background.ts).
  const ready =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await registerChannels();
      try {
        return await fn(...args);
      } finally {
        background.soon();
      }
    };
  if (ctx.secretIsDefault && process.env.NODE_ENV === 'production') {
    ctx.logger.warn(
      '[plankit] createCheckoutEngine: no `secret` set; using the public development secret. ' +
        'Set a long random secret in production.',
    );
  }
  const background = createBackgroundWork(ctx, registerChannels);
  return {
    catalog: ctx.catalog,
    routes: ctx.routes,
    submitPlanStep: ready((form, context) => submitPlanStep(ctx, form, context)),
    // The finish step may settle a payment (it asks the provider), which writes events.
    getFinishView: ready((sessionId: string | null | undefined, context: RequestContext) =>
      getFinishView(ctx, sessionId, context),
    ),
    ownsCheckout: ready((sessionId: string | null | undefined, context: RequestContext) =>
      ownsCheckout(ctx, sessionId, context),
    ),
    handleWebhook: ready((providerId, request) => handleWebhook(ctx, providerId, request)),
    reconcilePayments: ready(() => reconcilePayments(ctx)),
    expireStaleSessions: ready(() => expireStaleSessions(ctx)),
    runRenewals: ready(() => runRenewals(ctx)),
    prune: () => ctx.fromStore('prune', {}, () => prunePass(ctx.store, ctx)),
    refund: ready((request: RefundRequest) => refundOrder(ctx, request)),
    listOrders: ready((query?: OrderQuery) => listOrders(ctx, query)),
    listSubscriptions: ready((query?: SubscriptionQuery) => listSubscriptions(ctx, query)),
    findSubscriptions: ready((formData: { get(name: string): unknown }, context: RequestContext) =>
      findSubscriptions(ctx, formData, context),
    ),
    advanceTestClock: ready((to: Date) => advanceTestClock(ctx, to)),
    start: background.start,
    stop: background.stop,
    on: (type, handler) => handlers.on(type, handler),
    deliverEvents: ready(() => deliverEvents(ctx)),
    getReceiptView: (token, options) => getReceiptView(ctx, token, options?.locale),
    getInvoicePdf: (token) => getInvoicePdf(ctx, token),
    getSubscriptionView: (token, options) => getSubscriptionView(ctx, token, options?.locale),
    cancelSubscription: ready((token: string, options?: AfterPurchasePageOptions) =>
      setSubscriptionCancel(ctx, token, true, options?.locale),
    ),
    resumeSubscription: ready((token: string, options?: AfterPurchasePageOptions) =>
      setSubscriptionCancel(ctx, token, false, options?.locale),
    ),
    updatePaymentMethod: ready(
      (token: string, form: { get(name: string): unknown }, context: RequestContext) =>
        updatePaymentMethod(ctx, token, form, context),
    ),
    ownsProviderIntent: (metadata: Readonly<Record<string, string>>, context: RequestContext) =>
      ownsProviderIntent(ctx, metadata, context),
    completePaymentMethodUpdate: ready((token: string) => completePaymentMethodUpdate(ctx, token)),
    previewPlanChange: ready(
      (
        token: string,
        request: Record<string, unknown> | FormData,
        options?: AfterPurchasePageOptions,
      ) => previewPlanChange(ctx, token, request, options?.locale),
    ),
    confirmPlanChange: ready(
      (token: string, confirmToken: unknown, options?: AfterPurchasePageOptions) =>
        confirmPlanChange(ctx, token, confirmToken, options?.locale),
    ),
    undoPlanChange: ready((token: string, changeId: unknown) =>
      undoPlanChange(ctx, token, changeId),
    ),
    receiptPath: (orderId) => receiptPath(ctx, orderId),
    subscriptionPath: (subscriptionId) => subscriptionPath(ctx, subscriptionId),
  };
}

export type { DeliveryReport } from './deliverEvents.js';
export type { EventHandler } from './eventHandlers.js';
export type { InvoicePdfView } from './invoicePdfs.js';
export type { OrderQuery, SubscriptionQuery } from './merchantQueries.js';
export type { CheckoutEngineOptions } from './options.js';
export type { RefundRequest, RefundResult } from './refunds.js';
export type { RenewalReport } from './renewals.js';
export type { ReconcileReport } from './sweeps.js';
export type { TestClockReport } from './testClock.js';
export type { WebhookAnswer } from './webhooks.js';
