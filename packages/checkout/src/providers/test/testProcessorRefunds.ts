// Refunds at the test processor: a table beside its intents, and on each refunded intent
// the amount refunded so far, so a refund is checked against what remains of that payment
// as a real processor checks it. One refund per idempotency key, as Stripe keeps them.

import type { SqlClient } from '../../store/types.js';
import type { RefundInput, RefundOutcome } from '../types.js';

/** Postgres error codes a concurrent `CREATE … IF NOT EXISTS` or a key race can raise. */
const RETRY_CODES = new Set(['23505', '42P07', '42P06', '42701']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

interface RefundRow {
  outcome: 'created' | 'known';
  id: string;
}

/** The test processor's refunds in `schema` (its intents' schema). */
export function createTestProcessorRefunds(
  db: SqlClient,
  schema: string,
  ledgerReady: () => Promise<void>,
) {
  const intents = `"${schema}".test_processor_intents`;
  const refunds = `"${schema}".test_processor_refunds`;
  const createTables = async () => {
    await ledgerReady();
    await db.query(
      `ALTER TABLE ${intents} ADD COLUMN IF NOT EXISTS amount_refunded bigint NOT NULL DEFAULT 0`,
    );
    await db.query(`CREATE TABLE IF NOT EXISTS ${refunds} (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      intent_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      reason text,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  };
  let ready: Promise<void> | null = null;
  const ensureTables = () => {
    ready ??= createTables()
      .catch((error: unknown) => {
        if (RETRY_CODES.has(codeOf(error) as string)) return createTables();
        throw error;
      })
      .catch((error: unknown) => {
        ready = null;
        throw error;
      });
    return ready;
  };

  const attempt = (input: RefundInput) =>
    db.query<RefundRow>(
      `WITH known AS (SELECT id FROM ${refunds} WHERE idempotency_key = $1),
      taken AS (
        UPDATE ${intents} SET amount_refunded = amount_refunded + $3, updated_at = now()
        WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM known) AND kind IN ('payment', 'charge')
          AND status = 'succeeded' AND lower(currency) = lower($4)
          AND amount - amount_refunded >= $3
        RETURNING id
      ),
      ins AS (
        INSERT INTO ${refunds} (id, idempotency_key, intent_id, amount, currency, reason, metadata)
        SELECT $6, $1, taken.id, $3, $4, $5, $7::jsonb FROM taken
        RETURNING id
      )
      SELECT 'created' AS outcome, id FROM ins UNION ALL SELECT 'known' AS outcome, id FROM known`,
      [
        input.idempotencyKey,
        input.paymentId,
        input.amount,
        input.currency,
        input.reason,
        `re_test_${crypto.randomUUID().replaceAll('-', '')}`,
        JSON.stringify(input.metadata),
      ],
    );

  /** Why a refund was refused, in the words a processor would use. */
  const refusal = async (input: RefundInput): Promise<string> => {
    const { rows } = await db.query<{
      kind: string;
      status: string;
      currency: string;
      amount: number | string;
      amount_refunded: number | string;
    }>(`SELECT kind, status, currency, amount, amount_refunded FROM ${intents} WHERE id = $1`, [
      input.paymentId,
    ]);
    const intent = rows[0];
    if (!intent || intent.kind === 'setup') return `No such payment: ${input.paymentId}.`;
    if (intent.status !== 'succeeded') return 'The payment was not charged.';
    if (intent.currency.toLowerCase() !== input.currency.toLowerCase()) {
      return `The payment is in ${intent.currency}, not ${input.currency}.`;
    }
    const remaining = Number(intent.amount) - Number(intent.amount_refunded);
    return remaining > 0
      ? `The refund is more than remains of the payment (${remaining}).`
      : 'The payment was refunded in full already.';
  };

  return {
    /** Refunds (part of) a succeeded payment or charge, once per key. */
    async refund(input: RefundInput): Promise<RefundOutcome> {
      await ensureTables();
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(input);
      } catch (error) {
        // Two requests with one key at once: the second sees the first's refund.
        if (codeOf(error) !== '23505') throw error;
        result = await attempt(input);
      }
      const row = result.rows[0];
      if (row) return { status: 'succeeded', refundRef: row.id };
      return { status: 'failed', refundRef: null, message: await refusal(input) };
    },

    /** How much of a payment was refunded (tests prove "refunded once" with it). */
    async refundedOf(paymentId: string): Promise<number> {
      await ensureTables();
      const { rows } = await db.query<{ n: number | string | null }>(
        `SELECT sum(amount) AS n FROM ${refunds} WHERE intent_id = $1`,
        [paymentId],
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** The test processor's refunds. */
export type TestProcessorRefunds = ReturnType<typeof createTestProcessorRefunds>;
