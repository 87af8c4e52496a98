// PaymentIntents of the fake Stripe API (https://docs.stripe.com/api/payment_intents): create
// (at or above Stripe's minimum charge), update, confirm with a test card (declines are
// 402 card errors that leave the intent `requires_payment_method`; a card that needs
// authentication goes to `requires_action` on-session and fails with
// `authentication_required` off-session), the buyer's answer on the 3-D Secure page, cancel.

import type Stripe from 'stripe';
import { stripeMinimumCharge } from '../../../catalog/stripeCurrencies.js';
import type { FakeCustomers } from './fakeCustomers.js';
import {
  amountTooSmall,
  type CardDecline,
  declineOf,
  FakeStripeError,
  invalidRequest,
} from './fakeStripeErrors.js';
import { copy, type FakeStripeState, randomId } from './fakeStripeState.js';
import type { FakeCustomer, FakePaymentIntent, FakePaymentMethod } from './fakeStripeTypes.js';

/** What the billing side does when an intent succeeds (pays the invoice it belongs to). */
export interface PaymentIntentHooks {
  succeeded(intent: FakePaymentIntent): void;
}

type ConfirmParams = Pick<Stripe.PaymentIntentConfirmParams, 'payment_method' | 'return_url'> & {
  off_session?: boolean | string;
  /** `true`: the buyer's Stripe.js handles the next action (`use_stripe_sdk`), no redirect. */
  use_stripe_sdk?: boolean | string;
};

const isTrue = (value: unknown) =>
  String(value) === 'true' || value === 'one_off' || value === 'recurring';

/** The fake's PaymentIntents. */
export function createFakePaymentIntents(
  state: FakeStripeState,
  customers: FakeCustomers,
  hooks: PaymentIntentHooks,
) {
  /** A new intent, as Stripe makes one for an API request or an invoice. */
  function newPaymentIntent(params: Stripe.PaymentIntentCreateParams): FakePaymentIntent {
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer) state.get<FakeCustomer>(customer, 'customer', 'customer', 'customer');
    const id = `pi_${randomId()}`;
    return state.put<FakePaymentIntent>({
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_received: 0,
      currency: String(params.currency).toLowerCase(),
      customer,
      description: params.description ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: null,
      next_action: null,
      setup_future_usage:
        (params.setup_future_usage as FakePaymentIntent['setup_future_usage']) ?? null,
      client_secret: `${id}_secret_${randomId()}`,
      canceled_at: null,
      cancellation_reason: null,
      created: state.nowFor(customer),
      livemode: false,
      payment_method_types: ['card'],
    });
  }

  /** `POST /v1/payment_intents`. */
  function createPaymentIntent(params: Stripe.PaymentIntentCreateParams): FakePaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw invalidRequest('Invalid positive integer', 'parameter_invalid_integer', 'amount');
    }
    const minimum = stripeMinimumCharge(String(params.currency));
    if (minimum !== null && amount < minimum)
      throw amountTooSmall(minimum, String(params.currency));
    const intent = newPaymentIntent(params);
    if (isTrue(params.confirm)) {
      return confirmPaymentIntent(intent.id, {
        payment_method: params.payment_method,
        return_url: params.return_url,
        off_session: isTrue(params.off_session),
        use_stripe_sdk: isTrue(params.use_stripe_sdk),
      });
    }
    return intent;
  }

  function updatePaymentIntent(
    id: string,
    params: Stripe.PaymentIntentUpdateParams,
  ): FakePaymentIntent {
    const intent = state.get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (params.metadata) Object.assign(intent.metadata, params.metadata);
    if (params.description !== undefined) intent.description = params.description || null;
    return intent;
  }

  /** Records a refused charge on the intent and answers with Stripe's 402. */
  function cardError(intent: FakePaymentIntent, method: FakePaymentMethod, decline: CardDecline) {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      ...decline,
      payment_method: copy(method) as unknown as Stripe.PaymentMethod,
    };
    state.emit('payment_intent.payment_failed', intent);
    return new FakeStripeError(402, {
      type: 'card_error',
      ...decline,
      payment_intent: copy(intent),
    });
  }

  function succeedPaymentIntent(intent: FakePaymentIntent, method: FakePaymentMethod) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    if (intent.setup_future_usage) {
      customers.attach(method, typeof intent.customer === 'string' ? intent.customer : null);
    }
    state.emit('payment_intent.succeeded', intent);
    hooks.succeeded(intent);
  }

  /**
   * Puts an intent in front of 3-D Secure: `redirect_to_url` when there is a return URL and
   * the caller did not ask for Stripe.js to handle it (`use_stripe_sdk`).
   */
  function requireAction(
    intent: FakePaymentIntent,
    method: FakePaymentMethod,
    returnUrl: string | null,
    useStripeSdk = false,
  ) {
    intent.status = 'requires_action';
    intent.payment_method = method.id;
    intent.next_action =
      returnUrl && !useStripeSdk
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${state.pagesBase()}/3ds/${intent.id}`,
              return_url: returnUrl,
            },
          }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
    state.emit('payment_intent.requires_action', intent);
  }

  function confirmPaymentIntent(id: string, params: ConfirmParams): FakePaymentIntent {
    const intent = state.get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
        payment_intent: copy(intent),
      });
    }
    if (!params.payment_method) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it’s missing a payment method.',
      });
    }
    const method = customers.resolvePaymentMethod(params.payment_method);
    const behaviour = state.behaviours.get(method.id) ?? 'succeeds';
    const offSession = isTrue(params.off_session);
    const decline = declineOf(behaviour, { offSession, saved: intent.customer !== null });
    if (decline) throw cardError(intent, method, decline);
    if (behaviour === 'requires_action') {
      requireAction(intent, method, params.return_url ?? null, isTrue(params.use_stripe_sdk));
      return intent;
    }
    succeedPaymentIntent(intent, method);
    return intent;
  }

  /** The buyer's answer on the 3-D Secure page. */
  function decidePaymentIntent(intent: FakePaymentIntent, approve: boolean): FakePaymentIntent {
    if (intent.status !== 'requires_action') return intent;
    const method = state.get<FakePaymentMethod>(
      String(intent.payment_method),
      'payment_method',
      'PaymentMethod',
    );
    if (approve) {
      succeedPaymentIntent(intent, method);
      return intent;
    }
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
    state.emit('payment_intent.payment_failed', intent);
    return intent;
  }

  function cancelPaymentIntent(id: string): FakePaymentIntent {
    const intent = state.get<FakePaymentIntent>(id, 'payment_intent', 'payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        payment_intent: copy(intent),
      });
    }
    intent.status = 'canceled';
    intent.canceled_at = state.nowFor(typeof intent.customer === 'string' ? intent.customer : null);
    intent.cancellation_reason = 'requested_by_customer';
    state.emit('payment_intent.canceled', intent);
    return intent;
  }

  return {
    newPaymentIntent,
    createPaymentIntent,
    updatePaymentIntent,
    confirmPaymentIntent,
    succeedPaymentIntent,
    requireAction,
    decidePaymentIntent,
    cancelPaymentIntent,
  };
}

/** The fake's PaymentIntents. */
export type FakePaymentIntents = ReturnType<typeof createFakePaymentIntents>;
