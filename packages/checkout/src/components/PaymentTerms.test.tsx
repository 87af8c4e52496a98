import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enPlanStep } from '../messages/compiled/enPlanStep.js';
import { messagesFor } from '../messages/messagesFor.js';
import { formatMoney } from '../pricing/formatMoney.js';
import { quote } from '../pricing/quote.js';
import { makeCatalog } from '../test-utils/factories.js';
import { PaymentTerms } from './PaymentTerms.js';

const catalog = makeCatalog();
const plan = (id: string) => {
  const found = catalog.plans.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};
const money = (amount: number) => formatMoney(amount, 'EUR', 'en-US');
const cards = ['Visa', 'Mastercard', 'American Express'];

function renderTerms(
  q: ReturnType<typeof quote>,
  links: { termsUrl?: string; privacyUrl?: string } = {},
) {
  return render(
    <PaymentTerms
      quote={q}
      money={money}
      acceptedCards={cards}
      locale="en-US"
      messages={enPlanStep}
      {...links}
    />,
  );
}

describe('the terms beside the Pay button', () => {
  it('a monthly plan renews monthly at its total; the payment is secure, with the cards taken', () => {
    renderTerms(
      quote({
        plan: plan('starter'),
        interval: 'monthly',
        currency: 'EUR',
        taxRateBasisPoints: 1900,
      }),
    );
    expect(screen.getByText('Renews monthly at €10.71 until you cancel.')).toBeVisible();
    expect(screen.getByText(/We accept Visa, Mastercard, and American Express\./)).toBeVisible();
    expect(screen.getByText('Secure payment')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('waits for the country before it names an amount that tax will change', () => {
    const q = quote({
      plan: plan('team'),
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 0,
    });
    render(
      <PaymentTerms
        quote={{ ...q, taxInclusive: false }}
        money={money}
        acceptedCards={cards}
        locale="en-US"
        messages={enPlanStep}
        taxPending
      />,
    );
    expect(screen.queryByText(/Renews/)).toBeNull();
    expect(screen.getByText('Secure payment')).toBeVisible();
  });

  it('a yearly plan renews yearly', () => {
    renderTerms(
      quote({ plan: plan('starter'), interval: 'yearly', currency: 'EUR', taxRateBasisPoints: 0 }),
    );
    expect(screen.getByText('Renews yearly at €90.00 until you cancel.')).toBeVisible();
  });

  it('a trial says nothing is paid today and when the first charge comes, for how much', () => {
    renderTerms(
      quote({ plan: plan('pro'), interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 }),
    );
    expect(
      screen.getByText(
        'Nothing to pay today. The first charge of €34.51 is in 14 days, then it renews until you cancel.',
      ),
    ).toBeVisible();
  });

  it('a free plan shows no renewal and no payment line', () => {
    const { container } = renderTerms(
      quote({ plan: plan('free'), interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 }),
    );
    expect(container.textContent).toBe('');
  });

  it('links the merchant’s terms and privacy policy when given', () => {
    renderTerms(
      quote({ plan: plan('starter'), interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 0 }),
      { termsUrl: 'https://shop.example/terms', privacyUrl: 'https://shop.example/privacy' },
    );
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      'https://shop.example/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://shop.example/privacy',
    );
  });
});

describe('pro plan, 14-day trial, German VAT: the first charge', () => {
  const terms = (today?: number, locale = 'en-US', messages = enPlanStep) =>
    render(
      <PaymentTerms
        quote={quote({
          plan: plan('pro'),
          interval: 'monthly',
          currency: 'EUR',
          taxRateBasisPoints: 1900,
        })}
        money={(amount) => formatMoney(amount, 'EUR', locale)}
        acceptedCards={cards}
        locale={locale}
        messages={messages}
        today={today}
      />,
    );

  it('before the browser’s clock is known (the server’s HTML), in how many days', () => {
    terms();
    expect(
      screen.getByText(
        'Nothing to pay today. The first charge of €34.51 is in 14 days, then it renews until you cancel.',
      ),
    ).toBeVisible();
  });

  it('on 26 November 2026, the day: 10 December 2026', () => {
    terms(Date.parse('2026-11-26T10:00:00Z'));
    expect(
      screen.getByText(
        'Nothing to pay today. The first charge of €34.51 is on December 10, 2026, then it renews until you cancel.',
      ),
    ).toBeVisible();
  });

  it('counts in UTC, as the receipt does: in Kiribati (UTC+14) late on 26 November UTC, still 10 December', () => {
    const timeZone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati'; // already 27 November there
    try {
      terms(Date.parse('2026-11-26T23:59:00Z'));
      expect(screen.getByText(/is on December 10, 2026,/)).toBeVisible();
    } finally {
      if (timeZone === undefined) delete process.env.TZ;
      else process.env.TZ = timeZone;
    }
  });

  it('writes the date in the page’s language (German)', () => {
    terms(Date.parse('2026-11-26T10:00:00Z'), 'de-DE', messagesFor('de-DE'));
    expect(
      screen.getByText(
        'Heute zahlen Sie nichts. Die erste Abbuchung von 34,51 € erfolgt am 10. Dezember 2026, danach verlängert sich das Abo, bis Sie kündigen.',
      ),
    ).toBeVisible();
  });
});
