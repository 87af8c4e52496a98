// What each of Stripe's documented test cards does, as data, for the fake Stripe API
// (https://docs.stripe.com/testing). Both ways the fake takes a card use it: the test
// payment-method ids (`pm_card_visa`, …) the SDK and the contract suite pass, and the card
// numbers typed on the fake's hosted Checkout page.

/** What happens when a card is charged or saved. */
export type FakeCardBehaviour =
  /** Every charge succeeds. */
  | 'succeeds'
  /** Declined (`card_declined`, `generic_decline`). */
  | 'declined'
  /** Declined (`card_declined`, `insufficient_funds`). */
  | 'insufficient_funds'
  /**
   * Every payment needs 3-D Secure (4000 0027 6000 3184): on-session the buyer is asked;
   * off-session, with nobody to ask, it fails with `authentication_required`.
   */
  | 'requires_action'
  /** Saves to a customer fine; every charge is then declined. */
  | 'declines_after_saving';

/** A test card of the fake. */
export interface FakeTestCard {
  /** The card number, digits only. */
  number: string;
  /** `visa`, `mastercard`, … */
  brand: string;
  /** What charging or saving it does. */
  behaviour: FakeCardBehaviour;
}

/** Stripe's test payment-method ids, each standing for one test card. */
export const FAKE_TEST_PAYMENT_METHODS: Readonly<Record<string, FakeTestCard>> = {
  pm_card_visa: { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds' },
  pm_card_mastercard: { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { number: '4000000000000002', brand: 'visa', behaviour: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: 'insufficient_funds',
  },
  pm_card_authenticationRequired: {
    number: '4000002760003184',
    brand: 'visa',
    behaviour: 'requires_action',
  },
  pm_card_chargeCustomerFail: {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'declines_after_saving',
  },
};

/** The test card a number typed on the hosted page is, or null for an unknown number. */
export function fakeCardByNumber(number: string): FakeTestCard | null {
  const digits = number.replace(/[\s-]/g, '');
  return Object.values(FAKE_TEST_PAYMENT_METHODS).find((card) => card.number === digits) ?? null;
}
