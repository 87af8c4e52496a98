import type { Migration } from './migration.js';

export const migration008: Migration = {
  version: 8,
  name: 'business buyers: company, VAT ID and its check, billing address',
  sql: [
    // One jsonb per session and its order (BusinessBuyer): a consumer has none. Whether the
    // sale was reverse charged, and both VAT IDs, are in the session's quote.
    'ALTER TABLE checkout_sessions ADD COLUMN business jsonb',
    'ALTER TABLE orders ADD COLUMN business jsonb',
  ],
};
