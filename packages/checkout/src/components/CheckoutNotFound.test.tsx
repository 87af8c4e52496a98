import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutNotFound } from './CheckoutNotFound.js';

describe('unknown or retired plan in the URL', () => {
  it('says the page does not exist and links back to the plans', () => {
    render(<CheckoutNotFound plansHref="/plans" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText('This plan or page does not exist or is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
  });
});
