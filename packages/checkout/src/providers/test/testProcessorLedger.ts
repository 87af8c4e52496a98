// Where the test processor keeps payment methods and intents: two tables in a database
// (the store's own, by default), so every host process sees the same payments and one
// idempotency key makes one intent across them. Each operation is one statement. Never the
// card number or CVC: a payment method is its brand, last four digits, expiry and test
// behaviour.

import { InvalidArgumentError } from '../../errors/errors.js';
import type { SqlClient } from '../../store/types.js';
import type { CheckedCard } from './testCards.js';
import { type IntentKind, type IntentStatus, outcomeRowsSql } from './testProcessorOutcomes.js';

/** A stored intent, joined with its payment method's summary. */
export interface IntentRecord {
  id: string;
  idempotencyKey: string;
  kind: IntentKind;
  amount: number;
  currency: string;
  description: string;
  status: IntentStatus;
  paymentMethodId: string | null;
  lastError: string | null;
  customerRef: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  saveMethod: boolean;
  /**
   * Paid on the processor's hosted page: a refused card leaves it open for another one,
   * and only that page may pay it.
   */
  hosted: boolean;
  metadata: Record<string, string>;
  card: { brand: string; last4: string } | null;
}

/** A new intent (its id and customer are made by the caller). */
export interface NewIntent {
  id: string;
  idempotencyKey: string;
  kind: IntentKind;
  amount: number;
  currency: string;
  description: string;
  customerRef: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  saveMethod: boolean;
  /** Paid on the hosted page (see {@link IntentRecord.hosted}). */
  hosted?: boolean;
  metadata: Record<string, string>;
  /** For a charge of a saved method: that method (it must belong to `customerRef`). */
  paymentMethodId?: string;
}

interface IntentRow {
  id: string;
  idempotency_key: string;
  kind: IntentKind;
  amount: number | string;
  currency: string;
  description: string;
  status: IntentStatus;
  payment_method_id: string | null;
  last_error: string | null;
  customer_ref: string;
  return_url: string | null;
  cancel_url: string | null;
  save_method: boolean;
  hosted: boolean;
  metadata: Record<string, string> | string;
  brand: string | null;
  last4: string | null;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Postgres error codes a concurrent `CREATE … IF NOT EXISTS` can still raise. */
const CONCURRENT_DDL_CODES = new Set(['23505', '42P07', '42P06']);

function toIntent(row: IntentRow): IntentRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    status: row.status,
    paymentMethodId: row.payment_method_id,
    lastError: row.last_error,
    customerRef: row.customer_ref,
    returnUrl: row.return_url,
    cancelUrl: row.cancel_url,
    saveMethod: row.save_method,
    hosted: row.hosted,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
  };
}

/** The test processor's tables in `schema` of `db`. */
export function createTestProcessorLedger(db: SqlClient, schema: string) {
  if (!SCHEMA_NAME.test(schema)) {
    throw new InvalidArgumentError(`Invalid test processor schema "${schema}".`);
  }
  const methods = `"${schema}".test_processor_payment_methods`;
  const intents = `"${schema}".test_processor_intents`;
  // An intent with its method's summary, from the row an UPDATE or INSERT returned.
  const withCard = (source: string) =>
    `SELECT s.*, pm.brand, pm.last4 FROM ${source} s
      LEFT JOIN ${methods} pm ON pm.id = s.payment_method_id`;

  const createTables = async () => {
    await db.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await db.query(`CREATE TABLE IF NOT EXISTS ${methods} (
      id text PRIMARY KEY,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      behaviour text NOT NULL,
      customer_ref text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query(`CREATE TABLE IF NOT EXISTS ${intents} (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('payment', 'setup', 'charge')),
      amount bigint NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      description text NOT NULL,
      status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action',
        'processing', 'succeeded', 'canceled')),
      payment_method_id text,
      last_error text,
      customer_ref text NOT NULL,
      return_url text,
      cancel_url text,
      save_method boolean NOT NULL DEFAULT false,
      hosted boolean NOT NULL DEFAULT false,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  };
  let ready: Promise<void> | null = null;
  // Created on first use. Two processes running `IF NOT EXISTS` at once can still collide
  // on the catalog's unique index (a known Postgres race): one retry sees the other's table.
  const ensureTables = () => {
    ready ??= createTables()
      .catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && CONCURRENT_DDL_CODES.has(code)) return createTables();
        throw error;
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };
  const one = async (text: string, params: readonly unknown[]): Promise<IntentRecord | null> => {
    await ensureTables();
    const { rows } = await db.query<IntentRow>(text, params);
    return rows[0] ? toIntent(rows[0]) : null;
  };

  return {
    /** Creates the tables when they are missing (every operation does it first). */
    ready: ensureTables,

    async addPaymentMethod(id: string, card: CheckedCard): Promise<void> {
      await ensureTables();
      await db.query(
        `INSERT INTO ${methods} (id, brand, last4, exp_month, exp_year, behaviour)
          VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour],
      );
    },

    /** Inserts unless the key exists; the stored intent either way (a no-op update returns it). */
    createIntent(intent: NewIntent): Promise<IntentRecord | null> {
      return one(
        `WITH ins AS (
          INSERT INTO ${intents} (id, idempotency_key, kind, amount, currency, description,
              status, customer_ref, return_url, cancel_url, save_method, hosted, metadata)
            VALUES ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7, $8, $9, $10, $11,
              $12::jsonb)
            ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
            RETURNING *
        ) ${withCard('ins')}`,
        [
          intent.id,
          intent.idempotencyKey,
          intent.kind,
          intent.amount,
          intent.currency,
          intent.description,
          intent.customerRef,
          intent.returnUrl,
          intent.cancelUrl,
          intent.saveMethod,
          intent.hosted ?? false,
          JSON.stringify(intent.metadata),
        ],
      );
    },

    get(id: string): Promise<IntentRecord | null> {
      return one(`${withCard(`(SELECT * FROM ${intents} WHERE id = $1)`)}`, [id]);
    },

    /**
     * Confirms an intent waiting for a method with `paymentMethodId`: the outcome comes from
     * the card's behaviour (testProcessorOutcomes.ts); a saved setup attaches the method to
     * the intent's customer. An intent past that stage is returned as it is; null when the
     * intent or the method is unknown.
     */
    confirm(id: string, paymentMethodId: string): Promise<IntentRecord | null> {
      return one(
        `WITH rules (kind, behaviour, status, error) AS (VALUES ${outcomeRowsSql()}),
        upd AS (
          UPDATE ${intents} i SET status = r.status, last_error = r.error,
              payment_method_id = pm.id, updated_at = now()
            FROM ${methods} pm, rules r
            WHERE i.id = $1 AND pm.id = $2 AND i.status = 'requires_payment_method'
              AND r.kind = i.kind AND r.behaviour = pm.behaviour
              -- A method saved to another customer is not this buyer's to use.
              AND (pm.customer_ref IS NULL OR pm.customer_ref = i.customer_ref)
            RETURNING i.*
        ),
        attached AS (
          UPDATE ${methods} pm SET customer_ref = upd.customer_ref FROM upd
            WHERE pm.id = upd.payment_method_id AND upd.save_method AND upd.status = 'succeeded'
        ),
        current AS (
          SELECT * FROM upd
          UNION ALL
          SELECT * FROM ${intents} WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM upd)
            AND EXISTS (SELECT 1 FROM ${methods} WHERE id = $2)
        ) ${withCard('current')}`,
        [id, paymentMethodId],
      );
    },

    /** The buyer's decision at the test bank: moves `requires_action` on, once. */
    decide(id: string, approved: boolean): Promise<IntentRecord | null> {
      return one(
        `WITH upd AS (
          UPDATE ${intents} SET
              status = CASE WHEN $2::boolean THEN 'succeeded' ELSE 'requires_payment_method' END,
              last_error = CASE WHEN $2::boolean THEN NULL ELSE 'authentication_failed' END,
              updated_at = now()
            WHERE id = $1 AND status = 'requires_action'
            RETURNING *
        ),
        attached AS (
          UPDATE ${methods} pm SET customer_ref = upd.customer_ref FROM upd
            WHERE pm.id = upd.payment_method_id AND upd.save_method AND upd.status = 'succeeded'
        ),
        current AS (
          SELECT * FROM upd
          UNION ALL SELECT * FROM ${intents} WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM upd)
        ) ${withCard('current')}`,
        [id, approved],
      );
    },

    /** Cancels an intent nobody finished; one that succeeded stays succeeded. */
    cancel(id: string): Promise<IntentRecord | null> {
      return one(
        `WITH upd AS (
          UPDATE ${intents} SET status = 'canceled', updated_at = now()
            WHERE id = $1 AND status IN ('requires_payment_method', 'requires_action')
            RETURNING *
        ),
        current AS (
          SELECT * FROM upd
          UNION ALL SELECT * FROM ${intents} WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM upd)
        ) ${withCard('current')}`,
        [id],
      );
    },

    /**
     * Charges a saved method of the customer, once per key: the outcome comes from the card's
     * behaviour. Null when the method is not saved to that customer.
     */
    charge(intent: NewIntent): Promise<IntentRecord | null> {
      return one(
        `WITH rules (kind, behaviour, status, error) AS (VALUES ${outcomeRowsSql()}),
        ins AS (
          INSERT INTO ${intents} (id, idempotency_key, kind, amount, currency, description,
              status, last_error, payment_method_id, customer_ref, save_method, metadata)
            SELECT $1, $2, 'charge', $3, $4, $5, r.status, r.error, pm.id, $6, false, $8::jsonb
              FROM ${methods} pm JOIN rules r ON r.kind = 'charge' AND r.behaviour = pm.behaviour
              WHERE pm.id = $7 AND pm.customer_ref = $6
            ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
            RETURNING *
        ) ${withCard('ins')}`,
        [
          intent.id,
          intent.idempotencyKey,
          intent.amount,
          intent.currency,
          intent.description,
          intent.customerRef,
          intent.paymentMethodId ?? null,
          JSON.stringify(intent.metadata),
        ],
      );
    },

    /** Makes a saved method decline from now on (tests of failed renewals). */
    async declineFromNowOn(paymentMethodId: string): Promise<void> {
      await ensureTables();
      await db.query(`UPDATE ${methods} SET behaviour = 'declines_after_saving' WHERE id = $1`, [
        paymentMethodId,
      ]);
    },

    /** How many intents of a kind were made (tests prove "charged once" with it). */
    async count(kind?: IntentKind): Promise<number> {
      await ensureTables();
      const { rows } = await db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM ${intents} WHERE $1::text IS NULL OR kind = $1`,
        [kind ?? null],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** How many intents of a kind succeeded (money taken, or a method saved). */
    async countSucceeded(kind: IntentKind): Promise<number> {
      await ensureTables();
      const { rows } = await db.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM ${intents} WHERE kind = $1 AND status = 'succeeded'`,
        [kind],
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** The test processor's storage. */
export type TestProcessorLedger = ReturnType<typeof createTestProcessorLedger>;
