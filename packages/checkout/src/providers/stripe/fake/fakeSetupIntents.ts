// SetupIntents of the fake Stripe API (https://docs.stripe.com/api/setup_intents): saving a
// test card for later (trials, renewals). A refused card is a 402 card error; a card that
// needs authentication goes to `requires_action` first.

import type Stripe from 'stripe';
import type { FakeCustomers } from './fakeCustomers.js';
import { declineOf, FakeStripeError } from './fakeStripeErrors.js';
import { copy, type FakeStripeState, randomId } from './fakeStripeState.js';
import type { FakeCustomer, FakePaymentMethod, FakeSetupIntent } from './fakeStripeTypes.js';

/** What the billing side does when a setup succeeds (a trial's card becomes the default). */
export interface SetupIntentHooks {
  succeeded(intent: FakeSetupIntent, method: FakePaymentMethod): void;
}

/** The fake's SetupIntents. */
export function createFakeSetupIntents(
  state: FakeStripeState,
  customers: FakeCustomers,
  hooks: SetupIntentHooks,
) {
  function createSetupIntent(
    params: Stripe.SetupIntentCreateParams,
    metadata?: Record<string, string>,
  ): FakeSetupIntent {
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer) state.get<FakeCustomer>(customer, 'customer', 'customer', 'customer');
    const id = `seti_${randomId()}`;
    return state.put<FakeSetupIntent>({
      id,
      object: 'setup_intent',
      customer,
      description: params.description ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined), ...metadata },
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      next_action: null,
      usage: (params.usage as FakeSetupIntent['usage']) ?? 'off_session',
      client_secret: `${id}_secret_${randomId()}`,
      created: state.nowFor(customer),
      livemode: false,
      payment_method_types: ['card'],
    });
  }

  function updateSetupIntent(id: string, params: Stripe.SetupIntentUpdateParams): FakeSetupIntent {
    const intent = state.get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (params.metadata) Object.assign(intent.metadata ?? {}, params.metadata);
    return intent;
  }

  function succeedSetupIntent(intent: FakeSetupIntent, method: FakePaymentMethod) {
    customers.attach(method, typeof intent.customer === 'string' ? intent.customer : null);
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    intent.next_action = null;
    intent.last_setup_error = null;
    state.emit('setup_intent.succeeded', intent);
    hooks.succeeded(intent, method);
  }

  function confirmSetupIntent(
    id: string,
    params: Pick<Stripe.SetupIntentConfirmParams, 'payment_method' | 'return_url'> & {
      /** `true`: the buyer's Stripe.js handles the next action, no redirect. */
      use_stripe_sdk?: boolean | string;
    },
  ): FakeSetupIntent {
    const intent = state.get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: copy(intent),
      });
    }
    if (!params.payment_method) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: 'You cannot confirm this SetupIntent because it’s missing a payment method.',
      });
    }
    const method = customers.resolvePaymentMethod(params.payment_method);
    const behaviour = state.behaviours.get(method.id) ?? 'succeeds';
    // Saving charges nothing: only cards the issuer refuses outright fail here.
    const decline =
      behaviour === 'declined' || behaviour === 'insufficient_funds'
        ? declineOf(behaviour, { offSession: false, saved: false })
        : null;
    if (decline) {
      intent.last_setup_error = { type: 'card_error', ...decline };
      state.emit('setup_intent.setup_failed', intent);
      throw new FakeStripeError(402, {
        type: 'card_error',
        ...decline,
        setup_intent: copy(intent),
      });
    }
    if (behaviour === 'requires_action') {
      intent.status = 'requires_action';
      intent.payment_method = method.id;
      intent.next_action =
        params.return_url && String(params.use_stripe_sdk) !== 'true'
          ? {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `${state.pagesBase()}/3ds/${intent.id}`,
                return_url: params.return_url,
              },
            }
          : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      state.emit('setup_intent.requires_action', intent);
      return intent;
    }
    succeedSetupIntent(intent, method);
    return intent;
  }

  /** The buyer's answer on the 3-D Secure page. */
  function decideSetupIntent(intent: FakeSetupIntent, approve: boolean): FakeSetupIntent {
    if (intent.status !== 'requires_action') return intent;
    const method = state.get<FakePaymentMethod>(
      String(intent.payment_method),
      'payment_method',
      'PaymentMethod',
    );
    if (approve) {
      succeedSetupIntent(intent, method);
      return intent;
    }
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_setup_error = {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method.',
    };
    state.emit('setup_intent.setup_failed', intent);
    return intent;
  }

  function cancelSetupIntent(id: string): FakeSetupIntent {
    const intent = state.get<FakeSetupIntent>(id, 'setup_intent', 'setup_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
        setup_intent: copy(intent),
      });
    }
    intent.status = 'canceled';
    state.emit('setup_intent.canceled', intent);
    return intent;
  }

  return {
    createSetupIntent,
    updateSetupIntent,
    confirmSetupIntent,
    succeedSetupIntent,
    decideSetupIntent,
    cancelSetupIntent,
  };
}

/** The fake's SetupIntents. */
export type FakeSetupIntents = ReturnType<typeof createFakeSetupIntents>;
