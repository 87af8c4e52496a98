import type { Migration } from './migration.js';

// The event types sent by email when this step was written, inlined (a released step never
// changes; migration 12 keeps the list in a table).
const EMAIL_TYPES =
  "'order.paid', 'subscription.renewed', 'subscription.past_due', 'subscription.canceled'";

/**
 * Issue 24.2: retention deletes old events and checkouts that never completed.
 *
 * An event's version was its object's highest stored version plus one, so deleting an
 * object's old events would have started its versions again at 1, and a receiver that
 * drops what it has seen (`version` ≤ the last one) would have dropped the next renewal of
 * a long-lived subscription. Each object's last version now lives in `event_objects`, one
 * small row per object, which outlives the events themselves.
 */
export const migration010: Migration = {
  version: 10,
  name: 'retention: last event version per object, indexes for pruning by age',
  sql: [
    `CREATE TABLE event_objects (
      object_id text PRIMARY KEY,
      version integer NOT NULL CHECK (version > 0)
    )`,
    `INSERT INTO event_objects (object_id, version)
      SELECT object_id, max(version) FROM events GROUP BY object_id`,
    // The version comes from one upsert, atomic on its own: two writers about one object
    // get consecutive versions whatever locks they hold.
    `CREATE OR REPLACE FUNCTION emit_event(event_type text, object text, body jsonb) RETURNS void
      LANGUAGE plpgsql SET search_path FROM CURRENT
      AS $$
      DECLARE
        event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
        at timestamptz := clock_now();
        next_version integer;
      BEGIN
        INSERT INTO event_objects AS o (object_id, version) VALUES (object, 1)
          ON CONFLICT (object_id) DO UPDATE SET version = o.version + 1
          RETURNING o.version INTO next_version;
        INSERT INTO events (id, type, object_id, version, payload, created_at)
          VALUES (event_id, event_type, object, next_version, body, at);
        INSERT INTO event_deliveries (event_id, channel, next_attempt_at)
          SELECT event_id, c.channel, at FROM event_channels c
          WHERE c.channel <> 'email' OR event_type IN (${EMAIL_TYPES});
      END
      $$`,
    // Checkouts that ended without an order, oldest end first (the states of
    // ENDED_UNPAID_STATES in lifecycle/sessionLifecycle.ts when this step was written).
    `CREATE INDEX checkout_sessions_ended_idx ON checkout_sessions (updated_at)
      WHERE status IN ('expired', 'canceled')`,
    'CREATE INDEX promo_failures_at_idx ON promo_failures (at)',
    'CREATE INDEX provider_events_received_idx ON provider_events (received_at)',
  ],
};
