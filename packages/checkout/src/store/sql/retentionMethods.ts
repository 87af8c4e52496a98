import { StoreError } from '../../errors/errors.js';
import type { CheckoutStore, PruneReport, SqlClient } from '../types.js';
import { countDueStatement, pruneStatement } from './retentionStatements.js';
import { toNumber } from './rows.js';
import type { Tables } from './statementParts.js';

/** The store's retention. */
export type RetentionMethods = Required<Pick<CheckoutStore, 'prune'>>;

type Count = number | string;

interface PruneRow {
  events: Count;
  deliveries: Count;
  attempts: Count;
  sessions: Count;
  failures: Count;
  provider_events: Count;
}

/** Retention: deletes, in batches, what is old enough and never needed again. */
export function retentionMethods(client: SqlClient, t: Tables): RetentionMethods {
  return {
    async prune(policy): Promise<PruneReport> {
      const statement = policy.dryRun ? countDueStatement(t, policy) : pruneStatement(t, policy);
      const { rows } = await client.query<PruneRow>(statement.text, statement.values);
      const row = rows[0];
      if (!row) throw new StoreError('prune');
      return {
        events: toNumber(row.events),
        deliveries: toNumber(row.deliveries),
        attempts: toNumber(row.attempts),
        sessions: toNumber(row.sessions),
        failures: toNumber(row.failures),
        providerEvents: toNumber(row.provider_events),
      };
    },
  };
}
