// Errors of the fake Stripe API in Stripe's shape: the body is `{ error: { type, code,
// param, message, … } }` as the OpenAPI `error` schema (`api_errors`) describes it, with the
// messages Stripe writes (https://docs.stripe.com/error-codes, https://docs.stripe.com/api/errors).

import { formatMoney } from '../../../pricing/formatMoney.js';
import type { FakeCardBehaviour } from './fakeStripeCards.js';

/** The body of an error answer (`api_errors` in Stripe's OpenAPI description). */
export type FakeErrorBody = Record<string, unknown> & {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  param?: string;
};

/** An error of the API, answered as Stripe answers it (`{ error: { type, … } }`). */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: FakeErrorBody,
  ) {
    super(error.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

/** A 400 `invalid_request_error`, with the code's `doc_url` when it has a code. */
export function invalidRequest(message: string, code?: string, param?: string): FakeStripeError {
  return new FakeStripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

/** `resource_missing` (404): "No such customer: 'cus_…'". */
export function notFound(kind: string, id: string, param = 'id'): FakeStripeError {
  return new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

/**
 * `amount_too_small`, as Stripe words it ("Amount must be at least $0.50 usd"): the
 * minimum comes from Stripe's table (`stripeMinimumCharge`).
 */
export function amountTooSmall(minimum: number, currency: string): FakeStripeError {
  const shown = `${formatMoney(minimum, currency.toUpperCase(), 'en')} ${currency.toLowerCase()}`;
  return invalidRequest(`Amount must be at least ${shown}`, 'amount_too_small', 'amount');
}

/** A refused card's `code`, `decline_code` and message (https://docs.stripe.com/declines/codes). */
export interface CardDecline {
  code: 'card_declined' | 'authentication_required';
  decline_code: string;
  message: string;
}

const GENERIC: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/**
 * What charging a card with this behaviour does, or `null` when the charge goes through (or,
 * on-session, goes to 3-D Secure). `offSession`: nobody is there to authenticate;
 * `saved`: the card is charged as a customer's saved card.
 */
export function declineOf(
  behaviour: FakeCardBehaviour,
  { offSession, saved }: { offSession: boolean; saved: boolean },
): CardDecline | null {
  switch (behaviour) {
    case 'declined':
      return GENERIC;
    case 'insufficient_funds':
      return {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
    case 'declines_after_saving':
      // "Attaching this card to a Customer object succeeds, but attempts to charge the
      // customer fail" (https://docs.stripe.com/testing).
      return offSession || saved ? GENERIC : null;
    case 'requires_action':
      // 4000 0027 6000 3184 "requires authentication on all transactions, regardless of how
      // the card is set up": off-session there is nobody to authenticate, so it fails.
      return offSession
        ? {
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires two-factor authentication.',
          }
        : null;
    default:
      return null;
  }
}
