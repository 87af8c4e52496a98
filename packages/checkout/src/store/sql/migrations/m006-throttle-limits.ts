import type { Migration } from './migration.js';

export const migration006: Migration = {
  version: 6,
  name: 'card-testing limits per email; promo code guesses',
  sql: [
    // A keyed hash of the buyer's email (never the address itself), so declines are
    // counted per buyer across sessions and client addresses.
    'ALTER TABLE payment_failures ADD COLUMN email_key text',
    `CREATE INDEX payment_failures_email_at_idx ON payment_failures (email_key, at)
      WHERE email_key IS NOT NULL`,
    // Promo codes that did not exist or had expired, by client and by checkout key.
    `CREATE TABLE promo_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      client_key text,
      checkout_key text,
      at timestamptz NOT NULL
    )`,
    `CREATE INDEX promo_failures_client_at_idx ON promo_failures (client_key, at)
      WHERE client_key IS NOT NULL`,
    `CREATE INDEX promo_failures_checkout_at_idx ON promo_failures (checkout_key, at)
      WHERE checkout_key IS NOT NULL`,
  ],
};
