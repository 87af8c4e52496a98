import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../messages/messagesFor.js';
import type { PlanChangeChoices, PlanChangePreviewView } from '../views/planChangeTypes.js';
import { ChangePlan } from './ChangePlan.js';

const choices: PlanChangeChoices = {
  current: { planId: 'team', interval: 'monthly', seats: 5 },
  plans: [
    { id: 'starter', name: 'Starter', intervals: ['monthly', 'yearly'], seats: null },
    { id: 'team', name: 'Team', intervals: ['monthly', 'yearly'], seats: { min: 2, max: 50 } },
  ],
  blocked: null,
  pending: null,
};

const preview: PlanChangePreviewView = {
  status: 'preview',
  from: { planId: 'team', planName: 'Team', interval: 'monthly', seats: 5, amount: 7140 },
  to: { planId: 'team', planName: 'Team', interval: 'monthly', seats: 7, amount: 9996 },
  currency: 'EUR',
  effective: 'now',
  effectiveAt: '2031-02-14T12:00:00.000Z',
  amountDue: 1428,
  tax: 228,
  credit: 0,
  reverseCharge: false,
  taxInclusive: false,
  nextRenewal: { amount: 9996, date: '2031-02-28T12:00:00.000Z' },
  confirmToken: 'sub~team~monthly~7~1~1428~0.sig',
  stale: false,
};

const props = {
  choices,
  pageHref: '/subscriptions/abc.sig',
  confirmAction: '/confirm',
  undoAction: '/undo',
  locale: 'en',
};

describe('changing a Team subscription of 5 seats', () => {
  it('offers the plans, both intervals and the seats in a plain GET form to the page itself', () => {
    const { container } = render(<ChangePlan {...props} />);
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/subscriptions/abc.sig');
    expect(screen.getByLabelText('Plan')).toHaveValue('team');
    expect(screen.getByRole('option', { name: 'Team (2–50 Seats)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yearly' })).not.toBeChecked();
    expect(screen.getByLabelText('Seats')).toHaveValue(5);
    expect(screen.getByRole('button', { name: 'Review change' })).toBeInTheDocument();
  });

  it('7 seats: shows the amount due now with its tax and the next renewal before confirming', () => {
    const { container } = render(<ChangePlan {...props} preview={preview} />);
    const section = screen.getByRole('region', { name: 'Review your change' });
    expect(within(section).getByText('Team · Monthly · Seats 5 · €71.40')).toBeInTheDocument();
    expect(within(section).getByText('Team · Monthly · Seats 7 · €99.96')).toBeInTheDocument();
    expect(within(section).getByText('Due now').nextSibling).toHaveTextContent(
      '€14.28 Includes €2.28 tax',
    );
    expect(within(section).getByText('€99.96 on February 28, 2031')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm and pay €14.28' });
    const form = confirm.closest('form');
    expect(form).toHaveAttribute('action', '/confirm');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement).entries())).toEqual({
      confirmToken: preview.confirmToken,
      plan: 'team',
      interval: 'monthly',
      seats: '7',
    });
    expect(screen.getByRole('link', { name: 'Keep current plan' })).toHaveAttribute(
      'href',
      '/subscriptions/abc.sig',
    );
    // The choice form gives way to the preview.
    expect(container.querySelector('form[method="get"]')).toBeNull();
  });

  it('a downgrade says when it takes effect and charges nothing; a stale preview says so', () => {
    render(
      <ChangePlan
        {...props}
        preview={{
          ...preview,
          effective: 'period_end',
          effectiveAt: '2031-02-28T12:00:00.000Z',
          amountDue: 0,
          tax: 0,
          stale: true,
        }}
      />,
    );
    expect(
      screen.getByText(
        'Takes effect on February 28, 2031, at the end of the current period. Nothing is charged now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The preview was out of date');
    expect(screen.getByRole('button', { name: 'Confirm change' })).toBeInTheDocument();
    expect(screen.queryByText('Due now')).toBeNull();
  });

  it('a pending downgrade can be undone; a declined card is announced, in German', () => {
    render(
      <ChangePlan
        {...props}
        locale="de"
        messages={messagesFor('de')}
        notice="declined"
        choices={{
          ...choices,
          pending: {
            changeId: '0b8a4c8e-1f1e-4a53-9a51-5d1b5e2b7c11',
            planName: 'Team',
            interval: 'monthly',
            seats: 3,
            amount: 4284,
            currency: 'EUR',
            date: '2031-02-28T12:00:00.000Z',
          },
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Die Zahlung wurde abgelehnt');
    expect(
      screen.getByText(/Ihr Tarif wechselt am 28\. Februar 2031 zu Team\./),
    ).toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Änderung zurücknehmen' });
    expect(undo.closest('form')).toHaveAttribute('action', '/undo');
  });
});
