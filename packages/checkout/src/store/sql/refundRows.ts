// Refund rows as the drivers (or `to_jsonb`) return them, and their mapping to `Refund`.

import type { Refund } from '../types.js';
import { toDate, toNumber } from './rows.js';

export interface RefundRow {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  reason: string | null;
  status: Refund['status'];
  source: Refund['source'];
  provider_refund_id: string | null;
  failure_message: string | null;
  credit_note_number: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.order_id,
    amount: toNumber(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    source: row.source,
    providerRefundId: row.provider_refund_id,
    failureMessage: row.failure_message,
    creditNoteNumber: row.credit_note_number,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
