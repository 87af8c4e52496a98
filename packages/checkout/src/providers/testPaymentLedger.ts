import { InvalidArgumentError } from '../errors/errors.js';
import type { SqlClient } from '../store/types.js';
import type { PaymentFailureCode, PaymentResult } from './types.js';

// Where the test provider keeps its payments: this process's memory, or a table in the
// store's database so that every host process sees the same payments (and one idempotency
// key charges once across them). Never the card number or CVC.

/** A payment's status at the test provider. */
export type PaymentStatus = PaymentResult['status'];

/** What the provider keeps about one payment: never the card number or CVC. */
export interface PaymentRecord {
  id: string;
  idempotencyKey: string;
  status: PaymentStatus;
  failureCode: PaymentFailureCode | null;
  amount: number;
  currency: string;
  cardLast4: string;
  cardBrand: string;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The ledger's schema when none is given: the store's default, so the demo lives in one. */
export const DEFAULT_LEDGER_SCHEMA = 'plankit';

/** Postgres error codes a concurrent `CREATE … IF NOT EXISTS` can still raise. */
const CONCURRENT_DDL_CODES = new Set(['23505', '42P07', '42P06']);

/** Where payments are kept: memory or a SQL table. */
export interface PaymentLedger {
  /** Inserts unless the key exists; returns the stored record for the key either way. */
  insertOrGet(record: PaymentRecord): Promise<PaymentRecord>;
  get(id: string): Promise<PaymentRecord | null>;
  getByKey(idempotencyKey: string): Promise<PaymentRecord | null>;
  /** Moves `requires_action → status` once; returns the stored record afterwards. */
  settle(
    id: string,
    status: PaymentStatus,
    failureCode: PaymentFailureCode | null,
  ): Promise<PaymentRecord | null>;
  count(): Promise<number>;
}

export function memoryLedger(): PaymentLedger {
  const byKey = new Map<string, PaymentRecord>();
  const byId = new Map<string, PaymentRecord>();
  return {
    // Check and set happen in one synchronous step, so concurrent calls cannot both insert.
    async insertOrGet(record) {
      const existing = byKey.get(record.idempotencyKey);
      if (existing) return { ...existing };
      byKey.set(record.idempotencyKey, record);
      byId.set(record.id, record);
      return { ...record };
    },
    async get(id) {
      const record = byId.get(id);
      return record ? { ...record } : null;
    },
    async getByKey(idempotencyKey) {
      const record = byKey.get(idempotencyKey);
      return record ? { ...record } : null;
    },
    async settle(id, status, failureCode) {
      const record = byId.get(id);
      if (!record) return null;
      if (record.status === 'requires_action') {
        record.status = status;
        record.failureCode = failureCode;
      }
      return { ...record };
    },
    async count() {
      return byKey.size;
    },
  };
}

interface PaymentRow {
  id: string;
  idempotency_key: string;
  status: PaymentStatus;
  failure_code: PaymentFailureCode | null;
  amount: number | string;
  currency: string;
  card_last4: string;
  card_brand: string;
}

function fromRow(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    failureCode: row.failure_code,
    amount: Number(row.amount),
    currency: row.currency,
    cardLast4: row.card_last4,
    cardBrand: row.card_brand,
  };
}

export function sqlLedger(db: SqlClient, schema: string): PaymentLedger {
  if (!SCHEMA_NAME.test(schema)) {
    throw new InvalidArgumentError(
      `Invalid ledger schema name "${schema}": use letters, digits and "_".`,
    );
  }
  const table = `"${schema}".test_provider_payments`;
  const columns =
    'id, idempotency_key, status, failure_code, amount, currency, card_last4, card_brand';
  let ready: Promise<void> | null = null;

  const createTable = async () => {
    await db.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('succeeded', 'requires_action', 'failed')),
        failure_code text,
        amount bigint NOT NULL,
        currency text NOT NULL,
        card_last4 text NOT NULL,
        card_brand text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  };

  // Created on first use. Two processes running `IF NOT EXISTS` at the same moment can
  // still collide on the catalog's unique index (a known Postgres race), so one retry
  // after such an error sees the other's table.
  const ensureTable = () => {
    ready ??= createTable()
      .catch(async (error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && CONCURRENT_DDL_CODES.has(code)) return createTable();
        throw error;
      })
      .catch((error: unknown) => {
        ready = null; // let a later call try again (e.g. the database was briefly down)
        throw error;
      });
    return ready;
  };

  const get = async (id: string) => {
    await ensureTable();
    const { rows } = await db.query<PaymentRow>(`SELECT ${columns} FROM ${table} WHERE id = $1`, [
      id,
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  };

  const getByKey = async (idempotencyKey: string) => {
    await ensureTable();
    const { rows } = await db.query<PaymentRow>(
      `SELECT ${columns} FROM ${table} WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  };

  return {
    async insertOrGet(record) {
      await ensureTable();
      // One statement: a no-op update on conflict makes RETURNING give the stored row.
      const { rows } = await db.query<PaymentRow>(
        `INSERT INTO ${table} (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING ${columns}`,
        [
          record.id,
          record.idempotencyKey,
          record.status,
          record.failureCode,
          record.amount,
          record.currency,
          record.cardLast4,
          record.cardBrand,
        ],
      );
      const stored = rows[0];
      if (!stored) throw new Error('The test provider ledger lost a payment it just wrote.');
      return fromRow(stored);
    },
    get,
    getByKey,
    async settle(id, status, failureCode) {
      await ensureTable();
      // Conditional update: of two concurrent confirmations only the first changes the row;
      // both then read the same final state.
      await db.query(
        `UPDATE ${table} SET status = $2, failure_code = $3, updated_at = now()
         WHERE id = $1 AND status = 'requires_action'`,
        [id, status, failureCode],
      );
      return get(id);
    },
    async count() {
      await ensureTable();
      const { rows } = await db.query<{ count: number | string }>(
        `SELECT count(*) AS count FROM ${table}`,
      );
      return Number(rows[0]?.count ?? 0);
    },
  };
}
