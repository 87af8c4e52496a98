import { randomBytes } from 'node:crypto';

import { InvalidArgumentError } from '../errors/errors.js';
import type { SqlClient } from '../store/types.js';
import { passesLuhn } from '../validation/card.js';
import {
  DEFAULT_LEDGER_SCHEMA,
  memoryLedger,
  type PaymentRecord,
  type PaymentStatus,
  sqlLedger,
} from './testPaymentLedger.js';
import type {
  CreatePaymentInput,
  PaymentFailureCode,
  PaymentProvider,
  PaymentResult,
} from './types.js';

/** The card numbers the test provider knows, and what each one does (the README's test card table). */
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

const FAILURE_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  authentication_failed: 'The cardholder did not authenticate the payment.',
  processing_error: 'The payment could not be processed.',
};

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
