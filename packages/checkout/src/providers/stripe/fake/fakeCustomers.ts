// Customers, Products and PaymentMethods of the fake Stripe API. A customer created with
// `test_clock` belongs to that clock: its objects' times are the clock's frozen time.

import type Stripe from 'stripe';
import { FAKE_TEST_PAYMENT_METHODS, type FakeTestCard } from './fakeStripeCards.js';
import { FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import { type FakeStripeState, randomId } from './fakeStripeState.js';
import type {
  FakeCustomer,
  FakePaymentMethod,
  FakeProduct,
  FakeTestClock,
} from './fakeStripeTypes.js';

const metadataOf = (value: unknown) => ({ ...(value as Record<string, string> | undefined) });

/** The fake's customers, products and payment methods. */
export function createFakeCustomers(state: FakeStripeState) {
  function createCustomer(params: Stripe.CustomerCreateParams): FakeCustomer {
    const clock = params.test_clock
      ? state.get<FakeTestClock>(
          params.test_clock,
          'test_helpers.test_clock',
          'test_clock',
          'test_clock',
        )
      : null;
    return state.put<FakeCustomer>({
      id: `cus_${randomId()}`,
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: metadataOf(params.metadata),
      created: clock?.frozen_time ?? state.now(),
      livemode: false,
      test_clock: clock?.id ?? null,
    });
  }

  function createProduct(params: Stripe.ProductCreateParams): FakeProduct {
    const id = params.id ?? `prod_${randomId()}`;
    if (state.objects.has(id)) {
      throw invalidRequest('Product already exists.', 'resource_already_exists', 'id');
    }
    return state.put<FakeProduct>({
      id,
      object: 'product',
      name: params.name,
      active: true,
      metadata: metadataOf(params.metadata),
      created: state.now(),
      livemode: false,
    });
  }

  /** A payment method made from a test card (as Stripe makes one from `pm_card_visa`). */
  function paymentMethodFromCard(card: FakeTestCard): FakePaymentMethod {
    const method = state.put<FakePaymentMethod>({
      id: `pm_${randomId()}`,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: {
        brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: 12,
        exp_year: new Date(state.now() * 1000).getUTCFullYear() + 3,
      },
      created: state.now(),
      livemode: false,
      metadata: {},
    });
    state.behaviours.set(method.id, card.behaviour);
    return method;
  }

  /** The payment method an id names: a test id makes a new one, as on Stripe. */
  function resolvePaymentMethod(id: string): FakePaymentMethod {
    const card = Object.hasOwn(FAKE_TEST_PAYMENT_METHODS, id)
      ? FAKE_TEST_PAYMENT_METHODS[id]
      : undefined;
    if (card) return paymentMethodFromCard(card);
    return state.get<FakePaymentMethod>(id, 'payment_method', 'PaymentMethod', 'payment_method');
  }

  /** Saves a method to a customer (a method belongs to one customer at most). */
  function attach(method: FakePaymentMethod, customer: string | null) {
    if (!customer) return;
    if (method.customer && method.customer !== customer) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method is attached to another customer.',
      });
    }
    method.customer = customer;
  }

  return { createCustomer, createProduct, paymentMethodFromCard, resolvePaymentMethod, attach };
}

/** The fake's customers, products and payment methods. */
export type FakeCustomers = ReturnType<typeof createFakeCustomers>;
