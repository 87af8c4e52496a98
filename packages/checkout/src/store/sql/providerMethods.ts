import type { CheckoutStore, SqlClient } from '../types.js';
import type { Tables } from './statementParts.js';

/** The store's records about the payment provider. */
export type ProviderMethods = Pick<
  CheckoutStore,
  'recordProviderEvent' | 'hasProviderEvent' | 'activeProvider' | 'setActiveProvider'
>;

/** The provider's webhook events handled so far, and which provider the engines run with. */
export function providerMethods(client: SqlClient, t: Tables): ProviderMethods {
  return {
    async recordProviderEvent(provider, eventId) {
      const { affectedRows } = await client.query(
        // On the store's clock, as retention measures its age.
        `INSERT INTO ${t.providerEvents} (provider, event_id, received_at) VALUES ($1, $2, ${t.now})
          ON CONFLICT DO NOTHING`,
        [provider, eventId],
      );
      return affectedRows > 0;
    },

    async hasProviderEvent(provider, eventId) {
      const { rows } = await client.query(
        `SELECT 1 FROM ${t.providerEvents} WHERE provider = $1 AND event_id = $2`,
        [provider, eventId],
      );
      return rows.length > 0;
    },

    async activeProvider() {
      const { rows } = await client.query<{ provider_id: string | null }>(
        `SELECT provider_id FROM ${t.clock} WHERE id = 1`,
      );
      return rows[0]?.provider_id ?? null;
    },

    async setActiveProvider(providerId) {
      await client.query(`UPDATE ${t.clock} SET provider_id = $1 WHERE id = 1`, [providerId]);
    },
  };
}
