import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../messages/messagesFor.js';
import { quote } from '../pricing/quote.js';
import { makeCatalog } from '../test-utils/factories.js';
import type { ReceiptPageView } from '../views/types.js';
import { ReceiptPage } from './ReceiptPage.js';

const starter = makeCatalog().plans.find((plan) => plan.id === 'starter');
if (!starter) throw new Error('no starter plan');
const q = quote({ plan: starter, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 2100 });

const found: ReceiptPageView = {
  status: 'found',
  kind: 'checkout',
  date: '2031-01-31T12:00:00.000Z',
  buyer: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    country: 'NL',
    company: null,
    vatId: null,
  },
  merchant: {
    name: 'Acme GmbH',
    address: ['1 Main Street', '10115 Berlin', 'Germany'],
    vatId: null,
  },
  manageUrl: '/subscriptions/s.sig',
  refunds: [],
  refundedInFull: false,
  receipt: {
    reference: 'PK-7F3K-92QD',
    planId: 'starter',
    planName: 'Starter',
    interval: 'monthly',
    seats: 1,
    perSeat: false,
    email: 'ada@example.com',
    quote: q,
    amountPaid: q.dueToday,
    paymentMethod: { brand: 'visa', last4: '4242' },
    subscriptionStatus: 'active',
    currentPeriodEnd: '2031-02-28T12:00:00.000Z',
    trialEnd: null,
    firstCharge: null,
  },
};

describe('the printable receipt', () => {
  it('names the merchant with its address, the date, the buyer and their country', () => {
    render(<ReceiptPage view={found} plansHref="/" locale="en-US" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt PK-7F3K-92QD' })).toBeVisible();
    expect(screen.getByText('Acme GmbH')).toBeInTheDocument();
    expect(screen.getByText('10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('January 31, 2031')).toBeInTheDocument();
    // The country by name in the page's language, not its code.
    expect(screen.getByText(/Netherlands/)).toBeInTheDocument();
    expect(screen.queryByText(/^NL$/)).toBeNull();
  });

  it('a business purchase names the company and both VAT IDs, once each', () => {
    const business: ReceiptPageView = {
      ...found,
      buyer: { ...found.buyer, company: 'Lovelace Analytics BV', vatId: 'NL000099998B57' },
      merchant: { ...found.merchant, vatId: 'DE129273398' },
    } as ReceiptPageView;
    const { unmount } = render(<ReceiptPage view={business} plansHref="/" locale="en-US" />);
    expect(screen.getByText('Lovelace Analytics BV')).toBeInTheDocument();
    expect(screen.getByText(/Buyer’s VAT ID: NL000099998B57/)).toBeInTheDocument();
    expect(screen.getByText(/Seller’s VAT ID: DE129273398/)).toBeInTheDocument();
    unmount();
    // Reverse charged: the table names both IDs; the header and buyer block do not repeat them.
    const charged = quote({
      plan: starter,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 2100,
      reverseCharge: { buyerVatId: 'NL000099998B57', merchantVatId: 'DE129273398' },
    });
    const reverse = {
      ...business,
      receipt: { ...(business as { receipt: object }).receipt, quote: charged },
    } as ReceiptPageView;
    render(<ReceiptPage view={reverse} plansHref="/" locale="en-US" />);
    expect(screen.getAllByText('NL000099998B57')).toHaveLength(1);
    expect(screen.getAllByText('DE129273398')).toHaveLength(1);
    expect(screen.queryByText(/Seller’s VAT ID:/)).toBeNull();
    expect(screen.getByText('Reverse charge')).toBeInTheDocument();
  });

  it('lists the refunds with their dates and credit notes, and says when all was refunded', () => {
    if (found.status !== 'found') throw new Error('not found');
    const refunds = [
      {
        amount: 500,
        currency: 'EUR',
        date: '2031-02-03T09:00:00.000Z',
        creditNoteNumber: 'INV-2031-000002',
        reason: 'One seat too many',
      },
    ];
    const { unmount } = render(
      <ReceiptPage view={{ ...found, refunds }} plansHref="/" locale="de-DE" />,
    );
    const section = screen.getByRole('region', { name: 'Refunds' });
    expect(section).toHaveTextContent(
      '5,00 € refunded on 3. Februar 2031 · Credit note INV-2031-000002 · Reason: One seat too many',
    );
    expect(screen.queryByText('This order was refunded in full.')).toBeNull();
    unmount();
    render(
      <ReceiptPage
        view={{ ...found, refunds, refundedInFull: true }}
        plansHref="/"
        locale="en-US"
      />,
    );
    expect(screen.getByText('This order was refunded in full.')).toBeVisible();
  });

  it('shows no refunds section when nothing was refunded', () => {
    render(<ReceiptPage view={found} plansHref="/" locale="en-US" />);
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  });

  it('in German, the country and the date are German', () => {
    render(<ReceiptPage view={found} plansHref="/" locale="de-DE" />);
    expect(screen.getByText(/Niederlande/)).toBeInTheDocument();
    expect(screen.getByText('31. Januar 2031')).toBeInTheDocument();
  });

  it('offers print and the manage page; an invalid link says so', () => {
    const { unmount } = render(<ReceiptPage view={found} plansHref="/" locale="en-US" />);
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/s.sig',
    );
    const table = screen.getByRole('region', { name: 'Receipt' });
    expect(within(table).getByText('Visa ending in 4242')).toBeInTheDocument();
    unmount();
    render(<ReceiptPage view={{ status: 'not_found' }} plansHref="/plans" />);
    expect(screen.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
  });

  it('links the invoice PDF when the order has one, in the page’s language', () => {
    const { unmount } = render(<ReceiptPage view={found} plansHref="/" locale="en" />);
    expect(screen.queryByRole('link', { name: /invoice/i })).toBeNull();
    unmount();
    const invoiceUrl = '/receipts/r.sig/invoice.pdf';
    render(
      <ReceiptPage
        view={{ ...found, invoiceUrl }}
        plansHref="/"
        locale="ar"
        messages={messagesFor('ar')}
      />,
    );
    expect(screen.getByRole('link', { name: 'تنزيل الفاتورة (PDF)' })).toHaveAttribute(
      'href',
      invoiceUrl,
    );
  });
});
