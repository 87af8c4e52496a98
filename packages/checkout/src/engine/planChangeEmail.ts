// The buyer's email for a plan change (`subscription.updated` with a `change`, issue 22.1):
// the new terms, what was charged now (with the proration's receipt) or credited, or the
// date a scheduled change takes effect, in the checkout's language. Cancel and resume
// (`subscription.updated` without a change) and an undone change send nothing.

import type { SubscriptionUpdatedData } from '../events/types.js';
import { formatMessage } from '../messages/formatMessage.js';
import { formatDate } from '../messages/intlFormats.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { render } from './emailLayout.js';
import type { EmailContent, EmailParts } from './emailTypes.js';
import { signLink } from './signedLinks.js';

export function buildPlanChangeEmail(
  data: SubscriptionUpdatedData,
  parts: EmailParts,
): EmailContent | null {
  const { change } = data;
  if (!change || change.status === 'unscheduled') return null;
  const { m, merchant, link, options } = parts;
  const locale = data.locale;
  const money = (amount: number) => formatMoney(amount, change.currency, locale);
  const plan = parts.planName(change.next.planId);
  const scheduled = change.status === 'scheduled';
  const values = {
    plan,
    merchant: options.merchantName,
    date: formatDate(change.effectiveAt, locale),
  };
  const interval = change.next.interval === 'yearly' ? m.intervalYearly : m.intervalMonthly;
  const rows: [string, string][] = [
    [m.receiptPlan, plan],
    [m.receiptInterval, interval],
    [m.receiptSeats, String(change.next.seats)],
    [m.emailTotal, money(change.next.amount)],
    ...(change.amountDue > 0
      ? ([[m.planChangeChargedNow, money(change.amountDue)]] as [string, string][])
      : []),
    ...(change.credit > 0
      ? ([[m.planChangeCredit, money(change.credit)]] as [string, string][])
      : []),
    ...(change.order?.invoiceNumber
      ? ([[m.invoiceNumber, change.order.invoiceNumber]] as [string, string][])
      : []),
    ...(data.status !== 'canceled' && !scheduled
      ? ([[m.planChangeNextRenewal, formatDate(data.currentPeriodEnd, locale)]] as [
          string,
          string,
        ][])
      : []),
  ];
  const manage = link(
    options.routes.subscription(signLink(options.secret, 'subscription', data.id)),
  );
  const { html, text } = render(
    {
      heading: m.planChangeHeading,
      lead: formatMessage(
        scheduled ? m.emailPlanChangeScheduledLead : m.emailPlanChangeLead,
        values,
        locale,
      ),
      rows,
      links: [
        ...(change.order
          ? ([
              [
                m.emailViewReceipt,
                link(options.routes.receipt(signLink(options.secret, 'receipt', change.order.id))),
              ],
            ] as [string, string][])
          : []),
        [m.emailManageSubscription, manage],
      ],
    },
    formatMessage(m.emailFooter, values, locale),
    merchant,
  );
  return {
    to: data.email,
    subject: formatMessage(
      scheduled ? m.emailPlanChangeScheduledSubject : m.emailPlanChangeSubject,
      values,
      locale,
    ),
    html,
    text,
  };
}
