import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutFallback } from './CheckoutFallback.js';

describe('static fallback page, checkout could not load', () => {
  it('says what happened and links to the plans', () => {
    render(<CheckoutFallback plansHref="/plans" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Checkout is unavailable right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Please try again in a few minutes/)).toBeInTheDocument();
    // A static page cannot know whether a payment went through (issue 12, item 6).
    expect(screen.queryByText(/Nothing was charged/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/plans');
  });

  it('shows a support address as a mail link when the host has one', () => {
    render(<CheckoutFallback plansHref="/plans" supportEmail="help@example.com" />);
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });

  it('shows no support link otherwise', () => {
    render(<CheckoutFallback plansHref="/plans" />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('takes overridden text', () => {
    render(
      <CheckoutFallback
        plansHref="/plans"
        messages={{ fallbackTitle: 'Kasse nicht verfügbar', fallbackAction: 'Zu den Tarifen' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Kasse nicht verfügbar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Tarifen' })).toHaveAttribute('href', '/plans');
  });
});
