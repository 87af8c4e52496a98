import type { CheckoutStore, SqlClient } from '../types.js';
import { disputeMethods } from './disputeMethods.js';
import { applyMigrations } from './migrations.js';
import { orderMethods } from './orderMethods.js';
import { outboxMethods } from './outboxMethods.js';
import { paymentMethodMethods } from './paymentMethodMethods.js';
import { providerMethods } from './providerMethods.js';
import { queryMethods } from './queryMethods.js';
import { refundMethods } from './refundMethods.js';
import { retentionMethods } from './retentionMethods.js';
import { scheduleMethods } from './scheduleMethods.js';
import { DEFAULT_SCHEMA, quoteSchema } from './schemaName.js';
import { sessionMethods } from './sessionMethods.js';
import { createStoreClock } from './sqlStoreClock.js';
import { tablesOf } from './statementParts.js';
import { subscriptionMethods } from './subscriptionMethods.js';
import { throttleMethods } from './throttleMethods.js';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** Postgres schema that holds the tables (default `plankit`). */
  schema?: string;
}

/**
 * A {@link CheckoutStore} over any {@link SqlClient} (PGlite or a Postgres pool).
 *
 * Every operation is one statement whose conditions come from the lifecycle table, so when
 * callers race, the database lets exactly one row change and the others see no row come
 * back. Nothing relies on process memory, so any number of host instances may share one
 * database; times are the database's.
 */
export function createSqlStore(client: SqlClient, options: SqlStoreOptions = {}): CheckoutStore {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const t = tablesOf(quoteSchema(schema));
  // One module per area of the interface; each builds its statements on the same tables.
  return {
    clock: createStoreClock(client, t),
    async migrate() {
      await applyMigrations(client, schema);
    },
    ...sessionMethods(client, t),
    ...subscriptionMethods(client, t),
    ...paymentMethodMethods(client, t),
    ...orderMethods(client, t),
    ...refundMethods(client, t),
    ...queryMethods(client, t),
    ...disputeMethods(client, t),
    ...throttleMethods(client, t),
    ...providerMethods(client, t),
    ...outboxMethods(client, t),
    ...retentionMethods(client, t),
    ...scheduleMethods(client, t),
    ...(client.listen
      ? {
          // emit_event notifies with the schema's name (migration 12).
          watchEvents: (onWritten: () => void) =>
            client.listen?.(
              'plankit_events',
              (payload) => {
                if (payload === schema) onWritten();
              },
              onWritten,
            ) ?? Promise.resolve(async () => {}),
        }
      : {}),
    close() {
      return client.close();
    },
  };
}
