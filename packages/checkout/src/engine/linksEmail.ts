// The email "Find my subscription" sends: a signed link to each subscription's manage page
// and to the receipts of recent orders, in the language of the page the request came from.

import { formatMessage } from '../messages/formatMessage.js';
import { formatDate } from '../messages/intlFormats.js';
import type { Subscription } from '../store/types.js';
import { render } from './emailLayout.js';
import type { EmailContent, EmailParts } from './emailTypes.js';
import type { LinksEmailRequest } from './linksEmailRequest.js';
import { signLink } from './signedLinks.js';

export function buildLinksEmail(request: LinksEmailRequest, parts: EmailParts): EmailContent {
  const { m, merchant, link, options, planName } = parts;
  const { locale } = request;
  const values = { merchant: options.merchantName };
  const status: Record<Subscription['status'], string> = {
    trialing: m.manageStatusTrialing,
    active: m.manageStatusActive,
    past_due: m.manageStatusPastDue,
    canceled: m.manageStatusCanceled,
  };
  const links: [string, string][] = [
    ...request.subscriptions.map((subscription): [string, string] => [
      formatMessage(
        m.emailLinksSubscription,
        { plan: planName(subscription.planId), status: status[subscription.status] },
        locale,
      ),
      link(options.routes.subscription(signLink(options.secret, 'subscription', subscription.id))),
    ]),
    ...request.orders.map((order): [string, string] => [
      formatMessage(
        m.emailLinksReceipt,
        { reference: order.reference, date: formatDate(order.createdAt.toISOString(), locale) },
        locale,
      ),
      link(options.routes.receipt(signLink(options.secret, 'receipt', order.id))),
    ]),
  ];
  const { html, text } = render(
    {
      heading: m.emailLinksHeading,
      lead: formatMessage(m.emailLinksLead, values, locale),
      rows: [],
      links,
    },
    formatMessage(m.emailLinksFooter, values, locale),
    merchant,
  );
  return {
    to: request.to,
    subject: formatMessage(m.emailLinksSubject, values, locale),
    html,
    text,
  };
}
