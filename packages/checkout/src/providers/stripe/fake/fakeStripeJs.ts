// The fake's side of its Stripe.js stand-in (`fakeStripeJsScript.ts`): the script itself,
// and the requests Stripe.js makes from the buyer's browser with the publishable key
// instead of the secret one: make a card payment method from what was typed, read an
// intent by its client secret, confirm one with it. Like Stripe.js, the stand-in sends the
// key in the body or query (`key=pk_…`), so its requests are simple CORS requests that the
// host's page may make to another origin without a preflight.

import type { FakeStripeApi } from './fakeStripeApi.js';
import { fakeCardByNumber } from './fakeStripeCards.js';
import { FakeStripeError } from './fakeStripeErrors.js';
import { FAKE_STRIPE_JS_SCRIPT } from './fakeStripeJsScript.js';
import type { FakePaymentIntent, FakeSetupIntent } from './fakeStripeTypes.js';

/** Where the fake serves its Stripe.js stand-in (`STRIPE_JS_URL` is the fake's URL + this). */
export const FAKE_STRIPE_JS_PATH = '/v3/stripe.js';

/** An answer of the stand-in's endpoints. */
export interface FakeStripeJsAnswer {
  status: number;
  type: string;
  text: string;
}

const json = (status: number, body: unknown): FakeStripeJsAnswer => ({
  status,
  type: 'application/json',
  text: JSON.stringify(body),
});

const cardError = (message: string, code: string) =>
  new FakeStripeError(402, { type: 'card_error', code, message, param: 'card[number]' });

/** The publishable key a browser request carries, or null (then it is not the stand-in's). */
function publishableKeyOf(params: URLSearchParams): string | null {
  const key = params.get('key') ?? '';
  return /^pk_test_\S+$/.test(key) ? key : null;
}

/** The intent a client secret (`pi_…_secret_…`) belongs to, checked against it. */
function intentBySecret(
  api: FakeStripeApi,
  kind: 'payment_intent' | 'setup_intent',
  id: string,
  secret: string,
) {
  const intent = api.get<FakePaymentIntent | FakeSetupIntent>(id, kind, kind);
  if (intent.client_secret !== secret) {
    throw new FakeStripeError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `The client_secret provided does not match the client_secret associated with the ${kind === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'}.`,
      param: 'client_secret',
    });
  }
  return intent;
}

/**
 * Answers the stand-in's requests (the script, and the `/v1` calls made with a publishable
 * key), or returns null for every other request.
 */
export function answerStripeJs(
  api: FakeStripeApi,
  method: string,
  url: URL,
  body: string,
): FakeStripeJsAnswer | null {
  if (method === 'GET' && url.pathname === FAKE_STRIPE_JS_PATH) {
    return { status: 200, type: 'text/javascript; charset=utf-8', text: FAKE_STRIPE_JS_SCRIPT };
  }
  if (!url.pathname.startsWith('/v1/')) return null;
  const params = method === 'GET' ? url.searchParams : new URLSearchParams(body);
  if (!publishableKeyOf(params)) return null;
  try {
    return json(200, runStripeJs(api, method, url.pathname, params));
  } catch (error) {
    if (error instanceof FakeStripeError) return json(error.status, { error: error.error });
    throw error;
  }
}

function runStripeJs(
  api: FakeStripeApi,
  method: string,
  path: string,
  params: URLSearchParams,
): unknown {
  if (method === 'POST' && path === '/v1/payment_methods') {
    const card = fakeCardByNumber(params.get('card[number]') ?? '');
    if (!card) throw cardError('Your card number is incorrect.', 'incorrect_number');
    const month = Number(params.get('card[exp_month]'));
    const year = Number(params.get('card[exp_year]'));
    // The buyer's card is checked against today's date, as Stripe checks it.
    const now = new Date();
    const expired =
      !(month >= 1 && month <= 12) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
    if (expired)
      throw cardError('Your card’s expiration date is incorrect.', 'invalid_expiry_year');
    if (!/^\d{3,4}$/.test(params.get('card[cvc]') ?? '')) {
      throw cardError('Your card’s security code is incorrect.', 'incorrect_cvc');
    }
    return api.paymentMethodFromCard(card);
  }
  const match = path.match(/^\/v1\/(payment_intents|setup_intents)\/([\w]+)(\/confirm)?$/);
  const kind = match?.[1] === 'setup_intents' ? 'setup_intent' : 'payment_intent';
  const id = match?.[2];
  if (!id) {
    throw new FakeStripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }
  const intent = intentBySecret(api, kind, id, params.get('client_secret') ?? '');
  if (method === 'GET' && !match?.[3]) return intent;
  if (method === 'POST' && match?.[3]) {
    const confirm = {
      payment_method: params.get('payment_method') ?? undefined,
      return_url: params.get('return_url') ?? undefined,
      use_stripe_sdk: params.get('use_stripe_sdk') ?? undefined,
    };
    return kind === 'payment_intent'
      ? api.confirmPaymentIntent(intent.id, confirm)
      : api.confirmSetupIntent(intent.id, confirm);
  }
  throw new FakeStripeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}
