// The fake's own pages: the hosted Checkout page (the no-JavaScript path: a plain form that
// takes a test card number) and the 3-D Secure page a `redirect_to_url` next action leads
// to, and the hosted invoice page (`hosted_invoice_url`) where a customer pays an open
// invoice. They stand in for pages on checkout.stripe.com, invoice.stripe.com and
// hooks.stripe.com, so their text is
// the fake's, in English, not the checkout's (which lives in `messages/`).

import { formatMoney } from '../../../pricing/formatMoney.js';
import type { FakeCheckoutSession, FakeInvoice } from './fakeStripeTypes.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><p><strong>Fake Stripe</strong> (test mode)</p>${body}</body></html>`;

// Stripe's units, as Stripe's own page shows them (ISK 10000 is 100 kr).
const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en');

/** The hosted Checkout page of a session, with an error from a refused card. */
export function checkoutPage(session: FakeCheckoutSession, error: string | null): string {
  const currency = (session.currency ?? 'eur').toUpperCase();
  const [item] = session.lineItems;
  const what = item
    ? `${item.name}${item.interval ? ` (every ${item.interval})` : ''}`
    : 'Save your card';
  const due = session.trialDays
    ? `${session.trialDays}-day free trial, then ${money(item?.unitAmount ?? 0, currency)}`
    : money(session.amount_total ?? 0, currency);
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<h1>This Checkout Session is ${escapeHtml(session.status ?? 'closed')}.</h1>`,
    );
  }
  return page(
    'Pay',
    `<h1>${escapeHtml(what)}</h1><p>${escapeHtml(due)}</p>${
      error ? `<p role="alert">${escapeHtml(error)}</p>` : ''
    }<form method="post"><p><label>Card number <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label></p><p><label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" required></label></p><p><label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label></p><p><button type="submit">${session.mode === 'payment' ? 'Pay' : session.trialDays ? 'Start trial' : 'Subscribe'}</button></p></form>${
      session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''
    }`,
  );
}

/**
 * The hosted invoice page: an open invoice's amount, paid with the card on file (the page
 * runs the bank's confirmation itself, as Stripe's does) or another test card.
 */
export function invoicePage(invoice: FakeInvoice, error: string | null): string {
  const amount = money(invoice.amount_due, invoice.currency.toUpperCase());
  if (invoice.status !== 'open') {
    return page(
      'Invoice',
      `<h1>Invoice ${escapeHtml(invoice.status ?? 'closed')}</h1><p>${escapeHtml(amount)}</p>`,
    );
  }
  return page(
    'Pay invoice',
    `<h1>Amount due: ${escapeHtml(amount)}</h1>${
      error ? `<p role="alert">${escapeHtml(error)}</p>` : ''
    }<form method="post"><p><button type="submit" name="decision" value="approve">Confirm and pay with the card on file</button></p></form><form method="post"><p><label>Another card number <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label></p><p><button type="submit">Pay with this card</button></p></form>`,
  );
}

/** The 3-D Secure page of an intent waiting for the buyer. */
export function authenticationPage(intentId: string): string {
  return page(
    'Authenticate',
    `<h1>3D Secure 2 test page</h1><p>Intent ${escapeHtml(intentId)}</p><form method="post"><button name="decision" value="approve">Complete authentication</button> <button name="decision" value="refuse">Fail authentication</button></form>`,
  );
}
