// The fake's routes: each endpoint of Stripe's API the fake serves, by method and OpenAPI
// path (the key of its operation in `stripeOpenApiSubset.ts`), and the operation that
// answers it.

import type { FakeStripeApi } from './fakeStripeApi.js';
import type { FakeCheckoutSession } from './fakeStripeTypes.js';

/** One endpoint: its OpenAPI path, and what answers it (before `expand`). */
export interface FakeRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path as Stripe's OpenAPI description writes it (`/v1/payment_intents/{intent}`). */
  path: string;
  run(api: FakeStripeApi, id: string, params: never): unknown;
}

/** A Checkout Session without the fake's own fields. */
const publicSession = ({
  lineItems: _l,
  trialDays: _t,
  trialSettings: _ts,
  subscriptionMetadata: _s,
  paymentIntentMetadata: _p,
  ...session
}: FakeCheckoutSession) => session;

const route = (
  method: FakeRoute['method'],
  path: string,
  run: (api: FakeStripeApi, id: string, params: never) => unknown,
): FakeRoute => ({ method, path, run });

/** Every endpoint the fake serves. */
export const FAKE_ROUTES: readonly FakeRoute[] = [
  route('GET', '/v1/customers', (api, _, p) => api.listCustomers(p)),
  route('POST', '/v1/customers', (api, _, p) => api.createCustomer(p)),
  route('GET', '/v1/customers/{customer}', (api, id) => api.get(id, 'customer', 'customer')),
  route('POST', '/v1/customers/{customer}', (api, id, p) => api.updateCustomer(id, p)),
  route('GET', '/v1/customers/{customer}/tax_ids', (api, id, p) => api.listTaxIds(id, p)),
  route('POST', '/v1/customers/{customer}/tax_ids', (api, id, p) => api.createTaxId(id, p)),
  route('GET', '/v1/tax_rates', (api, _, p) => api.listTaxRates(p)),
  route('POST', '/v1/tax_rates', (api, _, p) => api.createTaxRate(p)),
  route('POST', '/v1/products', (api, _, p) => api.createProduct(p)),
  route('GET', '/v1/products/{id}', (api, id) => api.get(id, 'product', 'product')),
  route('GET', '/v1/payment_methods/{payment_method}', (api, id) =>
    api.get(id, 'payment_method', 'PaymentMethod'),
  ),
  route('POST', '/v1/payment_intents', (api, _, p) => api.createPaymentIntent(p)),
  route('GET', '/v1/payment_intents/{intent}', (api, id) =>
    api.get(id, 'payment_intent', 'payment_intent'),
  ),
  route('POST', '/v1/payment_intents/{intent}', (api, id, p) => api.updatePaymentIntent(id, p)),
  route('POST', '/v1/payment_intents/{intent}/confirm', (api, id, p) =>
    api.confirmPaymentIntent(id, p),
  ),
  route('POST', '/v1/payment_intents/{intent}/cancel', (api, id) => api.cancelPaymentIntent(id)),
  route('POST', '/v1/refunds', (api, _, p) => api.createRefund(p)),
  route('GET', '/v1/refunds/{refund}', (api, id) => api.get(id, 'refund', 'refund')),
  route('GET', '/v1/disputes/{dispute}', (api, id) => api.get(id, 'dispute', 'dispute')),
  route('POST', '/v1/setup_intents', (api, _, p) => api.createSetupIntent(p)),
  route('GET', '/v1/setup_intents/{intent}', (api, id) =>
    api.get(id, 'setup_intent', 'setup_intent'),
  ),
  route('POST', '/v1/setup_intents/{intent}', (api, id, p) => api.updateSetupIntent(id, p)),
  route('POST', '/v1/setup_intents/{intent}/confirm', (api, id, p) =>
    api.confirmSetupIntent(id, p),
  ),
  route('POST', '/v1/setup_intents/{intent}/cancel', (api, id) => api.cancelSetupIntent(id)),
  route('POST', '/v1/subscriptions', (api, _, p) => api.createSubscription(p)),
  route('GET', '/v1/subscriptions/{subscription_exposed_id}', (api, id) =>
    api.get(id, 'subscription', 'subscription'),
  ),
  route('POST', '/v1/subscriptions/{subscription_exposed_id}', (api, id, p) =>
    api.updateSubscription(id, p),
  ),
  route('DELETE', '/v1/subscriptions/{subscription_exposed_id}', (api, id) =>
    api.deleteSubscription(id),
  ),
  route('GET', '/v1/invoices/{invoice}', (api, id) => api.get(id, 'invoice', 'invoice')),
  route('POST', '/v1/invoices/{invoice}/pay', (api, id, p) => api.payOpenInvoice(id, p)),
  route('POST', '/v1/invoices/create_preview', (api, _, p) => api.createInvoicePreview(p)),
  route('POST', '/v1/invoices/{invoice}/void', (api, id) => api.voidInvoice(id)),
  route('GET', '/v1/invoice_payments', (api, _, p) => api.listInvoicePayments(p)),
  route('POST', '/v1/checkout/sessions', (api, _, p) =>
    publicSession(api.createCheckoutSession(p)),
  ),
  route('GET', '/v1/checkout/sessions/{session}', (api, id) =>
    publicSession(api.checkoutSession(id)),
  ),
  route('POST', '/v1/checkout/sessions/{session}/expire', (api, id) =>
    publicSession(api.expireCheckoutSession(id)),
  ),
  route('POST', '/v1/test_helpers/test_clocks', (api, _, p) => api.createTestClock(p)),
  route('GET', '/v1/test_helpers/test_clocks/{test_clock}', (api, id) =>
    api.get(id, 'test_helpers.test_clock', 'test_clock'),
  ),
  route('POST', '/v1/test_helpers/test_clocks/{test_clock}/advance', (api, id, p) =>
    api.advanceTestClock(id, p),
  ),
  route('DELETE', '/v1/test_helpers/test_clocks/{test_clock}', (api, id) =>
    api.deleteTestClock(id),
  ),
];

const patterns = FAKE_ROUTES.map((r) => ({
  route: r,
  pattern: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
}));

/** The route a request is for, with the id in its path, or null. */
export function findRoute(
  method: string,
  pathname: string,
): { route: FakeRoute; id: string } | null {
  for (const { route: r, pattern } of patterns) {
    if (r.method !== method) continue;
    const match = pattern.exec(pathname);
    if (match) return { route: r, id: decodeURIComponent(match[1] ?? '') };
  }
  return null;
}
