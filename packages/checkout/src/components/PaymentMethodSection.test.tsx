// "Update payment method" on the manage page (issue 22.2): the card shown, the form opened
// by a plain link or at once when a payment is overdue, the test provider's card fields
// posting only a payment-method id, a refused card said in the form's alert.

import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../messages/messagesFor.js';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../providers/test/testPaymentProvider.js';
import { createPgliteClient } from '../store/pgliteClient.js';
import type { SqlClient } from '../store/types.js';
import { renderWithUser } from '../test-utils/render.js';
import type { PlanStepAction, PlanStepState, SubscriptionPageView } from '../views/types.js';
import { ManageSubscription, type PaymentMethodProps } from './ManageSubscription.js';
import { TestCardFields } from './TestCardFields.js';

// The card fields talk to a real test processor on an embedded database, answering the
// browser's fetch in this process (what the host serves at /test-processor).
let processorDb: SqlClient;
let processor: TestPaymentProvider;
const posted: string[] = [];
beforeAll(async () => {
  processorDb = await createPgliteClient();
  processor = createTestPaymentProvider({ ledger: processorDb });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    posted.push(String(init?.body ?? ''));
    return processor.handle(new Request(new URL(input, 'http://127.0.0.1'), init));
  });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await processorDb.close();
});

const active: Extract<SubscriptionPageView, { status: 'found' }> = {
  status: 'found',
  planName: 'Pro',
  interval: 'monthly',
  seats: 1,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2031-03-14T12:00:00.000Z',
  nextCharge: { amount: 3451, currency: 'EUR', date: '2031-03-14T12:00:00.000Z' },
  receiptUrl: '/receipts/r.sig',
  history: [],
  paymentMethod: { brand: 'visa', last4: '0341' },
  canUpdatePaymentMethod: true,
};
const pastDue = {
  ...active,
  subscriptionStatus: 'past_due' as const,
  nextCharge: { amount: 3451, currency: 'EUR', date: '2031-02-15T12:00:00.000Z' },
};

const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

function renderPage(
  view: SubscriptionPageView,
  card: Partial<PaymentMethodProps> = {},
  locale = 'en',
) {
  const action = vi.fn<PlanStepAction>(async (state) => state);
  const utils = renderWithUser(
    <ManageSubscription
      view={view}
      pageHref="/subscriptions/abc.sig"
      cancelAction="/cancel"
      resumeAction="/resume"
      plansHref="/"
      locale={locale}
      messages={messagesFor(locale)}
      paymentMethod={{
        fields: <TestCardFields />,
        action,
        open: false,
        testMode: true,
        ...card,
      }}
    />,
  );
  return { ...utils, action };
}

describe('an active Pro subscription', () => {
  it('shows its card and a plain link that opens the form', () => {
    renderPage(active);
    expect(screen.getByText('Visa ending in 0341')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update payment method' })).toHaveAttribute(
      'href',
      '/subscriptions/abc.sig?card=update',
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('opened: the card fields, "Save card" and a way back', () => {
    renderPage(active, { open: true });
    expect(screen.getByRole('group', { name: 'New card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep the current card' })).toHaveAttribute(
      'href',
      '/subscriptions/abc.sig',
    );
  });

  it('after an update: the notice, and the new card', () => {
    renderPage({ ...active, paymentMethod: { brand: 'visa', last4: '4242' } }, { notice: 'paid' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your new card is saved and the overdue payment is paid.',
    );
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('ignores a notice it does not know', () => {
    renderPage(active, { notice: '<script>' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a past-due Pro subscription', () => {
  it('shows the form at once, with the amount the card will pay', () => {
    renderPage(pastDue);
    expect(
      screen.getByText(
        'The last payment did not go through. Put in another card to pay €34.51 now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card and pay €34.51' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Keep the current card' })).toBeNull();
  });

  it('posts only the processor’s payment-method id, never the card', async () => {
    const { user, action } = renderPage(pastDue);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card and pay €34.51' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const form = action.mock.calls[0]?.[1] as FormData;
    expect(String(form.get('paymentMethod'))).toMatch(/^pm_/);
    expect([...form.values()].join(' ')).not.toContain('4242');
  });

  it('a refused card: the alert says why, the number is cleared for another', async () => {
    const { user, action } = renderPage(pastDue);
    action.mockImplementation(
      async (state): Promise<PlanStepState> => ({
        ...state,
        status: 'failed',
        formError: { message: 'errorDeclined' },
      }),
    );
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card and pay €34.51' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your card was declined. Try another card.',
      ),
    );
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue(expiry);
  });

  it('in German', () => {
    renderPage(pastDue, {}, 'de');
    expect(screen.getByRole('heading', { name: 'Zahlungsmethode ändern' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Karte speichern und 34,51\s€ bezahlen$/ }),
    ).toBeInTheDocument();
  });
});

describe('an ended subscription', () => {
  it('offers no card form', () => {
    renderPage({ ...active, subscriptionStatus: 'canceled', canUpdatePaymentMethod: false });
    expect(screen.queryByRole('link', { name: 'Update payment method' })).toBeNull();
  });
});
