import type { CheckoutStore, SqlClient } from '../types.js';
import { oneSubscription } from './readRows.js';
import { type SubscriptionRow, toSubscription } from './rows.js';
import type { Tables } from './statementParts.js';
import {
  applyDuePlanChangesStatement,
  cancelAtPeriodEndStatement,
  cancelPendingChangeStatement,
  changeSubscriptionStatement,
  claimDueRenewalsStatement,
  endCanceledStatement,
  subscriptionEventStatement,
} from './subscriptionStatements.js';

/** The store's operations on subscriptions. */
export type SubscriptionMethods = Pick<
  CheckoutStore,
  | 'claimDueRenewals'
  | 'applySubscriptionEvent'
  | 'endCanceledSubscriptions'
  | 'setCancelAtPeriodEnd'
  | 'getSubscription'
  | 'getSubscriptionByProviderRef'
  | 'changeSubscription'
  | 'cancelPendingChange'
  | 'applyDuePlanChanges'
>;

/** Subscriptions: renewals claimed under a lease, their outcomes, cancel at period end. */
export function subscriptionMethods(client: SqlClient, t: Tables): SubscriptionMethods {
  return {
    async claimDueRenewals(limit, leaseMs) {
      const statement = claimDueRenewalsStatement(t, limit, leaseMs);
      const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
      return rows.map(toSubscription);
    },

    applySubscriptionEvent(update) {
      return oneSubscription(client, subscriptionEventStatement(t, update, crypto.randomUUID()));
    },

    async endCanceledSubscriptions() {
      const statement = endCanceledStatement(t);
      const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
      return rows.map(toSubscription);
    },

    setCancelAtPeriodEnd(subscriptionId, cancel) {
      return oneSubscription(client, cancelAtPeriodEndStatement(t, subscriptionId, cancel));
    },

    changeSubscription(input) {
      return oneSubscription(client, changeSubscriptionStatement(t, input));
    },

    cancelPendingChange(subscriptionId, changeId) {
      return oneSubscription(client, cancelPendingChangeStatement(t, subscriptionId, changeId));
    },

    async applyDuePlanChanges() {
      const statement = applyDuePlanChangesStatement(t);
      const { rows } = await client.query<SubscriptionRow>(statement.text, statement.values);
      return rows.map(toSubscription);
    },

    getSubscription(id) {
      return oneSubscription(client, {
        text: `SELECT * FROM ${t.subscriptions} WHERE id = $1`,
        values: [id],
      });
    },

    getSubscriptionByProviderRef(providerSubscriptionRef) {
      return oneSubscription(client, {
        text: `SELECT * FROM ${t.subscriptions} WHERE provider_subscription_ref = $1`,
        values: [providerSubscriptionRef],
      });
    },
  };
}
