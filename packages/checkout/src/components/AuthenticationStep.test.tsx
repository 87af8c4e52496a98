import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUser } from '../test-utils/render.js';
import { AuthenticationStep, type AuthenticationStepProps } from './AuthenticationStep.js';

const view: AuthenticationStepProps['view'] = {
  status: 'pending',
  sessionId: 'cs_3f9a1c',
  amount: 2900,
  currency: 'EUR',
  planName: 'Pro',
};

function renderStep() {
  const action = vi.fn<(formData: FormData) => Promise<void>>(async () => {});
  const result = renderWithUser(
    <AuthenticationStep view={view} action={action} merchantName="Plankit Demo" locale="en-US" />,
  );
  return { ...result, action };
}

describe('test bank challenge for a €29.00 payment (card 4000 0027 6000 3184)', () => {
  it('names the amount and the merchant and offers Approve and Decline as submit buttons', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Confirm your payment' })).toBeInTheDocument();
    expect(
      screen.getByText('Test bank: approve or decline the payment of €29.00 to Plankit Demo.'),
    ).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve' });
    const decline = screen.getByRole('button', { name: 'Decline' });
    for (const [button, value] of [
      [approve, 'approve'],
      [decline, 'decline'],
    ] as const) {
      expect(button).toHaveAttribute('type', 'submit');
      expect(button).toHaveAttribute('name', 'decision');
      expect(button).toHaveAttribute('value', value);
    }
  });

  it.each([
    ['Approve', 'approve'],
    ['Decline', 'decline'],
  ])('pressing %s posts the session and decision=%s', async (name, decision) => {
    const { user, action } = renderStep();
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const formData = action.mock.calls[0]?.[0];
    expect(formData?.get('session')).toBe('cs_3f9a1c');
    expect(formData?.get('decision')).toBe(decision);
  });
});
