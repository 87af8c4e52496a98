// The engine is a composition of parts, each in its own module (docs/ARCHITECTURE.md,
// "The engine"): submit (validate, price, start the attempt), pay (the provider call),
// settle (the one place a payment's outcome becomes a stored state), sweeps (reconcile,
// expire), views (what the finish step shows) and the background work that runs the
// sweeps. This file only wires them together.

import type { Catalog } from '../catalog/schema.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type {
  AuthenticationView,
  FinishView,
  RequestContext,
  SubmitResult,
} from '../views/types.js';
import { completeAuthentication } from './authentication.js';
import { createBackgroundWork } from './background.js';
import { createEngineContext } from './engineContext.js';
import { type CheckoutEngineOptions, resolveEngineOptions } from './options.js';
import { submitPlanStep } from './submit.js';
import { expireStaleSessions, type ReconcileReport, reconcilePayments } from './sweeps.js';
import { getAuthenticationView, getFinishView } from './views.js';

/** The server side of the checkout: validates, prices, pays and records. */
export interface CheckoutEngine {
  readonly catalog: Catalog;
  readonly routes: CheckoutRoutes;
  /**
   * Handles a plan-step submission (a Server Action's `FormData`, or plain fields). Returns
   * a redirect (finish or authenticate) or a state for the form; bad input never throws.
   * @throws StoreError or ProviderError when the store or the payment provider fails
   * (details logged, never exposed).
   */
  submitPlanStep(
    form: FormData | Record<string, string>,
    context: RequestContext,
  ): Promise<SubmitResult>;
  /** What the finish step shows for a session; `not_found` for anything not the visitor's. */
  getFinishView(sessionId: string | null | undefined, context: RequestContext): Promise<FinishView>;
  /** What the test bank's authentication page shows for a session. */
  getAuthenticationView(
    sessionId: string | null | undefined,
    context: RequestContext,
  ): Promise<AuthenticationView>;
  /**
   * Applies the visitor's decision on the test bank page and returns where to go next
   * (the finish step). Repeating it on a finished session changes nothing.
   */
  completeAuthentication(
    sessionId: string,
    decision: 'approve' | 'decline',
    context: RequestContext,
  ): Promise<{ location: string }>;
  /**
   * Settles payments whose outcome nobody recorded (the provider's answer was lost, or the
   * request died mid-payment) by asking the provider, so a charge never ends without an
   * order. `start()` runs it every `sweepIntervalMs`.
   */
  reconcilePayments(): Promise<ReconcileReport>;
  /** Marks unpaid sessions past their expiry as `expired`; returns how many. `start()` runs it. */
  expireStaleSessions(): Promise<number>;
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
    getAuthenticationView: (sessionId, context) => getAuthenticationView(ctx, sessionId, context),
    completeAuthentication: (sessionId, decision, context) =>
      completeAuthentication(ctx, sessionId, decision, context),
    reconcilePayments: () => reconcilePayments(ctx),
    expireStaleSessions: () => expireStaleSessions(ctx),
    start: background.start,
    stop: background.stop,
  };
}

export type { CheckoutEngineOptions } from './options.js';
export type { ReconcileReport } from './sweeps.js';
