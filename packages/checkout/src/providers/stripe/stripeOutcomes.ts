// Stripe's objects in the provider protocol's terms: what a PaymentIntent, a SetupIntent or
// a Checkout Session says about the buyer's payment. Pure: the provider reads the object
// (with its payment method expanded) and hands it here.

import type Stripe from 'stripe';
import type { IntentOutcome, PaymentFailureCode, PaymentMethodSummary } from '../types.js';

type LastError = Pick<Stripe.PaymentIntent.LastPaymentError, 'code' | 'decline_code' | 'message'>;

/** A Stripe error (a PaymentIntent's `last_payment_error`, a card error) as a failure code. */
export function failureCodeOf(error: LastError | null | undefined): PaymentFailureCode {
  const code = error?.code;
  if (
    code === 'payment_intent_authentication_failure' ||
    code === 'setup_intent_authentication_failure' ||
    code === 'authentication_required'
  ) {
    return 'authentication_failed';
  }
  if (error?.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card') return 'expired_card';
  if (code === 'processing_error') return 'processing_error';
  return 'card_declined';
}

/** The card of an expanded payment method, as a receipt shows it. */
export function summaryOf(
  method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null | undefined,
): PaymentMethodSummary | null {
  if (!method || typeof method === 'string') return null;
  return {
    id: method.id,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '0000',
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The PaymentIntent fields the outcome reads. */
export type PaymentIntentLike = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'customer' | 'last_payment_error' | 'next_action' | 'metadata'
> & { client_secret?: string | null } & {
  payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null;
};

/** What a PaymentIntent says. */
export function paymentIntentOutcome(intent: PaymentIntentLike): IntentOutcome {
  return intentOutcome(intent, intent.last_payment_error, {
    // A payment authorised but not yet captured is money on its way, not a decision.
    pending: ['processing', 'requires_capture'],
    failedMessage: 'The payment failed.',
  });
}

/** The SetupIntent fields the outcome reads. */
export type SetupIntentLike = Pick<
  Stripe.SetupIntent,
  'id' | 'status' | 'customer' | 'last_setup_error' | 'next_action' | 'metadata'
> & { client_secret?: string | null } & {
  payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null;
};

/** What a SetupIntent says (a trial's saved card). */
export function setupIntentOutcome(intent: SetupIntentLike): IntentOutcome {
  return intentOutcome(intent, intent.last_setup_error, {
    pending: ['processing'],
    failedMessage: 'The card could not be saved.',
  });
}

/**
 * The outcome of either kind of intent: PaymentIntents and SetupIntents share their
 * statuses, differing only in which statuses are still pending and in their error field.
 */
function intentOutcome(
  intent: PaymentIntentLike | SetupIntentLike,
  error: Stripe.PaymentIntent.LastPaymentError | Stripe.SetupIntent.LastSetupError | null,
  { pending, failedMessage }: { pending: readonly string[]; failedMessage: string },
): IntentOutcome {
  const intentId = intent.id;
  if (pending.includes(intent.status)) return { status: 'processing', intentId };
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        intentId,
        paymentMethod: summaryOf(intent.payment_method),
        customerRef: idOf(intent.customer),
        subscriptionRef: intent.metadata?.plankit_subscription ?? null,
      };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { status: 'requires_action', intentId, redirectUrl: url };
      // Without a page to send the buyer to (`use_stripe_sdk`) only Stripe.js in the buyer's
      // page can go on: `handleNextAction` with the intent's client secret.
      return intent.client_secret
        ? { status: 'requires_action', intentId, clientSecret: intent.client_secret }
        : { status: 'processing', intentId };
    }
    case 'canceled':
      return { status: 'canceled', intentId };
    default:
      if (!error) return { status: 'requires_payment_method', intentId };
      return {
        status: 'failed',
        intentId,
        code: failureCodeOf(error),
        message: error.message ?? failedMessage,
      };
  }
}

/** The Checkout Session fields the outcome reads, with its payment objects expanded. */
export type CheckoutSessionLike = Pick<
  Stripe.Checkout.Session,
  'id' | 'status' | 'payment_status' | 'customer'
> & {
  payment_intent:
    | string
    | { payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null }
    | null;
  setup_intent:
    | string
    | { payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null }
    | null;
  subscription:
    | string
    | {
        id: string;
        default_payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null;
      }
    | null;
};

/** What a Checkout Session (the hosted page) says. */
export function checkoutSessionOutcome(session: CheckoutSessionLike): IntentOutcome {
  const intentId = session.id;
  if (session.status === 'expired') return { status: 'canceled', intentId };
  if (session.status !== 'complete') return { status: 'requires_payment_method', intentId };
  // Complete but unpaid: a delayed method (a bank debit) settles later, by webhook.
  if (session.payment_status === 'unpaid') return { status: 'processing', intentId };
  const method =
    (typeof session.payment_intent === 'object' ? session.payment_intent?.payment_method : null) ??
    (typeof session.setup_intent === 'object' ? session.setup_intent?.payment_method : null) ??
    (typeof session.subscription === 'object'
      ? session.subscription?.default_payment_method
      : null);
  return {
    status: 'succeeded',
    intentId,
    paymentMethod: summaryOf(method),
    customerRef: idOf(session.customer),
    subscriptionRef: idOf(session.subscription),
  };
}

/** A Stripe subscription status in the protocol's terms, or null while it is not started. */
export function subscriptionStatusOf(
  status: Stripe.Subscription.Status,
): 'trialing' | 'active' | 'past_due' | 'canceled' | null {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
      return status as 'trialing' | 'active' | 'past_due' | 'canceled';
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}
