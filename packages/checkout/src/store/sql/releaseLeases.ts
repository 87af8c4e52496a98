import type { SqlClient } from '../types.js';
import { quoteSchema } from './schemaName.js';
import { tablesOf } from './statementParts.js';

/**
 * Ends every lease in the store: delivery claims, renewal claims and payment attempts'
 * leases (the attempts become stale, so the sweep resumes them under their own keys).
 *
 * Only for a store that one process owns, which PGlite's folder lock proves: a lease there
 * can only be held by a process that died (a crash, `kill -9`), and without this a delivery
 * it had claimed would wait out its lease (two minutes) after a restart. Never on a shared
 * PostgreSQL: other hosts hold live leases there.
 */
export async function releaseLeasesOfDeadOwner(client: SqlClient, schema: string): Promise<void> {
  const t = tablesOf(quoteSchema(schema));
  await client.transaction(async (tx) => {
    await tx.query(
      `UPDATE ${t.eventDeliveries} SET lease_until = NULL
        WHERE status = 'pending' AND lease_until > ${t.now}`,
    );
    await tx.query(`UPDATE ${t.subscriptions} SET lease_until = NULL WHERE lease_until > ${t.now}`);
    await tx.query(
      `UPDATE ${t.sessions} SET lease_until = ${t.now}
        WHERE status = 'processing' AND lease_until > ${t.now}`,
    );
  });
}
