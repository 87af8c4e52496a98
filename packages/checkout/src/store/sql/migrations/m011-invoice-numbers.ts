import type { Migration } from './migration.js';

/**
 * Issue 22.4: every paid order gets an invoice number from a gap-free sequence per store
 * and calendar year (`INV-2026-000042`).
 *
 * The number is taken by a BEFORE INSERT trigger on `orders`, so every path that records a
 * payment (a checkout's completion, an engine's renewal, a provider's renewal, later a
 * proration charge) numbers it in the statement, and so the transaction, that writes it: a
 * statement that fails or matches nothing rolls its number back with it, which is what
 * keeps the sequence free of gaps. The counter is one row per year, taken with an upsert:
 * concurrent payments queue on that row until the first commits, so no two get the same
 * number. Years are UTC years of the store's clock, the order's own `created_at`.
 *
 * The prefix is the engine's (`invoicePrefix`, `PLANKIT_INVOICE_PREFIX`) and is stored with
 * the order: an invoice's number never changes once issued, whatever the configuration
 * says later. Orders paid before this step have no number.
 */
export const migration011: Migration = {
  version: 11,
  name: 'invoice numbers: a gap-free counter per calendar year, taken when an order is paid',
  sql: [
    `CREATE TABLE document_counters (
      year integer PRIMARY KEY,
      last_number integer NOT NULL CHECK (last_number > 0)
    )`,
    'ALTER TABLE orders ADD COLUMN invoice_prefix text',
    'ALTER TABLE orders ADD COLUMN invoice_number text UNIQUE',
    // The next number of the year of the store's clock, formatted with the prefix; six
    // digits at least (lpad alone would cut a seventh).
    `CREATE FUNCTION next_document_number(prefix text) RETURNS text
      LANGUAGE plpgsql SET search_path FROM CURRENT
      AS $$
      DECLARE
        this_year integer := extract(year FROM clock_now() AT TIME ZONE 'UTC')::integer;
        counter integer;
      BEGIN
        INSERT INTO document_counters AS c (year, last_number) VALUES (this_year, 1)
          ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
          RETURNING c.last_number INTO counter;
        RETURN prefix || this_year || '-' ||
          CASE WHEN counter > 999999 THEN counter::text ELSE lpad(counter::text, 6, '0') END;
      END
      $$`,
    `CREATE FUNCTION number_paid_order() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        NEW.invoice_number := next_document_number(NEW.invoice_prefix);
        RETURN NEW;
      END
      $$`,
    `CREATE TRIGGER orders_invoice_number
      BEFORE INSERT ON orders
      FOR EACH ROW WHEN (NEW.amount_paid > 0 AND NEW.invoice_prefix IS NOT NULL
        AND NEW.invoice_number IS NULL)
      EXECUTE FUNCTION number_paid_order()`,
  ],
};
