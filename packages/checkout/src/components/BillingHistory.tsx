import { formatDate } from '../messages/intlFormats.js';
import type { CompiledMessages } from '../messages/messages.js';
import { formatMoney } from '../pricing/formatMoney.js';
import type { BillingHistoryEntry } from '../views/types.js';

/** Props of {@link BillingHistory}. */
export interface BillingHistoryProps {
  entries: BillingHistoryEntry[];
  messages: CompiledMessages;
  locale?: string | undefined;
}

/**
 * The manage page's billing history: each charge and refund with its date, amount, invoice
 * or credit note number and a link to its receipt. A table, so a screen reader reads each
 * value with its column's heading.
 */
export function BillingHistory({ entries, messages, locale }: BillingHistoryProps) {
  if (entries.length === 0) return null;
  const kind = {
    purchase: messages.manageHistoryPurchase,
    renewal: messages.manageHistoryRenewal,
    plan_change: messages.manageHistoryPlanChange,
    refund: messages.manageHistoryRefund,
  };
  return (
    <section className="pk-history" aria-labelledby="pk-history-title">
      <h2 className="pk-section-title" id="pk-history-title">
        {messages.manageHistoryHeading}
      </h2>
      <table className="pk-history-table">
        <thead>
          <tr>
            <th scope="col">{messages.emailDate}</th>
            <th scope="col">{messages.manageHistoryKind}</th>
            <th scope="col">{messages.emailTotal}</th>
            <th scope="col">{messages.manageHistoryDocument}</th>
            <th scope="col">
              <span className="pk-visually-hidden">{messages.manageHistoryReceipt}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.kind}-${entry.date}-${entry.documentNumber ?? entry.amount}`}>
              <td>{formatDate(entry.date, locale)}</td>
              <td>{kind[entry.kind]}</td>
              <td>
                {entry.kind === 'refund' ? '−' : ''}
                {formatMoney(entry.amount, entry.currency, locale)}
              </td>
              <td>{entry.documentNumber ?? '—'}</td>
              <td>
                <a href={entry.receiptUrl}>{messages.manageHistoryReceipt}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
