// "Update payment method" with Stripe's fields (issue 22.2): the Payment Element in `setup`
// mode, only the payment-method id posted, and a card that needs 3-D Secure authenticated in
// the page with the SetupIntent's client secret (`handleNextAction`), as on the plan step.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../messages/messagesFor.js';
import { renderWithUser } from '../test-utils/render.js';
import { standInStripe } from '../test-utils/stripeStandIn.js';
import type { PlanStepAction, SubscriptionPageView } from '../views/types.js';
import { ManageSubscription } from './ManageSubscription.js';
import { StripePaymentFields } from './StripePaymentFields.js';

const pastDue: SubscriptionPageView = {
  status: 'found',
  planName: 'Pro',
  interval: 'monthly',
  seats: 1,
  subscriptionStatus: 'past_due',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2031-03-14T12:00:00.000Z',
  nextCharge: { amount: 3451, currency: 'EUR', date: '2031-02-15T12:00:00.000Z' },
  receiptUrl: '/receipts/r.sig',
  history: [],
  paymentMethod: { brand: 'visa', last4: '0341' },
  canUpdatePaymentMethod: true,
};

function renderPage(stand: ReturnType<typeof standInStripe>) {
  const action = vi.fn<PlanStepAction>(async (state) => state);
  const utils = renderWithUser(
    <ManageSubscription
      view={pastDue}
      pageHref="/subscriptions/abc.sig"
      cancelAction="/cancel"
      resumeAction="/resume"
      plansHref="/"
      locale="en"
      messages={messagesFor('en')}
      paymentMethod={{
        fields: <StripePaymentFields stripe={stand.stripe} currency="EUR" mode="setup" />,
        action,
        open: false,
        testMode: true,
      }}
    />,
  );
  return { ...utils, action };
}

describe('a past-due subscription with Stripe’s fields', () => {
  it('saves in setup mode and posts only the payment-method id', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_new_card' } }));
    const { user, action } = renderPage(stand);
    expect(stand.calls.elementsOptions[0]).toMatchObject({ mode: 'setup', currency: 'eur' });
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Save card and pay €34.51' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toBe('pm_new_card');
  });

  it('a card that needs 3-D Secure: the SetupIntent’s secret goes to handleNextAction', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_needs_3ds' } }));
    const { user, action } = renderPage(stand);
    action.mockImplementation(async (state) => ({
      ...state,
      nextAction: {
        clientSecret: 'seti_3ds_secret_abc',
        returnUrl: '/subscriptions/abc.sig?payment_method=return',
      },
    }));
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Save card and pay €34.51' }));
    await waitFor(() => expect(stand.calls.nextActions).toEqual(['seti_3ds_secret_abc']));
    // Busy until the browser has gone back to the manage page.
    expect(screen.getByRole('button', { name: 'Processing…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
