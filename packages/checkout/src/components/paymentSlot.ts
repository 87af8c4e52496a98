'use client';

import { createContext, useContext } from 'react';
import { InvalidArgumentError } from '../errors/errors.js';
import type { FieldError } from '../messages/fieldError.js';
import type { PlanStepFormMessages } from '../messages/planStepFormMessages.js';
import type { PlanStepState } from '../views/types.js';

/**
 * What the payment fields in the plan step's payment slot offer the form. The fields are
 * the payment provider's (the test provider's card fields, or a processor's element), so
 * the form knows nothing of them beyond this.
 */
export interface PaymentFieldsHandle {
  /** Checks the fields as the visitor left them, shows their errors, and says if all is well. */
  validate(): boolean;
  /**
   * Turns what the visitor entered into the provider's payment-method id, talking to the
   * provider only: the card never reaches the host. On failure, `error` is a message for the
   * whole form, or null when the fields show their own errors.
   */
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: FieldError | null }>;
}

/**
 * What pressing Pay will charge, as the form shows it now: it follows the buyer's interval,
 * currency, seats, promo code and country as they change, so a processor's element (wallets,
 * payment-method filtering, mandates) sees the amount that will be charged. The server's
 * quote is still the only amount ever charged.
 */
export interface PaymentCharge {
  /** Due today, in minor units of `currency` (0 when a trial starts). */
  amount: number;
  /** ISO 4217, upper case (`EUR`). */
  currency: string;
  /** How often it recurs. */
  interval: 'monthly' | 'yearly';
  /**
   * What the fields collect for: `subscription` (paid now, then each period), or `setup`
   * (a trial: the method is saved and nothing is charged today).
   */
  mode: 'subscription' | 'setup';
}

/** What the form gives the payment fields it hosts. */
export interface PaymentSlotValue {
  /** Registers the fields' handle; returns the function that unregisters it. */
  register(handle: PaymentFieldsHandle): () => void;
  /** Tells the form whether the fields show an error (for the form's summary alert). */
  reportInvalid(invalid: boolean): void;
  /** The last server result: its field errors and the values to refill (never card data). */
  state: PlanStepState;
  /** The form's text. */
  messages: PlanStepFormMessages;
  /** The page's locale (BCP 47), for plurals and numbers in the fields' messages. */
  locale?: string | undefined;
  /** Whether the host runs in test mode (the fields may show test data hints). */
  testMode: boolean;
  /** What Pay will charge, as the form shows it now. */
  charge?: PaymentCharge | undefined;
}

/** The context through which the plan-step form hosts a payment provider's fields. */
export const PaymentSlotContext = createContext<PaymentSlotValue | null>(null);

/** The payment slot the fields are rendered in; throws outside a plan-step form. */
export function usePaymentSlot(): PaymentSlotValue {
  const slot = useContext(PaymentSlotContext);
  if (!slot) {
    throw new InvalidArgumentError(
      'Payment fields must be rendered in the plan step’s payment slot.',
    );
  }
  return slot;
}
