// The engine is a composition of parts, each in its own module (docs/ARCHITECTURE.md,
// "The engine"): submit (validate, price, start the attempt), pay (create, record, confirm
// the provider's intent), settle (the one place a payment's outcome becomes a stored
// state), refresh (the return from the provider's page), webhooks, sweeps (reconcile,
// expire), renewals, views (what the finish step shows) and the background work that runs
// the sweeps. This file only wires them together.

import type { Catalog } from '../catalog/schema.js';
import type { WebhookRequest } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { FinishView, RequestContext, SubmitResult } from '../views/types.js';
import { createBackgroundWork } from './background.js';
import { createEngineContext } from './engineContext.js';
import { type CheckoutEngineOptions, resolveEngineOptions } from './options.js';
import { type RenewalReport, runRenewals } from './renewals.js';
import { submitPlanStep } from './submit.js';
import { expireStaleSessions, type ReconcileReport, reconcilePayments } from './sweeps.js';
import { advanceTestClock, type TestClockReport } from './testClock.js';
import { getFinishView } from './views.js';
import { handleWebhook, type WebhookAnswer } from './webhooks.js';

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
   * Test mode only: moves the store's clock forward to `to` and runs every renewal, retry
   * and expiry due by then. Refuses unless the provider is the test provider.
   */
  advanceTestClock(to: Date): Promise<TestClockReport>;
  /**
   * Starts the engine's background work (the sweeps above, every `sweepIntervalMs`, the
   * first pass at once). Safe to call in every host process sharing one database; calling
   * it again does nothing. The timer does not keep the process alive.
   */
  start(): void;
  /** Stops the background work and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Creates the checkout engine: the server authority over every checkout.
 * @throws ConfigurationError naming every problem with `options`.
 */
export function createCheckoutEngine(options: CheckoutEngineOptions): CheckoutEngine {
  const ctx = createEngineContext(resolveEngineOptions(options));
  if (ctx.secretIsDefault && process.env.NODE_ENV === 'production') {
    ctx.logger.warn(
      '[plankit] createCheckoutEngine: no `secret` set; using the public development secret. ' +
        'Set a long random secret in production.',
    );
  }
  const background = createBackgroundWork(ctx);
  return {
    catalog: ctx.catalog,
    routes: ctx.routes,
    submitPlanStep: (form, context) => submitPlanStep(ctx, form, context),
    getFinishView: (sessionId, context) => getFinishView(ctx, sessionId, context),
    handleWebhook: (providerId, request) => handleWebhook(ctx, providerId, request),
    reconcilePayments: () => reconcilePayments(ctx),
    expireStaleSessions: () => expireStaleSessions(ctx),
    runRenewals: () => runRenewals(ctx),
    advanceTestClock: (to) => advanceTestClock(ctx, to),
    start: background.start,
    stop: background.stop,
  };
}

export type { CheckoutEngineOptions } from './options.js';
export type { RenewalReport } from './renewals.js';
export type { ReconcileReport } from './sweeps.js';
export type { TestClockReport } from './testClock.js';
export type { WebhookAnswer } from './webhooks.js';
