import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionPageView } from '../views/types.js';
import { ManageSubscription } from './ManageSubscription.js';

const active: SubscriptionPageView = {
  status: 'found',
  planName: 'Starter',
  interval: 'monthly',
  seats: 1,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2031-02-28T12:00:00.000Z',
  nextCharge: { amount: 1190, currency: 'EUR', date: '2031-02-28T12:00:00.000Z' },
  receiptUrl: '/receipts/r.sig',
  history: [],
};

const props = {
  pageHref: '/subscriptions/abc.signature',
  cancelAction: '/cancel',
  resumeAction: '/resume',
  plansHref: '/',
  locale: 'en',
};

describe('managing an active Starter subscription', () => {
  it('shows status and next charge; cancel is a plain link to the confirmation', () => {
    render(<ManageSubscription view={active} {...props} />);
    expect(screen.getByRole('heading', { name: 'Your Starter subscription' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('€11.90 on February 28, 2031')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/abc.signature?confirm=cancel',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for confirmation before canceling, with a way to keep it', () => {
    render(<ManageSubscription view={active} {...props} confirmCancel />);
    expect(screen.getByRole('heading', { name: 'Cancel your subscription?' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Yes, cancel at the end of the period' });
    expect(confirm.closest('form')).toHaveAttribute('action', '/cancel');
    expect(screen.getByRole('link', { name: 'Keep my subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/abc.signature',
    );
  });

  it('canceled at the period end: says when it ends and offers resume', () => {
    render(
      <ManageSubscription
        view={{ ...active, cancelAtPeriodEnd: true, nextCharge: null }}
        {...props}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your subscription will end on February 28, 2031.',
    );
    const resume = screen.getByRole('button', { name: 'Resume subscription' });
    expect(resume.closest('form')).toHaveAttribute('action', '/resume');
  });

  it('an invalid link says so', () => {
    render(<ManageSubscription view={{ status: 'not_found' }} {...props} />);
    expect(screen.getByRole('heading', { name: 'Link not valid' })).toBeInTheDocument();
  });
});

describe('the billing history', () => {
  it('lists each charge and refund, newest first, with its number and receipt', () => {
    const history = [
      {
        kind: 'refund' as const,
        date: '2031-03-02T09:00:00.000Z',
        amount: 500,
        currency: 'EUR',
        documentNumber: 'INV-2031-000003',
        receiptUrl: '/receipts/r2.sig',
      },
      {
        kind: 'renewal' as const,
        date: '2031-02-28T12:00:00.000Z',
        amount: 1190,
        currency: 'EUR',
        documentNumber: 'INV-2031-000002',
        receiptUrl: '/receipts/r2.sig',
      },
      {
        kind: 'purchase' as const,
        date: '2031-01-31T12:00:00.000Z',
        amount: 1190,
        currency: 'EUR',
        documentNumber: 'INV-2031-000001',
        receiptUrl: '/receipts/r.sig',
      },
    ];
    render(<ManageSubscription view={{ ...active, history }} {...props} />);
    const table = screen.getByRole('table');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'March 2, 2031Refund−€5.00INV-2031-000003Receipt',
      'February 28, 2031Renewal€11.90INV-2031-000002Receipt',
      'January 31, 2031Purchase€11.90INV-2031-000001Receipt',
    ]);
    expect(table).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Billing history' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Receipt' })[2]).toHaveAttribute(
      'href',
      '/receipts/r.sig',
    );
  });
});

describe('a Starter renewal that waits for the buyer (Stripe renews it)', () => {
  const pastDue: SubscriptionPageView = {
    ...active,
    subscriptionStatus: 'past_due',
    nextCharge: null,
    openPayment: {
      url: 'https://invoice.stripe.com/i/acct_1/test_abc',
      amount: 1071,
      currency: 'EUR',
      needsAuthentication: true,
    },
  };

  it('says the bank asks for a confirmation and links to the provider’s page to pay it', () => {
    render(<ManageSubscription view={pastDue} {...props} />);
    expect(
      screen.getByText('Your bank asks you to confirm the payment of €10.71 for this period.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Confirm and pay €10.71' })).toHaveAttribute(
      'href',
      'https://invoice.stripe.com/i/acct_1/test_abc',
    );
  });

  it('a refused card: says the payment did not go through, with the same way to pay', () => {
    const refused = { url: 'https://invoice.stripe.com/i/x', amount: 1071, currency: 'EUR' };
    render(
      <ManageSubscription
        view={{ ...pastDue, openPayment: { ...refused, needsAuthentication: false } }}
        {...props}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The payment of €10.71 for this period did not go through.',
    );
    expect(screen.getByRole('link', { name: 'Confirm and pay €10.71' })).toHaveAttribute(
      'href',
      'https://invoice.stripe.com/i/x',
    );
  });
});
