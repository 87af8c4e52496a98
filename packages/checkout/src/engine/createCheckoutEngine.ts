import { findPlan } from '../catalog/findPlan.js';
import type { Catalog, Plan } from '../catalog/schema.js';
import { quote } from '../pricing/quote.js';
import { normalisePromoCode, resolvePromoCode } from '../pricing/resolvePromoCode.js';
import type { PaymentProvider, PaymentResult } from '../providers/types.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import {
  type CheckoutSession,
  type CheckoutStore,
  OUTCOME_UNKNOWN,
  type SessionSelection,
} from '../store/types.js';
import { toCardDetails } from '../validation/card.js';
import { type FieldError, validateCheckout, validateField } from '../validation/checkoutForm.js';
import { buildCompletionRecord } from './buildCompletionRecord.js';
import { buildFinishView, failureReason } from './buildFinishView.js';
import {
  type ClientKeys,
  createClientKeys,
  DEV_SECRET,
  IDEMPOTENCY_KEY_PATTERN,
  NO_JS_WINDOW_MS,
  type NoJsKeyParts,
} from './clientKeys.js';
import { describeError } from './describeError.js';
import { readCheckoutForm, refillValues } from './readCheckoutForm.js';
import { createSessionId, isSessionId } from './sessionId.js';
import { checkThrottle, DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './throttle.js';
import type {
  AuthenticationView,
  FinishView,
  PlanStepState,
  RequestContext,
  SubmitResult,
} from './types.js';

/** Options of {@link createCheckoutEngine}. */
export interface CheckoutEngineOptions {
  /** The validated plan catalog: the only source of plans and prices. */
  catalog: Catalog;
  /** Where sessions, orders and subscriptions live (PGlite or Postgres). */
  store: CheckoutStore;
  /** Who charges the card: the test provider or a real processor. */
  provider: PaymentProvider;
  /** The route helper; every redirect and link the engine returns is built with it. */
  routes: CheckoutRoutes;
  /** Shown on the payment's description and the test bank page (default `Plankit`). */
  merchantName?: string;
  /** How long a session can be paid, in milliseconds (default 24 hours). */
  sessionTtlMs?: number;
  /**
   * After how long a session still `processing` (no visitor action pending) counts as
   * abandoned by a crashed request and may be resumed, in milliseconds (default 2 minutes).
   * The resumed payment repeats the provider's idempotency key, so it cannot charge twice.
   */
  processingStaleMs?: number;
  /** Limits on failed payments (card-testing defence). */
  throttle?: {
    /** Failed payments per session within the window (default 5). */
    maxFailuresPerSession?: number;
    /** Failed payments per client address within the window (default 10). */
    maxFailuresPerClient?: number;
    /**
     * Failed payments of all visitors within the window (default 100): the backstop when
     * client addresses are forged (a `x-forwarded-for` header nobody overwrote).
     */
    maxFailuresOverall?: number;
    /** Sliding window in milliseconds (default 15 minutes). */
    windowMs?: number;
  };
  /**
   * HMAC key for hashing client addresses, visitor tokens and no-JS idempotency keys.
   * Defaults to {@link DEV_SECRET}, a fixed development value: set a long random secret
   * in production (the engine warns when `NODE_ENV` is `production` and none is set).
   */
  secret?: string;
  /** The clock (default `() => new Date()`); tests pass a fixed one. */
  now?: () => Date;
  /** Where failures are reported (default `console`). Never receives card numbers or CVCs. */
  logger?: Pick<Console, 'error' | 'warn' | 'info'>;
}

/** The server side of the checkout: validates, prices, pays and records. */
export interface CheckoutEngine {
  readonly catalog: Catalog;
  readonly routes: CheckoutRoutes;
  /**
   * Handles a plan-step submission (a Server Action's `FormData`, or plain fields). Returns
   * a redirect (finish or authenticate) or a state for the form; bad input never throws.
   * Throws a plain `Error` (details logged, not exposed) only when the store or the
   * payment provider fails.
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
  /** Marks unpaid sessions past their expiry as `expired`; returns how many. Run it periodically. */
  expireStaleSessions(): Promise<number>;
  /**
   * Settles payments whose outcome nobody recorded (the provider's answer was lost, or
   * the request died mid-payment): asks the provider what happened under the attempt's
   * idempotency key and completes, fails or waits accordingly, so a charge never ends
   * without an order. Run it periodically (every minute or so).
   */
  reconcilePayments(): Promise<ReconcileReport>;
}

/** What one {@link CheckoutEngine.reconcilePayments} pass did. */
export interface ReconcileReport {
  /** Charged: now complete, with an order. */
  completed: number;
  /** Never charged, or declined: now failed and retryable. */
  failed: number;
  /** The provider waits for the visitor's authentication. */
  waiting: number;
  /** Could not be settled this time (provider unreachable); tried again next pass. */
  skipped: number;
}

/** How many unresolved payments one reconcile pass looks at. */
const RECONCILE_BATCH = 50;

const HOUR_MS = 60 * 60 * 1000;
/** How often a request that lost the race for a session looks at it again. */
const WAIT_POLL_MS = 100;
/** How long it waits for the winner before sending the visitor to the finish step anyway. */
const WAIT_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates the checkout engine: the server authority over every checkout. */
export function createCheckoutEngine(options: CheckoutEngineOptions): CheckoutEngine {
  const { catalog, store, provider, routes } = options;
  const merchantName = options.merchantName ?? 'Plankit';
  const sessionTtlMs = options.sessionTtlMs ?? 24 * HOUR_MS;
  const processingStaleMs = options.processingStaleMs ?? 2 * 60 * 1000;
  const limits: ThrottleLimits = {
    maxFailuresPerSession:
      options.throttle?.maxFailuresPerSession ?? DEFAULT_THROTTLE_LIMITS.maxFailuresPerSession,
    maxFailuresPerClient:
      options.throttle?.maxFailuresPerClient ?? DEFAULT_THROTTLE_LIMITS.maxFailuresPerClient,
    maxFailuresOverall:
      options.throttle?.maxFailuresOverall ?? DEFAULT_THROTTLE_LIMITS.maxFailuresOverall,
    windowMs: options.throttle?.windowMs ?? DEFAULT_THROTTLE_LIMITS.windowMs,
  };
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? console;
  if (!options.secret && process.env.NODE_ENV === 'production') {
    logger.warn(
      '[plankit] createCheckoutEngine: no `secret` set; using the public development secret. ' +
        'Set a long random secret in production.',
    );
  }
  const keys: ClientKeys = createClientKeys(options.secret || DEV_SECRET);

  /** Runs a store call; on failure logs the details and throws a plain error instead. */
  async function fromStore<T>(
    operation: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      logger.error('[plankit] checkout store failed', {
        operation,
        ...details,
        error: describeError(error),
      });
      throw new Error('Checkout store failed');
    }
  }

  const planOf = (planId: string): Plan | undefined => findPlan(catalog, planId) ?? undefined;

  const redirectTo = (location: string, sessionId: string): SubmitResult => ({
    kind: 'redirect',
    location,
    sessionId,
  });

  /** Picks the no-JS key, looking one window back so a repeat across a window edge still matches. */
  async function noJsIdempotencyKey(parts: NoJsKeyParts, at: Date): Promise<string> {
    const window = Math.floor(at.getTime() / NO_JS_WINDOW_MS);
    const current = keys.noJsKey(parts, window);
    // Keys change at fixed 10-minute boundaries, so a repeat seconds after one would get a
    // new key and a second payment. A session under the previous window's key that is less
    // than one window old is therefore the same checkout.
    const previous = keys.noJsKey(parts, window - 1);
    const earlier = await fromStore('getSessionByIdempotencyKey', {}, () =>
      store.getSessionByIdempotencyKey(previous),
    );
    // Creation time on the engine's clock: the store stamps `createdAt` with the database
    // clock, while `expiresAt` is the engine's own `now + sessionTtlMs`.
    const createdAt = earlier ? earlier.expiresAt.getTime() - sessionTtlMs : 0;
    if (earlier && earlier.status !== 'expired' && at.getTime() - createdAt < NO_JS_WINDOW_MS) {
      return previous;
    }
    return current;
  }

  /** Waits for whoever holds the session to finish, then sends the visitor on. */
  async function awaitOutcome(
    sessionId: string,
    onExpired: () => SubmitResult,
  ): Promise<SubmitResult> {
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    let session: CheckoutSession | null = null;
    for (;;) {
      session = await fromStore('getSession', { sessionId }, () => store.getSession(sessionId));
      if (session?.status !== 'processing' || session.nextAction !== null) break;
      if (Date.now() >= deadline) break;
      await sleep(WAIT_POLL_MS);
    }
    if (session?.status === 'processing' && session.nextAction === 'authenticate') {
      return redirectTo(routes.authenticate(sessionId), sessionId);
    }
    if (session?.status === 'expired') return onExpired();
    // Complete, failed, or still processing after the wait: the finish step tells which.
    return redirectTo(routes.finish(sessionId), sessionId);
  }

  /** Charges a claimed session and records the outcome. */
  async function pay(
    claimed: CheckoutSession,
    card: { number: string; expiry: string; cvc: string },
    clientKey: string | null,
    failedState: (formError: FieldError) => SubmitResult,
  ): Promise<SubmitResult> {
    const at = now();
    const plan = planOf(claimed.planId);
    const logDetails = { sessionId: claimed.id, planId: claimed.planId, attempt: claimed.attempt };
    // Built before the call: validateCheckout already checked it, so this cannot throw.
    const cardDetails = toCardDetails(card.number, card.expiry, card.cvc);
    let result: PaymentResult;
    try {
      result = await provider.createPayment({
        // One key per attempt: a retry after a decline is a new payment, a repeat of the
        // same attempt (double submit, resumed crash) is the same one.
        idempotencyKey: `${claimed.id}:${claimed.attempt}`,
        amount: claimed.amountDue,
        currency: claimed.currency,
        description: `${merchantName}: ${plan?.name ?? claimed.planId} (${claimed.interval})`,
        customer: { email: claimed.email, name: claimed.name },
        paymentMethod: { type: 'card', card: cardDetails },
      });
    } catch (error) {
      logger.error('[plankit] payment provider failed', {
        ...logDetails,
        provider: provider.id,
        error: describeError(error, [card.number, card.cvc]),
      });
      // Failed rather than left processing, so the visitor can retry at once. The
      // provider may have charged before it failed to answer, so the code says the
      // outcome is unknown: the retry keeps this attempt's idempotency key (see
      // OUTCOME_UNKNOWN) and the provider answers with the first outcome, never a
      // second charge.
      try {
        await fromStore('failSession', logDetails, () =>
          store.failSession(
            claimed.id,
            {
              code: OUTCOME_UNKNOWN,
              message: 'The payment provider failed.',
              providerPaymentId: null,
            },
            claimed.claimToken,
          ),
        );
      } catch {
        // Logged by fromStore; the session becomes stale and is resumed later instead.
      }
      throw new Error('Payment provider failed');
    }

    switch (result.status) {
      case 'succeeded': {
        const record = buildCompletionRecord(claimed, plan, result.paymentId, at);
        // Null means another request completed it first; either way it is paid once.
        await fromStore('completeSession', logDetails, () =>
          store.completeSession(claimed.id, record, at, claimed.claimToken),
        );
        return redirectTo(routes.finish(claimed.id), claimed.id);
      }
      case 'requires_action':
        await fromStore('markActionRequired', logDetails, () =>
          store.markActionRequired(claimed.id, result.paymentId, claimed.claimToken),
        );
        return redirectTo(routes.authenticate(claimed.id), claimed.id);
      case 'failed': {
        const failed = await fromStore('failSession', logDetails, () =>
          store.failSession(
            claimed.id,
            {
              code: result.code,
              message: result.message,
              providerPaymentId: result.paymentId,
            },
            claimed.claimToken,
          ),
        );
        // Null: a request resuming the same attempt recorded this decline already.
        if (failed) {
          await fromStore('recordPaymentFailure', logDetails, () =>
            store.recordPaymentFailure({ sessionId: claimed.id, clientKey, at }),
          );
        }
        return failedState(failureReason(result.code));
      }
    }
  }

  async function submitPlanStep(
    form: FormData | Record<string, string>,
    context: RequestContext,
  ): Promise<SubmitResult> {
    const at = now();
    const post = readCheckoutForm(form);
    const values = refillValues(post.values);
    const postedKey = IDEMPOTENCY_KEY_PATTERN.test(post.idempotencyKey)
      ? post.idempotencyKey
      : null;
    const stateOf = (state: Omit<PlanStepState, 'values'>): SubmitResult => ({
      kind: 'state',
      state: { ...state, values },
    });

    const plan = findPlan(catalog, post.planId);
    if (!plan || plan.retired) {
      return stateOf({
        status: 'invalid',
        fieldErrors: {},
        formError: { message: 'errorPlanUnavailable' },
        idempotencyKey: postedKey,
        appliedPromo: null,
      });
    }

    const typedPromo = resolvePromoCode(catalog, post.values.promo, plan.id, at);
    const typedPromoApplied =
      typedPromo.status === 'valid'
        ? { code: typedPromo.promo.code, percentOff: typedPromo.promo.percentOff }
        : null;

    // The promo code's Apply button: check the code alone so the summary can show the
    // discount; nothing else is validated and nothing is stored or charged.
    if (post.intent === 'apply-promo') {
      const promoError = validateField('promo', post.values.promo ?? '', {
        catalog,
        plan,
        now: at,
      });
      return stateOf({
        status: promoError ? 'invalid' : 'idle',
        fieldErrors: promoError ? { promo: promoError } : {},
        formError: null,
        idempotencyKey: postedKey,
        appliedPromo: typedPromoApplied,
      });
    }

    const validation = validateCheckout(post.values, { catalog, plan, now: at });
    if (!validation.ok) {
      return stateOf({
        status: 'invalid',
        fieldErrors: validation.fieldErrors,
        formError: null,
        idempotencyKey: postedKey,
        appliedPromo: typedPromoApplied,
      });
    }

    const submission = validation.submission;
    const promo = submission.promo.status === 'valid' ? submission.promo.promo : null;
    const appliedPromo = typedPromoApplied;
    // The visitor pressed Pay with a code the order summary had not priced yet (typed, not
    // applied): show the discounted price first, so nobody is charged an amount they did
    // not see. A post without `promoApplied` (an API client) skips this step.
    if (
      post.promoApplied !== null &&
      normalisePromoCode(post.promoApplied) !== (promo?.code ?? '')
    ) {
      return stateOf({
        status: 'idle',
        fieldErrors: {},
        formError: null,
        idempotencyKey: postedKey,
        appliedPromo,
      });
    }
    const country = catalog.countries.find((c) => c.code === submission.country);
    const amounts = quote({
      plan,
      interval: submission.interval,
      currency: submission.currency,
      seats: submission.seats,
      promo,
      taxRateBasisPoints: country?.taxRateBasisPoints ?? 0,
    });
    const selection: SessionSelection = {
      planId: plan.id,
      interval: submission.interval,
      currency: submission.currency,
      seats: amounts.seats,
      country: submission.country,
      promoCode: promo?.code ?? null,
      email: submission.email,
      name: submission.name,
      amountDue: amounts.dueToday,
      quote: amounts,
    };

    const clientKey = keys.clientKey(context.clientAddress);
    const idempotencyKey =
      postedKey ??
      (await noJsIdempotencyKey(
        {
          planId: plan.id,
          interval: submission.interval,
          currency: submission.currency,
          seats: amounts.seats,
          email: submission.email,
          name: submission.name,
          country: submission.country,
          promo: promo?.code ?? '',
          clientAddress: context.clientAddress,
        },
        at,
      ));

    const { session } = await fromStore('createOrGetSession', { planId: plan.id }, () =>
      store.createOrGetSession({
        ...selection,
        id: createSessionId(),
        idempotencyKey,
        // A post without JavaScript may come before the visitor cookie exists: a double
        // click sends two posts, each minting its own token, and binding the session to
        // the first would refuse the second. Such a session is reached by its id alone
        // (192 random bits), like a hosted checkout's; the key already ties the repeat to
        // the same fields and client address.
        visitorHash: postedKey === null ? null : keys.visitorHash(context.visitorToken),
        expiresAt: new Date(at.getTime() + sessionTtlMs),
      }),
    );

    const failedState = (formError: FieldError, key: string | null = idempotencyKey) =>
      stateOf({ status: 'failed', fieldErrors: {}, formError, idempotencyKey: key, appliedPromo });
    // No key back: the form must start a new checkout with a fresh key.
    const expiredState = () => failedState({ message: 'errorExpiredSession' }, null);

    // Someone else's session under this key (the key leaked, or the visitor's cookie was
    // replaced): do not touch it, and reveal nothing about it.
    if (!keys.isOwner(session.visitorHash, context.visitorToken)) return expiredState();
    // Paid already: show the receipt again, never charge twice.
    if (session.status === 'complete') return redirectTo(routes.finish(session.id), session.id);
    if (session.status === 'processing' && session.nextAction === 'authenticate') {
      return redirectTo(routes.authenticate(session.id), session.id);
    }
    if (
      session.status === 'expired' ||
      ((session.status === 'open' || session.status === 'failed') &&
        session.expiresAt.getTime() <= at.getTime())
    ) {
      return expiredState();
    }

    // Card-testing defence, checked before anything reaches the provider. Free plans and
    // trials never call the provider, so they are not throttled.
    if (selection.amountDue > 0) {
      const decision = await fromStore('countRecentFailures', { sessionId: session.id }, () =>
        checkThrottle(store, { sessionId: session.id, clientKey }, at, limits),
      );
      if (!decision.allowed) {
        return failedState({ message: 'errorThrottled', values: { minutes: decision.minutes } });
      }
    }

    const claimed = await fromStore('claimForPayment', { sessionId: session.id }, () =>
      store.claimForPayment(session.id, selection, at, new Date(at.getTime() - processingStaleMs)),
    );
    // Another request holds the session (double submit, second tab, another instance).
    if (!claimed) return awaitOutcome(session.id, expiredState);

    // A resumed stale attempt keeps its stored selection (and so its provider key and
    // amount); everything below works from the claimed session, not the form.
    if (claimed.amountDue === 0) {
      const record = buildCompletionRecord(claimed, planOf(claimed.planId), null, at);
      await fromStore('completeSession', { sessionId: claimed.id }, () =>
        store.completeSession(claimed.id, record, at, claimed.claimToken),
      );
      return redirectTo(routes.finish(claimed.id), claimed.id);
    }
    if (!submission.card) {
      // Only reachable when a stale paid attempt is resumed by a post without card fields
      // (the key was reused on a free or trial plan): give the session back, charge nothing.
      await fromStore('failSession', { sessionId: claimed.id }, () =>
        store.failSession(
          claimed.id,
          {
            code: 'processing_error',
            message: 'No card details to resume the payment with.',
            providerPaymentId: null,
          },
          claimed.claimToken,
        ),
      );
      return failedState({ message: 'errorProcessing' });
    }
    return pay(claimed, submission.card, clientKey, (formError) => failedState(formError));
  }

  /** The visitor's session, or null for anything malformed, unknown or not theirs. */
  async function ownedSession(
    sessionId: string | null | undefined,
    context: RequestContext,
  ): Promise<CheckoutSession | null> {
    if (!isSessionId(sessionId)) return null;
    let session = await fromStore('getSession', { sessionId }, () => store.getSession(sessionId));
    const visitorHash = keys.visitorHash(context.visitorToken);
    // Made without JavaScript, the session belongs to no browser yet: the first one that
    // opens it (the buyer, following the redirect with the cookie the post set) takes it,
    // and from then on a shared or leaked link shows "not found" elsewhere.
    if (session && session.visitorHash === null && visitorHash !== null) {
      session = await fromStore('bindVisitor', { sessionId }, () =>
        store.bindVisitor(sessionId, visitorHash),
      );
    }
    if (!session || !keys.isOwner(session.visitorHash, context.visitorToken)) return null;
    return session;
  }

  async function getFinishView(
    sessionId: string | null | undefined,
    context: RequestContext,
  ): Promise<FinishView> {
    const session = await ownedSession(sessionId, context);
    // One answer for "no such session" and "not yours", so the page leaks nothing.
    if (!session) return { status: 'not_found' };
    const complete = session.status === 'complete';
    const [order, subscription] = complete
      ? await fromStore('getOrderBySession', { sessionId: session.id }, () =>
          Promise.all([
            store.getOrderBySession(session.id),
            store.getSubscriptionBySession(session.id),
          ]),
        )
      : [null, null];
    return buildFinishView({
      session,
      plan: planOf(session.planId),
      order,
      subscription,
      routes,
      now: now(),
    });
  }

  async function getAuthenticationView(
    sessionId: string | null | undefined,
    context: RequestContext,
  ): Promise<AuthenticationView> {
    const session = await ownedSession(sessionId, context);
    if (!session) return { status: 'not_found' };
    if (session.status !== 'processing' || session.nextAction !== 'authenticate') {
      return { status: 'done', finishUrl: routes.finish(session.id) };
    }
    return {
      status: 'pending',
      sessionId: session.id,
      amount: session.amountDue,
      currency: session.currency,
      planName: planOf(session.planId)?.name ?? session.planId,
    };
  }

  async function completeAuthentication(
    sessionId: string,
    decision: 'approve' | 'decline',
    context: RequestContext,
  ): Promise<{ location: string }> {
    if (!isSessionId(sessionId)) return { location: routes.home };
    const finish = { location: routes.finish(sessionId) };
    const session = await ownedSession(sessionId, context);
    // Unknown, not theirs, or already decided: the finish step shows what there is.
    if (
      session?.status !== 'processing' ||
      session.nextAction !== 'authenticate' ||
      !session.providerPaymentId
    ) {
      return finish;
    }
    // An approval after the session expired must not charge: the sweep would have expired
    // it; do so now and show the finish step's "expired".
    if (session.expiresAt.getTime() <= now().getTime()) {
      await fromStore('expireStaleSessions', { sessionId }, () => store.expireStaleSessions(now()));
      return finish;
    }
    const paymentId = session.providerPaymentId;
    const logDetails = { sessionId, planId: session.planId };
    let result: PaymentResult;
    try {
      result = await provider.confirmPayment(paymentId, { approved: decision === 'approve' });
    } catch (error) {
      // The session stays waiting for authentication, so the visitor can decide again.
      logger.error('[plankit] payment provider failed to confirm', {
        ...logDetails,
        provider: provider.id,
        error: describeError(error),
      });
      throw new Error('Payment provider failed');
    }
    const at = now();
    if (result.status === 'succeeded') {
      const record = buildCompletionRecord(session, planOf(session.planId), result.paymentId, at);
      await fromStore('completeSession', logDetails, () =>
        store.completeSession(session.id, record, at, session.claimToken),
      );
    } else if (result.status === 'failed') {
      const failed = await fromStore('failSession', logDetails, () =>
        store.failSession(
          session.id,
          {
            code: result.code,
            message: result.message,
            providerPaymentId: result.paymentId,
          },
          session.claimToken,
        ),
      );
      // Counted once, by whichever concurrent confirmation moved the session.
      if (failed) {
        await fromStore('recordPaymentFailure', logDetails, () =>
          store.recordPaymentFailure({
            sessionId: session.id,
            clientKey: keys.clientKey(context.clientAddress),
            at,
          }),
        );
      }
    }
    return finish;
  }

  /** The selection a stored session was last claimed with (a resumed claim keeps it). */
  const selectionOf = (session: CheckoutSession): SessionSelection => ({
    planId: session.planId,
    interval: session.interval,
    currency: session.currency,
    seats: session.seats,
    country: session.country,
    promoCode: session.promoCode,
    email: session.email,
    name: session.name,
    amountDue: session.amountDue,
    quote: session.quote,
  });

  async function reconcilePayments(): Promise<ReconcileReport> {
    const report: ReconcileReport = { completed: 0, failed: 0, waiting: 0, skipped: 0 };
    const at = now();
    const staleBefore = new Date(at.getTime() - processingStaleMs);
    const unresolved = await fromStore('listUnresolvedPayments', {}, () =>
      store.listUnresolvedPayments(staleBefore, RECONCILE_BATCH),
    );
    for (const session of unresolved) {
      const logDetails = { sessionId: session.id, planId: session.planId };
      // A resumed claim keeps the attempt number, so the key below is the lost call's.
      const claimed = await fromStore('claimForPayment', logDetails, () =>
        store.claimForPayment(session.id, selectionOf(session), at, staleBefore),
      );
      if (!claimed) continue; // A visitor's retry or another instance holds it.
      let result: PaymentResult | null;
      try {
        result = await provider.findPayment(`${claimed.id}:${claimed.attempt}`);
      } catch (error) {
        // Left processing: it counts as stale again after processingStaleMs.
        logger.error('[plankit] payment provider failed to look a payment up', {
          ...logDetails,
          provider: provider.id,
          error: describeError(error),
        });
        report.skipped += 1;
        continue;
      }
      if (result?.status === 'succeeded') {
        const record = buildCompletionRecord(claimed, planOf(claimed.planId), result.paymentId, at);
        await fromStore('completeSession', logDetails, () =>
          store.completeSession(claimed.id, record, at, claimed.claimToken),
        );
        report.completed += 1;
      } else if (result?.status === 'requires_action') {
        await fromStore('markActionRequired', logDetails, () =>
          store.markActionRequired(claimed.id, result.paymentId, claimed.claimToken),
        );
        report.waiting += 1;
      } else {
        // Never reached the provider, or declined: nothing was charged, so the next
        // attempt may use a new key.
        await fromStore('failSession', logDetails, () =>
          store.failSession(
            claimed.id,
            result
              ? { code: result.code, message: result.message, providerPaymentId: result.paymentId }
              : {
                  code: 'processing_error',
                  message: 'No payment was made.',
                  providerPaymentId: null,
                },
            claimed.claimToken,
          ),
        );
        report.failed += 1;
      }
      logger.info('[plankit] reconciled a payment', {
        ...logDetails,
        outcome: result?.status ?? 'none',
      });
    }
    return report;
  }

  return {
    catalog,
    routes,
    reconcilePayments,
    submitPlanStep,
    getFinishView,
    getAuthenticationView,
    completeAuthentication,
    expireStaleSessions: () =>
      fromStore('expireStaleSessions', {}, () => store.expireStaleSessions(now())),
  };
}
