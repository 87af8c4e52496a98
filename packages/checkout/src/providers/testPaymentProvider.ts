import { randomBytes } from 'node:crypto';

import { InvalidArgumentError } from '../errors/errors.js';
import type { SqlClient } from '../store/types.js';
import { passesLuhn } from '../validation/card.js';
import type {
  CreatePaymentInput,
  PaymentFailureCode,
  PaymentProvider,
  PaymentResult,
} from './types.js';

/** The card numbers the test provider knows, and what each one does (DESIGN.md). */
export const TEST_CARDS = {
  /** Succeeds. */
  success: '4242424242424242',
  /** Declined with `card_declined`. */
  declined: '4000000000000002',
  /** Declined with `insufficient_funds`. */
  insufficientFunds: '4000000000009995',
  /** Requires authentication (`requires_action`), then succeeds or fails on confirm. */
  authenticate: '4000002760003184',
} as const;

/** Options of {@link createTestPaymentProvider}. */
export interface TestPaymentProviderOptions {
  /**
   * A database to keep payments in. With it, every process sharing the database sees the
   * same payments, so an idempotency key charges once across host instances. Without it,
   * payments live in this process's memory.
   */
  ledger?: SqlClient;
  /**
   * Schema of the ledger table `test_provider_payments`; default `plankit`, the store's own
   * default, so the whole checkout lives in one schema.
   */
  schema?: string;
}

/** The built-in test provider, plus a counter tests use to prove "charged once". */
export type TestPaymentProvider = PaymentProvider & {
  /** How many payments (distinct idempotency keys) the provider has recorded. */
  countPayments(): Promise<number>;
};

type PaymentStatus = PaymentResult['status'];

/** What the provider keeps about one payment: never the card number or CVC. */
interface PaymentRecord {
  id: string;
  idempotencyKey: string;
  status: PaymentStatus;
  failureCode: PaymentFailureCode | null;
  amount: number;
  currency: string;
  cardLast4: string;
  cardBrand: string;
}

const FAILURE_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  authentication_failed: 'The cardholder did not authenticate the payment.',
  processing_error: 'The payment could not be processed.',
};

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The ledger's schema when none is given: the store's default, so the demo lives in one. */
const DEFAULT_LEDGER_SCHEMA = 'plankit';

/** Postgres error codes a concurrent `CREATE … IF NOT EXISTS` can still raise. */
const CONCURRENT_DDL_CODES = new Set(['23505', '42P07', '42P06']);

function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('base64url')}`;
}

/** The brand a card number belongs to, from its leading digits (enough for a receipt). */
function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** The first outcome of a card, as the test card table says. */
function outcomeOf(digits: string): {
  status: PaymentStatus;
  failureCode: PaymentFailureCode | null;
} {
  switch (digits) {
    case TEST_CARDS.success:
      return { status: 'succeeded', failureCode: null };
    case TEST_CARDS.declined:
      return { status: 'failed', failureCode: 'card_declined' };
    case TEST_CARDS.insufficientFunds:
      return { status: 'failed', failureCode: 'insufficient_funds' };
    case TEST_CARDS.authenticate:
      return { status: 'requires_action', failureCode: null };
    default:
      // A real processor declines a number that fails its checksum; any other valid
      // number is treated as a card with funds.
      return /^\d{12,19}$/.test(digits) && passesLuhn(digits)
        ? { status: 'succeeded', failureCode: null }
        : { status: 'failed', failureCode: 'card_declined' };
  }
}

function toResult(record: PaymentRecord): PaymentResult {
  switch (record.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentId: record.id };
    case 'requires_action':
      return { status: 'requires_action', paymentId: record.id, action: 'authenticate' };
    case 'failed': {
      const code = record.failureCode ?? 'processing_error';
      return { status: 'failed', paymentId: record.id, code, message: FAILURE_MESSAGES[code] };
    }
  }
}

/** Builds the record for a new payment; the card number is reduced to last 4 and brand. */
function newRecord(input: CreatePaymentInput): PaymentRecord {
  if (input.paymentMethod.type !== 'card') {
    throw new InvalidArgumentError(
      'The test payment provider takes card details, not processor tokens.',
    );
  }
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new InvalidArgumentError(
      'The test payment provider charges positive whole minor units only.',
    );
  }
  const digits = input.paymentMethod.card.number.replace(/\D/g, '');
  const outcome = outcomeOf(digits);
  return {
    id: newPaymentId(),
    idempotencyKey: input.idempotencyKey,
    status: outcome.status,
    failureCode: outcome.failureCode,
    amount: input.amount,
    currency: input.currency,
    cardLast4: digits.slice(-4),
    cardBrand: cardBrand(digits),
  };
}

/** Where payments are kept: memory or a SQL table. */
interface PaymentLedger {
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

function memoryLedger(): PaymentLedger {
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

function sqlLedger(db: SqlClient, schema: string): PaymentLedger {
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

/**
 * Creates the built-in test payment provider (id `test`), the embedded default. It
 * simulates a card processor with the well-known test cards:
 *
 * | card number        | outcome |
 * |--------------------|---------|
 * | `4242424242424242` | succeeds |
 * | `4000000000000002` | declined, `card_declined` |
 * | `4000000000009995` | declined, `insufficient_funds` |
 * | `4000002760003184` | `requires_action` (`authenticate`); `confirmPayment` approves or fails it (`authentication_failed`) |
 * | any other Luhn-valid number | succeeds |
 *
 * One idempotency key never yields two payments: with a `ledger` the table's unique key
 * enforces it across processes, otherwise an in-memory map does. Only the card's last four
 * digits and brand are kept; the number and CVC are never stored.
 */
export function createTestPaymentProvider(
  options: TestPaymentProviderOptions = {},
): TestPaymentProvider {
  const ledger = options.ledger
    ? sqlLedger(options.ledger, options.schema ?? DEFAULT_LEDGER_SCHEMA)
    : memoryLedger();

  return {
    id: 'test',
    async createPayment(input) {
      const record = await ledger.insertOrGet(newRecord(input));
      return toResult(record);
    },
    async confirmPayment(paymentId, authentication) {
      const existing = await ledger.get(paymentId);
      if (!existing) throw new Error(`Unknown test payment ${paymentId}.`);
      // A second confirmation (or one for a payment that never needed it) returns the
      // payment's final result instead of changing it.
      if (existing.status !== 'requires_action') return toResult(existing);
      const settled = authentication.approved
        ? await ledger.settle(paymentId, 'succeeded', null)
        : await ledger.settle(paymentId, 'failed', 'authentication_failed');
      if (!settled) throw new Error(`Unknown test payment ${paymentId}.`);
      return toResult(settled);
    },
    async findPayment(idempotencyKey) {
      const record = await ledger.getByKey(idempotencyKey);
      return record ? toResult(record) : null;
    },
    async retrievePayment(paymentId) {
      const record = await ledger.get(paymentId);
      return record ? toResult(record) : null;
    },
    countPayments: () => ledger.count(),
  };
}
