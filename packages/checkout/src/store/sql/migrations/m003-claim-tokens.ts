import type { Migration } from './migration.js';

export const migration003: Migration = {
  version: 3,
  name: 'claim tokens: only the request holding a session records its outcome',
  sql: ['ALTER TABLE checkout_sessions ADD COLUMN claim_token text'],
};
