import type { Migration } from './migration.js';

/**
 * Issue 20: every time the store keeps has JavaScript's precision (milliseconds).
 *
 * Conditional updates name a time they read (a renewal applies "while the period still ends
 * at T"). PostgreSQL's clock has microseconds, a JavaScript `Date` only milliseconds: a time
 * the database wrote, read into a `Date` and sent back, matched no row, so on PostgreSQL every
 * renewal was charged and never recorded. Both sides now have the same precision when they
 * are written: the store's clock is truncated to milliseconds, and every `timestamptz`
 * column is `timestamptz(3)`, so whatever writes it (a default's `now()` included) stores
 * milliseconds. `createSqlStore.test.ts` fails on any column of the schema that is not.
 *
 * Existing values are truncated, not rounded: a renewal charged under the key
 * `{subscription}:{period end as JavaScript read it}:{attempt}` is asked for again under the
 * same key after this step, so the processor answers with the charge it already made.
 */
export const migration009: Migration = {
  version: 9,
  name: 'times in milliseconds: the store clock and every timestamptz column',
  sql: [
    `CREATE OR REPLACE FUNCTION clock_now() RETURNS timestamptz LANGUAGE sql STABLE
      SET search_path FROM CURRENT
      AS $$ SELECT date_trunc('milliseconds',
              COALESCE(frozen_at, now() + offset_ms * interval '1 millisecond'))
            FROM clock WHERE id = 1 $$`,
    // A column named in a trigger's WHEN cannot change type: the trigger is made again below,
    // as migration 7 made it.
    'DROP TRIGGER subscriptions_events ON subscriptions',
    // One ALTER TABLE per table (one rewrite), for every timestamptz column of this schema
    // without millisecond precision.
    `DO $$
      DECLARE
        target record;
      BEGIN
        FOR target IN
          SELECT c.table_name, string_agg(format(
              'ALTER COLUMN %I TYPE timestamptz(3) USING date_trunc(''milliseconds'', %I)',
              c.column_name, c.column_name), ', ') AS changes
            FROM information_schema.columns c
            JOIN information_schema.tables tb
              ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
              AND c.data_type = 'timestamp with time zone'
              AND c.datetime_precision IS DISTINCT FROM 3
            GROUP BY c.table_name
        LOOP
          EXECUTE format('ALTER TABLE %I %s', target.table_name, target.changes);
        END LOOP;
      END
      $$`,
    // Leases and retry times change often and report nothing.
    `CREATE TRIGGER subscriptions_events
      AFTER UPDATE ON subscriptions
      FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status
        OR NEW.current_period_end IS DISTINCT FROM OLD.current_period_end
        OR NEW.cancel_at_period_end IS DISTINCT FROM OLD.cancel_at_period_end)
      EXECUTE FUNCTION subscription_events()`,
  ],
};
