import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUser } from '../test-utils/render.js';
import { CheckoutError } from './CheckoutError.js';

/** An error as Next.js hands it to error.tsx: an internal message and a server digest. */
function makeServerError(digest?: string): Error & { digest?: string } {
  const error: Error & { digest?: string } = new Error(
    'connect ECONNREFUSED 10.0.0.5:5432 (postgres://checkout:s3cret@db/plankit)',
  );
  if (digest) error.digest = digest;
  return error;
}

describe('server component threw while loading the plan step (digest 2817364519)', () => {
  it('shows the generic text and the digest, never the message or the stack', () => {
    const error = makeServerError('2817364519');
    const { container } = renderWithUser(<CheckoutError error={error} reset={vi.fn()} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'An exception occurred while loading the site. If you were paying, check your email for a receipt before you try again.',
      ),
    ).toBeInTheDocument();
    // It cannot know whether a payment went through (issue 12, item 6).
    expect(container).not.toHaveTextContent(/Nothing was charged/i);
    expect(screen.getByText('2817364519')).toBeInTheDocument();
    expect(screen.getByText(/Error reference:/)).toHaveTextContent('Error reference: 2817364519');
    expect(container).not.toHaveTextContent(/ECONNREFUSED|s3cret|postgres/);
    expect(container.textContent).not.toContain(error.stack?.split('\n')[1]?.trim() ?? 'no stack');
  });

  it('"Try again" calls reset once', async () => {
    const reset = vi.fn();
    const { user } = renderWithUser(
      <CheckoutError error={makeServerError('2817364519')} reset={reset} />,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('links back to the plans, "/" unless the host says otherwise', () => {
    const { unmount } = renderWithUser(<CheckoutError error={makeServerError('1')} />);
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/');
    unmount();
    renderWithUser(<CheckoutError error={makeServerError('1')} homeHref="/pricing" />);
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/pricing');
  });
});

describe('client-side error without a digest', () => {
  it('shows no error reference line', () => {
    renderWithUser(<CheckoutError error={makeServerError()} />);
    expect(screen.queryByText(/Error reference/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('error page in German', () => {
  it('uses the overridden text', () => {
    renderWithUser(
      <CheckoutError
        error={makeServerError('42')}
        messages={{ errorTitle: 'Etwas ist schiefgelaufen', errorRetry: 'Erneut versuchen' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
