import type { Migration } from './migration.js';

export const migration004: Migration = {
  version: 4,
  name: 'the lifecycle as data: states, a transition table and trigger, leases, the store clock',
  sql: [
    // The old statuses ('complete', and 'processing' + next_action, 'failed' +
    // outcome_unknown) become states of the lifecycle (lifecycle/sessionLifecycle.ts).
    'ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check',
    'ALTER TABLE checkout_sessions ADD COLUMN lease_until timestamptz, ADD COLUMN action_url text',
    `UPDATE checkout_sessions s SET status = CASE WHEN EXISTS (
        SELECT 1 FROM subscriptions sub WHERE sub.session_id = s.id AND sub.status = 'trialing'
      ) THEN 'trialing' ELSE 'paid' END
      WHERE status = 'complete'`,
    `UPDATE checkout_sessions SET status = 'requires_action'
      WHERE status = 'processing' AND next_action = 'authenticate'`,
    `UPDATE checkout_sessions SET lease_until = updated_at + interval '2 minutes'
      WHERE status = 'processing'`,
    // An unknown outcome is an attempt nobody holds: resumable at once under its key.
    `UPDATE checkout_sessions
      SET status = 'processing', lease_until = updated_at, failure_code = NULL,
          failure_message = NULL
      WHERE status = 'failed' AND failure_code = 'outcome_unknown'`,
    'ALTER TABLE checkout_sessions DROP COLUMN next_action, DROP COLUMN claim_token',
    `ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
      CHECK (status IN ('open', 'processing', 'requires_action', 'paid', 'trialing', 'failed',
        'expired', 'refunded', 'canceled'))`,
    'DROP INDEX checkout_sessions_expirable_idx',
    `CREATE INDEX checkout_sessions_expirable_idx ON checkout_sessions (expires_at)
      WHERE status IN ('open', 'failed', 'requires_action')`,
    'DROP INDEX checkout_sessions_unresolved_idx',
    `CREATE INDEX checkout_sessions_stale_idx ON checkout_sessions (lease_until)
      WHERE status = 'processing'`,
    // The store's clock: the database's now(), moved by the test clock in test mode.
    `CREATE TABLE clock (
      id integer PRIMARY KEY CHECK (id = 1),
      frozen_at timestamptz,
      offset_ms bigint NOT NULL DEFAULT 0
    )`,
    'INSERT INTO clock (id) VALUES (1)',
    // SET search_path FROM CURRENT: the body finds `clock` in this schema whatever the
    // caller's search_path is.
    `CREATE FUNCTION clock_now() RETURNS timestamptz LANGUAGE sql STABLE
      SET search_path FROM CURRENT
      AS $$ SELECT COALESCE(frozen_at, now() + offset_ms * interval '1 millisecond')
            FROM clock WHERE id = 1 $$`,
    // The lifecycle's transitions, rewritten from the TypeScript table on every migrate
    // (syncLifecycle below); the trigger refuses any status change not in it.
    `CREATE TABLE session_transitions (
      event text NOT NULL,
      from_status text NOT NULL,
      to_status text NOT NULL,
      PRIMARY KEY (from_status, event)
    )`,
    `CREATE FUNCTION check_session_transition() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.status <> 'open' AND NOT EXISTS (
            SELECT 1 FROM session_transitions WHERE from_status = 'open' AND to_status = NEW.status
          ) THEN
            RAISE EXCEPTION 'plankit: a checkout session cannot start in state %', NEW.status
              USING ERRCODE = 'check_violation';
          END IF;
        ELSIF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
          SELECT 1 FROM session_transitions
          WHERE from_status = OLD.status AND to_status = NEW.status
        ) THEN
          RAISE EXCEPTION 'plankit: forbidden checkout session transition % -> %',
            OLD.status, NEW.status USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END
      $$`,
    `CREATE TRIGGER checkout_sessions_lifecycle
      BEFORE INSERT OR UPDATE OF status ON checkout_sessions
      FOR EACH ROW EXECUTE FUNCTION check_session_transition()`,
  ],
};
