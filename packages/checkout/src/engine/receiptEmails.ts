// The buyer's emails, sent from the outbox (the `email` channel): a receipt for `order.paid`
// and `subscription.renewed`, a notice for `subscription.past_due` and
// `subscription.canceled`, the credit note of `order.refunded` (refundEmail.ts), the new
// terms of a plan change (`subscription.updated`, planChangeEmail.ts). HTML and plain text, with every string from the message catalog
// (`CheckoutMessages`), amounts and dates formatted in the checkout's language. Sent with
// nodemailer over SMTP; the delivery counts once the server accepted the message, and the
// outbox records it then, so an accepted email is never sent again for the same event (a
// Message-ID made from the event id lets a mail system drop a copy sent after a crash
// between "accepted" and "recorded").

import { createTransport } from 'nodemailer';
import { planTexts } from '../catalog/planTexts.js';
import type { CheckoutEvent, EventPaymentMethod } from '../events/types.js';
import { compileMessages } from '../messages/compileMessages.js';
import { formatMessage } from '../messages/formatMessage.js';
import { formatDate } from '../messages/intlFormats.js';
import { messagesFor as shippedMessagesFor } from '../messages/messagesFor.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { SMTP_ATTEMPT_MS } from './deliverEvents.js';
import { render } from './emailLayout.js';
import type { EmailContent, EmailParts, MailerOptions } from './emailTypes.js';
import type { EventMailer } from './engineContext.js';
import { invoiceAttachment } from './invoicePdfs.js';
import { buildLinksEmail } from './linksEmail.js';
import type { SendResult } from './outgoingWebhooks.js';
import { buildPlanChangeEmail } from './planChangeEmail.js';
import { buildRefundEmail } from './refundEmail.js';
import { signLink } from './signedLinks.js';

/** What every email of one language shares: its messages, absolute links, the merchant. */
function emailParts(options: MailerOptions, locale: string): EmailParts {
  // The buyer's language: the shipped messages of that locale, with the host's own text
  // (ICU, `messagesFor` option) compiled over them.
  const m = compileMessages(options.messagesFor?.(locale) ?? {}, shippedMessagesFor(locale));
  const link = (path: string) => new URL(path, options.publicUrl).toString();
  const merchant = [
    options.merchantName,
    ...(options.merchantAddress?.split(/\r?\n|\s*;\s*/) ?? []),
  ];
  // The plan's name in the buyer's language, as the catalog gives it.
  const planName = (planId: string) => {
    const plan = options.planOf(planId);
    return plan ? planTexts(plan, locale).name : planId;
  };
  return { m, link, merchant, planName, options };
}

export function buildEmail(options: MailerOptions, event: CheckoutEvent): EmailContent | null {
  // The language recorded with the checkout.
  const emailLocale = event.data.locale;
  const parts = emailParts(options, emailLocale);
  const { m, link, merchant, planName } = parts;
  const interval = (value: string) => (value === 'yearly' ? m.intervalYearly : m.intervalMonthly);
  const card = (method: EventPaymentMethod | null): [string, string][] =>
    method
      ? [
          [
            m.receiptPaymentMethod,
            formatMessage(
              m.receiptCardEnding,
              { brand: method.brand, last4: method.last4 },
              emailLocale,
            ),
          ],
        ]
      : [];
  const manage = (subscriptionId: string | null): [string, string][] =>
    subscriptionId
      ? [
          [
            m.emailManageSubscription,
            link(
              options.routes.subscription(signLink(options.secret, 'subscription', subscriptionId)),
            ),
          ],
        ]
      : [];

  switch (event.type) {
    case 'order.paid':
    case 'subscription.renewed': {
      const { data } = event;
      const locale = data.locale;
      const order =
        event.type === 'order.paid'
          ? { ...event.data, orderId: event.data.id, subscriptionId: event.data.subscriptionId }
          : event.data.order
            ? { ...event.data.order, orderId: event.data.order.id, subscriptionId: event.data.id }
            : null;
      if (!order) return null;
      // A renewal repeats the checkout's amounts; its email does not repeat the VAT IDs.
      const reverseCharge = event.type === 'order.paid' ? event.data.reverseCharge : null;
      const plan = planName(data.planId);
      const money = (amount: number) => formatMoney(amount, order.currency, locale);
      const rows: [string, string][] = [
        [m.receiptReference, order.reference],
        [m.receiptPlan, plan],
        [m.receiptInterval, interval(data.interval)],
        [m.receiptSeats, String(data.seats)],
        [m.emailDate, formatDate(order.createdAt, locale)],
        [m.emailSubtotal, money(order.subtotal)],
        ...(order.discount > 0
          ? ([[m.emailDiscount, `−${money(order.discount)}`]] as [string, string][])
          : []),
        [reverseCharge ? m.summaryReverseCharge : m.emailTax, money(order.tax)],
        [m.emailTotal, money(order.total)],
        ...card(order.paymentMethod),
        ...(reverseCharge
          ? ([
              [m.buyerVatIdLabel, reverseCharge.buyerVatId],
              [m.merchantVatIdLabel, reverseCharge.merchantVatId],
              [m.reverseChargeTitle, m.reverseChargeNote],
            ] as [string, string][])
          : []),
      ];
      const values = { plan, merchant: options.merchantName, reference: order.reference };
      const renewal = event.type === 'subscription.renewed';
      const { html, text } = render(
        {
          heading: m.emailReceiptHeading,
          lead: formatMessage(
            renewal ? m.emailRenewalLead : m.emailReceiptLead,
            values,
            emailLocale,
          ),
          rows,
          links: [
            [
              m.emailViewReceipt,
              link(options.routes.receipt(signLink(options.secret, 'receipt', order.orderId))),
            ],
            ...manage(order.subscriptionId),
          ],
        },
        formatMessage(m.emailFooter, values, emailLocale),
        merchant,
      );
      return {
        to: data.email,
        subject: formatMessage(
          renewal ? m.emailRenewalSubject : m.emailReceiptSubject,
          values,
          emailLocale,
        ),
        html,
        text,
      };
    }
    case 'subscription.past_due':
    case 'subscription.canceled': {
      const { data } = event;
      const plan = planName(data.planId);
      const values = {
        plan,
        merchant: options.merchantName,
        date: formatDate(data.canceledAt ?? data.currentPeriodEnd, data.locale),
      };
      const pastDue = event.type === 'subscription.past_due';
      const { html, text } = render(
        {
          heading: pastDue ? m.emailPastDueHeading : m.emailCanceledHeading,
          lead: formatMessage(
            pastDue ? m.emailPastDueLead : m.emailCanceledLead,
            values,
            emailLocale,
          ),
          rows: [
            [m.receiptPlan, plan],
            [m.receiptInterval, interval(data.interval)],
            [m.receiptSeats, String(data.seats)],
          ],
          links: pastDue ? manage(data.id) : [],
        },
        formatMessage(m.emailFooter, values, emailLocale),
        merchant,
      );
      return {
        to: data.email,
        subject: formatMessage(
          pastDue ? m.emailPastDueSubject : m.emailCanceledSubject,
          values,
          emailLocale,
        ),
        html,
        text,
      };
    }
    case 'order.refunded':
      return buildRefundEmail(event.data, parts);
    case 'subscription.updated':
      return buildPlanChangeEmail(event.data, parts);
    default:
      return null;
  }
}

/**
 * The SMTP URL with nodemailer's timeouts bounded (each step of the conversation at most
 * `SMTP_ATTEMPT_MS`), unless the URL sets its own: an email's attempt must end within its
 * claim on the delivery (deliverEvents.ts). nodemailer reads options from the URL's query.
 */
function withTimeouts(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(SMTP_ATTEMPT_MS));
    }
    return url.toString();
  } catch {
    // Not a URL nodemailer could read either: it reports it when it sends.
    return smtpUrl;
  }
}

/** Sends the buyer's emails through SMTP. */
export function createMailer(options: MailerOptions): EventMailer & { close(): void } {
  const transport = options.transport ?? createTransport(withTimeouts(options.smtpUrl));
  return {
    async send(event): Promise<SendResult> {
      const email = buildEmail(options, event);
      if (!email) return { ok: true };
      const invoice = await invoiceAttachment(options.invoiceOf, event, options.creditNoteOf);
      const info = await transport.sendMail({
        from: options.from,
        ...email,
        ...(invoice ? { attachments: [invoice] } : {}),
        messageId: `<${event.id}@plankit>`,
      });
      return accepted(info, email.to);
    },
    async sendLinks(request) {
      const email = buildLinksEmail(request, emailParts(options, request.locale));
      const info = await transport.sendMail({ from: options.from, ...email });
      return accepted(info, email.to);
    },
    close: () => transport.close(),
  };
}

/** An SMTP answer as a delivery's result: refused recipients fail it (address hidden). */
function accepted(info: { rejected?: unknown[] }, to: string): SendResult {
  const rejected = (info.rejected ?? []).length > 0;
  return rejected
    ? { ok: false, error: `the server refused ${to.replace(/.*@/, '…@')}` }
    : { ok: true };
}
