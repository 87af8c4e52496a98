// Customers (with their tax status and tax IDs), Products and PaymentMethods of the fake
// Stripe API. A customer created with `test_clock` belongs to that clock: its objects'
// times are the clock's frozen time. Listing by `email` is exact and case-sensitive, newest
// first (https://docs.stripe.com/api/customers/list).

import type Stripe from 'stripe';
import { FAKE_TEST_PAYMENT_METHODS, type FakeTestCard } from './fakeStripeCards.js';
import { FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import { type FakeStripeState, randomId } from './fakeStripeState.js';
import type {
  FakeCustomer,
  FakePaymentMethod,
  FakeProduct,
  FakeTaxId,
  FakeTestClock,
} from './fakeStripeTypes.js';

const metadataOf = (value: unknown) => ({ ...(value as Record<string, string> | undefined) });

/** Stripe's list object (https://docs.stripe.com/api/pagination). */
export function listOf<T extends { id: string }>(
  found: T[],
  url: string,
  { limit, starting_after }: { limit?: unknown; starting_after?: unknown },
) {
  const after =
    typeof starting_after === 'string' ? found.findIndex((o) => o.id === starting_after) : -1;
  const data = found.slice(after + 1);
  const count = limit === undefined ? 10 : Number(limit);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      undefined,
      'limit',
    );
  }
  return {
    object: 'list' as const,
    data: data.slice(0, count),
    has_more: data.length > count,
    url,
  };
}

type Address = Stripe.AddressParam | '' | null | undefined;
const addressOf = (address: Address): FakeCustomer['address'] =>
  address
    ? {
        city: address.city ?? null,
        country: address.country ?? null,
        line1: address.line1 ?? null,
        line2: address.line2 ?? null,
        postal_code: address.postal_code ?? null,
        state: address.state ?? null,
      }
    : null;

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
    const customer = state.put<FakeCustomer>({
      id: `cus_${randomId()}`,
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: metadataOf(params.metadata),
      created: clock?.frozen_time ?? state.now(),
      livemode: false,
      test_clock: clock?.id ?? null,
      tax_exempt: (params.tax_exempt || 'none') as FakeCustomer['tax_exempt'],
      address: addressOf(params.address),
    });
    for (const [index, data] of (params.tax_id_data ?? []).entries()) {
      createTaxId(customer.id, data, `tax_id_data[${index}][value]`);
    }
    return customer;
  }

  /** `GET /v1/customers`: newest first, `email` matched exactly. */
  function listCustomers(params: Stripe.CustomerListParams) {
    const found = [...state.objects.values()]
      .filter((o): o is FakeCustomer => o.object === 'customer')
      .filter((c) => params.email === undefined || c.email === params.email)
      .reverse();
    return listOf(found, '/v1/customers', params);
  }

  function updateCustomer(id: string, params: Stripe.CustomerUpdateParams): FakeCustomer {
    const customer = state.get<FakeCustomer>(id, 'customer', 'customer');
    if (params.name !== undefined) customer.name = params.name || null;
    if (params.email !== undefined) customer.email = params.email || null;
    if (params.tax_exempt !== undefined) {
      customer.tax_exempt = (params.tax_exempt || 'none') as FakeCustomer['tax_exempt'];
    }
    if (params.address !== undefined) customer.address = addressOf(params.address);
    if (params.metadata) Object.assign(customer.metadata, params.metadata);
    state.emit('customer.updated', customer);
    return customer;
  }

  /**
   * A tax ID of a customer. Stripe checks an EU VAT number's shape (two letters, then the
   * number) and refuses others with `tax_id_invalid`.
   */
  function createTaxId(
    customer: string,
    params: Stripe.TaxIdCreateParams | Stripe.CustomerCreateParams.TaxIdDatum,
    param = 'value',
  ): FakeTaxId {
    state.get<FakeCustomer>(customer, 'customer', 'customer');
    if (params.type === 'eu_vat' && !/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(params.value)) {
      throw invalidRequest(`Invalid value for eu_vat: ${params.value}`, 'tax_id_invalid', param);
    }
    return state.put<FakeTaxId>({
      id: `txi_${randomId()}`,
      object: 'tax_id',
      country: params.type === 'eu_vat' ? params.value.slice(0, 2).replace('EL', 'GR') : null,
      customer,
      type: params.type as FakeTaxId['type'],
      value: params.value,
      created: state.now(),
      livemode: false,
    });
  }

  /** `GET /v1/customers/{customer}/tax_ids`. */
  function listTaxIds(customer: string, params: Stripe.TaxIdListParams) {
    state.get<FakeCustomer>(customer, 'customer', 'customer');
    const found = [...state.objects.values()]
      .filter((o): o is FakeTaxId => o.object === 'tax_id')
      .filter((t) => t.customer === customer);
    return listOf(found, `/v1/customers/${customer}/tax_ids`, params);
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

  return {
    createCustomer,
    listCustomers,
    updateCustomer,
    createTaxId,
    listTaxIds,
    createProduct,
    paymentMethodFromCard,
    resolvePaymentMethod,
    attach,
  };
}

/** The fake's customers, products and payment methods. */
export type FakeCustomers = ReturnType<typeof createFakeCustomers>;
