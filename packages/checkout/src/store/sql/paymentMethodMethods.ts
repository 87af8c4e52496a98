import type { CheckoutStore, SqlClient } from '../types.js';
import {
  claimPastDueStatement,
  paymentMethodIntentStatement,
  setPaymentMethodStatement,
} from './paymentMethodStatements.js';
import { oneSubscription } from './readRows.js';
import type { Tables } from './statementParts.js';

/** The store's operations for replacing a subscription's card. */
export type PaymentMethodMethods = Pick<
  CheckoutStore,
  'recordPaymentMethodIntent' | 'setSubscriptionPaymentMethod' | 'claimPastDueRenewal'
>;

/** A subscription's card: the intent saving a new one, the card, a past-due retry's claim. */
export function paymentMethodMethods(client: SqlClient, t: Tables): PaymentMethodMethods {
  return {
    recordPaymentMethodIntent(subscriptionId, intentId) {
      return oneSubscription(client, paymentMethodIntentStatement(t, subscriptionId, intentId));
    },
    setSubscriptionPaymentMethod(update) {
      return oneSubscription(client, setPaymentMethodStatement(t, update));
    },
    claimPastDueRenewal(subscriptionId, leaseMs) {
      return oneSubscription(client, claimPastDueStatement(t, subscriptionId, leaseMs));
    },
  };
}
