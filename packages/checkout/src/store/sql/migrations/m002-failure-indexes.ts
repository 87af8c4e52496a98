import type { Migration } from './migration.js';

export const migration002: Migration = {
  version: 2,
  name: 'all recent payment failures (card-testing backstop), unresolved payments',
  sql: [
    'CREATE INDEX payment_failures_at_idx ON payment_failures (at)',
    `CREATE INDEX checkout_sessions_unresolved_idx ON checkout_sessions (updated_at)
      WHERE status IN ('processing', 'failed')`,
  ],
};
