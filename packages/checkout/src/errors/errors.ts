// Every error that crosses the package's public boundary is one of these classes, each with
// a stable `code` a caller can switch on and a log line can be grepped for (the way
// stripe-node's `StripeCardError` carries `type` and `code`). See docs/ARCHITECTURE.md,
// "Errors". Messages are for developers and logs; visitors never see them.

/** Every stable error code of the package. */
export type PlankitErrorCode =
  | 'invalid_catalog'
  | 'invalid_configuration'
  | 'invalid_argument'
  | 'store_failed'
  | 'missing_driver'
  | 'store_locked'
  | 'store_unavailable'
  | 'provider_failed'
  | 'provider_timeout'
  | 'forbidden_transition'
  | 'webhook_signature_invalid'
  | 'refund_refused';

/** Base class of the package's errors: a stable `code` and an optional `cause`. */
export class PlankitError extends Error {
  /** Stable, machine-readable code; never changes for a given failure. */
  readonly code: PlankitErrorCode;

  constructor(code: PlankitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'PlankitError';
  }
}

/** One problem found in the options given to a factory. */
export interface ConfigurationIssue {
  /** Where the problem is, e.g. `throttle.windowMs`. */
  path: string;
  /** What is wrong with it. */
  message: string;
}

/**
 * Options given to a factory (such as `createCheckoutEngine`) are wrong. Thrown at creation,
 * never later; `issues` names every problem, not only the first.
 */
export class ConfigurationError extends PlankitError {
  readonly issues: readonly ConfigurationIssue[];

  constructor(subject: string, issues: readonly ConfigurationIssue[]) {
    super(
      'invalid_configuration',
      `${subject}: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}`,
    );
    this.name = 'ConfigurationError';
    this.issues = issues;
  }
}

/**
 * A function was called with an argument it cannot take (a plan id that is not a slug, a
 * seat count outside the plan's bounds): a mistake in the calling code, not in input a
 * visitor typed (that gets a field message instead).
 */
export class InvalidArgumentError extends PlankitError {
  constructor(message: string) {
    super('invalid_argument', message);
    this.name = 'InvalidArgumentError';
  }
}

/**
 * The store failed (the database is unreachable, a statement failed). The details are in
 * the server log under `operation`; the message never carries buyer data.
 */
export class StoreError extends PlankitError {
  /** The store operation that failed, e.g. `startAttempt`. */
  readonly operation: string;

  constructor(operation: string, options?: { cause?: unknown }) {
    super('store_failed', `The checkout store failed (${operation}).`, options);
    this.name = 'StoreError';
    this.operation = operation;
  }
}

/**
 * The payment provider failed or did not answer in time. Whether money moved is unknown
 * to the caller; the engine settles such payments later by asking the provider.
 */
export class ProviderError extends PlankitError {
  /** The provider's id, e.g. `test` or `stripe`. */
  readonly provider: string;
  /** The provider operation that failed, e.g. `createPayment`. */
  readonly operation: string;

  constructor(
    provider: string,
    operation: string,
    options?: { cause?: unknown; timeout?: boolean },
  ) {
    super(
      options?.timeout ? 'provider_timeout' : 'provider_failed',
      options?.timeout
        ? `The payment provider "${provider}" did not answer ${operation} in time.`
        : `The payment provider "${provider}" failed (${operation}).`,
      options,
    );
    this.name = 'ProviderError';
    this.provider = provider;
    this.operation = operation;
  }
}

/**
 * A webhook whose signature does not hold on its raw body (a forged or altered request, a
 * wrong secret, or one too old to accept). Answer it with 400; nothing was changed.
 */
export class WebhookSignatureError extends PlankitError {
  /** The provider the webhook claimed to come from. */
  readonly provider: string;

  constructor(provider: string, options?: { cause?: unknown }) {
    super(
      'webhook_signature_invalid',
      `A webhook for "${provider}" failed its signature check.`,
      options,
    );
    this.name = 'WebhookSignatureError';
    this.provider = provider;
  }
}

/** Why a refund was refused ({@link RefundError.reason}). */
export type RefundRefusal =
  | 'order_not_found'
  | 'nothing_paid'
  | 'exceeds_remaining'
  | 'not_supported';

/**
 * A refund the engine will not make: no order has that reference, it charged nothing, the
 * amount is more than remains of the payment (`remaining`, in minor units), or the payment
 * provider cannot refund. Nothing was written and nothing refunded.
 */
export class RefundError extends PlankitError {
  readonly reason: RefundRefusal;
  /** For `exceeds_remaining`: what can still be refunded, in minor units. */
  readonly remaining: number | null;

  constructor(reason: RefundRefusal, message: string, remaining: number | null = null) {
    super('refund_refused', message);
    this.name = 'RefundError';
    this.reason = reason;
    this.remaining = remaining;
  }
}
