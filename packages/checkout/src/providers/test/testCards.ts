// The test processor's cards: what each number does, and the checks a processor makes
// when it turns a card into a payment method. The numbers are the ones the README's test
// card table lists; the processor keeps only the brand, the last four digits, the expiry
// and this behaviour, never the number or the CVC.

import {
  type CardFieldError,
  cardBrand,
  cardDigits,
  checkCardCvc,
  checkCardExpiry,
  checkCardNumber,
  parseExpiry,
} from '../../validation/card.js';

/** The card numbers the test processor knows (the README's test card table). */
export const TEST_CARDS = {
  /** Succeeds, on the plan step, on the hosted page and for renewals. */
  success: '4242424242424242',
  /** Declined with `card_declined`. */
  declined: '4000000000000002',
  /** Declined with `insufficient_funds`. */
  insufficientFunds: '4000000000009995',
  /** Needs the buyer's authentication (the test bank page) before it succeeds or fails. */
  authenticate: '4000002760003184',
  /** Saves fine (a trial starts), but every later charge of it is declined (failed renewals). */
  declinesAfterSaving: '4000000000000341',
  /** An American Express card: 15 digits, a 4-digit CVC. */
  amex: '378282246310005',
} as const;

/** What a card does when it is charged or saved. */
export type CardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'authenticate'
  | 'declines_after_saving';

/** The behaviour of a card number (any other Luhn-valid number succeeds). */
export function behaviourOf(digits: string): CardBehaviour {
  switch (digits) {
    case TEST_CARDS.declined:
      return 'declined';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.authenticate:
      return 'authenticate';
    case TEST_CARDS.declinesAfterSaving:
      return 'declines_after_saving';
    default:
      return 'succeeds';
  }
}

/** A card as the processor's fields or hosted page send it. */
export interface CardInput {
  number: string;
  /** `MM/YY`, `MM / YY` or `MM/YYYY`. */
  expiry: string;
  cvc: string;
}

/** A card that passed the checks: what the processor keeps (never the number or CVC). */
export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** Why a field of a card was refused, as a message key. */
export type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc', CardFieldError>>;

/**
 * Checks a card the way the processor does, with the same rules as the test card fields
 * (validation/card.ts): every problem by field, or the card to keep.
 */
export function checkCard(input: CardInput, now: Date): CheckedCard | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = checkCardNumber(input.number);
  if (number) errors.number = number;
  const expiry = checkCardExpiry(input.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvc = checkCardCvc(input.cvc, input.number);
  if (cvc) errors.cvc = cvc;
  const parsed = parseExpiry(input.expiry);
  if (Object.keys(errors).length > 0 || !parsed) return { errors };
  const digits = cardDigits(input.number);
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: parsed.month,
    expYear: parsed.year,
    behaviour: behaviourOf(digits),
  };
}
