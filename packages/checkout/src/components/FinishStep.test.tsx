import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingInterval } from '../catalog/constants.js';
import { planTexts } from '../catalog/planTexts.js';
import type { Plan } from '../catalog/schema.js';
import { quote } from '../pricing/quote.js';
import { makeCatalog, makePromoCode } from '../test-utils/factories.js';
import type { FinishView, Receipt } from '../views/types.js';
import { FinishStep } from './FinishStep.js';

const catalog = makeCatalog();

function catalogPlan(id: string): Plan {
  const plan = catalog.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id} in the test catalog`);
  return plan;
}

/** A receipt whose amounts come from the same quote() the engine charges with. */
function makeReceipt({
  plan = catalogPlan('starter'),
  interval = 'monthly',
  seats,
  promo = null,
  taxRateBasisPoints = 1900,
  trialEnd = null,
}: {
  plan?: Plan;
  interval?: BillingInterval;
  seats?: number;
  promo?: ReturnType<typeof makePromoCode> | null;
  taxRateBasisPoints?: number;
  trialEnd?: string | null;
} = {}): Receipt {
  const q = quote({ plan, interval, currency: 'EUR', seats, promo, taxRateBasisPoints });
  return {
    reference: 'PK-7F3K-92QD',
    planId: plan.id,
    planName: planTexts(plan).name,
    interval,
    seats: q.seats,
    perSeat: Boolean(plan.seats),
    email: 'ada@example.com',
    quote: q,
    amountPaid: q.dueToday,
    paymentMethod: plan.id === 'free' ? null : { brand: 'visa', last4: '4242' },
    subscriptionStatus: trialEnd ? 'trialing' : 'active',
    currentPeriodEnd: '2027-03-01T00:00:00.000Z',
    trialEnd,
    firstCharge: trialEnd ? { date: trialEnd, amount: q.total } : null,
  };
}

function renderFinish(view: FinishView, pendingRefreshSeconds?: number) {
  return render(
    <FinishStep
      view={view}
      plansHref="/plans"
      locale="en-US"
      pendingRefreshSeconds={pendingRefreshSeconds}
    />,
  );
}

/** The value the receipt shows for a line (matched on the line's label). */
function receiptValue(label: string): string | null {
  const receipt = screen.getByRole('region', { name: 'Receipt' });
  const term = within(receipt)
    .getAllByRole('term')
    .find((t) => t.textContent === label);
  return term ? (term.nextElementSibling?.textContent ?? '') : null;
}

const views: Array<[FinishView['status'], FinishView, string]> = [
  ['paid', { status: 'paid', receipt: makeReceipt() }, 'Payment received'],
  [
    'trialing',
    {
      status: 'trialing',
      receipt: makeReceipt({ plan: catalogPlan('pro'), trialEnd: '2026-03-15T00:00:00.000Z' }),
    },
    'Your trial has started',
  ],
  [
    'free',
    { status: 'free', receipt: makeReceipt({ plan: catalogPlan('free') }) },
    'You are all set',
  ],
  ['pending', { status: 'pending', sessionId: 'cs_1', planName: 'Starter' }, 'Payment in progress'],
  [
    'action_required',
    {
      status: 'action_required',
      sessionId: 'cs_1',
      planName: 'Starter',
      actionUrl: '/test-processor/authenticate/pi_1',
    },
    'Your bank needs to confirm this payment',
  ],
  [
    'failed',
    {
      status: 'failed',
      planName: 'Starter',
      reason: { message: 'errorDeclined' },
      retryUrl: '/checkout/starter',
    },
    'Payment failed',
  ],
  [
    'canceled',
    { status: 'canceled', planName: 'Starter', planUrl: '/checkout/starter' },
    'This checkout was canceled',
  ],
  ['refunded', { status: 'refunded', receipt: makeReceipt() }, 'Payment refunded'],
  [
    'expired',
    { status: 'expired', planName: 'Starter', planUrl: '/checkout/starter' },
    'This checkout has expired',
  ],
  ['not_found', { status: 'not_found' }, 'Checkout not found'],
];

describe('finish step, one title per session outcome', () => {
  it.each(views)('%s: shows "%s" as the page heading', (_status, view, title) => {
    renderFinish(view);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });
});

describe('team plan paid: yearly, 5 seats, LAUNCH20, German VAT', () => {
  const receipt = makeReceipt({
    plan: catalogPlan('team'),
    interval: 'yearly',
    seats: 5,
    promo: makePromoCode(),
  });

  it('shows the receipt: reference, plan, seats, amounts and email', () => {
    renderFinish({ status: 'paid', receipt });
    expect(screen.getByText('Thank you! Your Team plan is active.')).toBeInTheDocument();
    expect(receiptValue('Order reference')).toBe('PK-7F3K-92QD');
    expect(receiptValue('Plan')).toBe('Team');
    expect(receiptValue('Billing')).toBe('Yearly');
    expect(receiptValue('Seats')).toBe('5');
    expect(receiptValue('Subtotal')).toBe('€600.00');
    expect(receiptValue('Discount (LAUNCH20, 20% off)')).toBe('−€120.00');
    expect(receiptValue('Tax (19%)')).toBe('€91.20');
    expect(receiptValue('Total')).toBe('€571.20');
    expect(receiptValue('Paid')).toBe('€571.20');
    expect(receiptValue('Renews')).toBe('March 1, 2027');
    expect(receiptValue('Payment method')).toBe('Visa ending in 4242');
    expect(receiptValue('Email')).toBe('ada@example.com');
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
  });
});

describe('starter plan paid, monthly, no promo, US (no tax)', () => {
  it('has no seats line and no discount line', () => {
    renderFinish({
      status: 'paid',
      receipt: makeReceipt({ taxRateBasisPoints: 0 }),
    });
    expect(receiptValue('Seats')).toBeNull();
    expect(receiptValue('Billing')).toBe('Monthly');
    expect(receiptValue('Tax (0%)')).toBe('€0.00');
    expect(receiptValue('Paid')).toBe('€9.00');
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(within(receipt).queryByText(/Discount/)).not.toBeInTheDocument();
  });
});

describe('pro plan trial started, ends 15 March 2026', () => {
  it('says when the first charge comes and that nothing was paid', () => {
    renderFinish({
      status: 'trialing',
      receipt: makeReceipt({ plan: catalogPlan('pro'), trialEnd: '2026-03-15T00:00:00.000Z' }),
    });
    expect(
      screen.getByText('Enjoy Pro. You will not be charged before March 15, 2026.'),
    ).toBeInTheDocument();
    expect(receiptValue('Trial ends')).toBe('March 15, 2026');
    expect(receiptValue('Renews')).toBeNull();
    expect(receiptValue('Paid')).toBe('€0.00');
    // The card is saved, and the receipt says what it will be charged, and when.
    expect(receiptValue('First charge')).toBe('€34.51 on March 15, 2026');
    expect(receiptValue('Payment method')).toBe('Visa ending in 4242');
  });
});

describe('paid: links to keep the receipt', () => {
  it('links to the signed receipt and the manage page', () => {
    renderFinish({
      status: 'paid',
      receipt: {
        ...makeReceipt(),
        receiptUrl: '/receipts/o.sig',
        manageUrl: '/subscriptions/s.sig',
      },
    });
    expect(screen.getByRole('link', { name: 'View or print your receipt' })).toHaveAttribute(
      'href',
      '/receipts/o.sig',
    );
    expect(screen.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/s.sig',
    );
  });
});

describe('payment still being confirmed', () => {
  it('reloads itself with a meta refresh (no JavaScript needed)', () => {
    renderFinish({ status: 'pending', sessionId: 'cs_1', planName: 'Starter' }, 5);
    // React 19 hoists <meta> into the document head.
    const refresh = document.querySelector('meta[http-equiv="refresh"]');
    expect(refresh).toHaveAttribute('content', '5');
    expect(
      screen.getByText('We are confirming your payment. This page updates when it is done.'),
    ).toBeInTheDocument();
  });

  it('refreshes every 2 seconds by default', () => {
    renderFinish({ status: 'pending', sessionId: 'cs_1', planName: 'Starter' });
    expect(document.querySelector('meta[http-equiv="refresh"]')).toHaveAttribute('content', '2');
  });

  it('has a plain "Check again" link to itself, and says nothing is paid yet', () => {
    render(
      <FinishStep
        view={{ status: 'pending', sessionId: 'cs_1', planName: 'Starter' }}
        plansHref="/plans"
        pendingReloadHref="/checkout/finish?session=cs_1"
      />,
    );
    expect(screen.getByRole('link', { name: 'Check again' })).toHaveAttribute(
      'href',
      '/checkout/finish?session=cs_1',
    );
    expect(screen.queryByRole('region', { name: 'Receipt' })).toBeNull();
  });

  it('no other outcome refreshes the page', () => {
    renderFinish({ status: 'paid', receipt: makeReceipt() });
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull();
  });
});

describe('bank asks for authentication (3-D Secure)', () => {
  it('links to the authentication page', () => {
    renderFinish({
      status: 'action_required',
      sessionId: 'cs_1',
      planName: 'Starter',
      actionUrl: '/test-processor/authenticate/pi_1',
    });
    expect(screen.getByRole('link', { name: 'Continue to your bank' })).toHaveAttribute(
      'href',
      '/test-processor/authenticate/pi_1',
    );
  });
});

describe('payment failed: insufficient funds', () => {
  it('gives the reason and a "Try again" link back to the plan step with the inputs kept', () => {
    const retryUrl = '/checkout/team?interval=yearly&seats=5&country=DE';
    renderFinish({
      status: 'failed',
      planName: 'Team',
      reason: { message: 'errorInsufficientFunds' },
      retryUrl,
    });
    expect(
      screen.getByText('Your card has insufficient funds. Try another card. You were not charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', retryUrl);
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
  });

  it('fills placeholders of the reason', () => {
    renderFinish({
      status: 'failed',
      planName: 'Team',
      reason: { message: 'errorThrottled', values: { minutes: 10 } },
      retryUrl: '/checkout/team',
    });
    expect(screen.getByText(/Too many attempts\. Try again in 10 minutes\./)).toBeInTheDocument();
  });
});

describe('checkout expired after 24 hours', () => {
  it('offers to start again on the plan step', () => {
    renderFinish({ status: 'expired', planName: 'Starter', planUrl: '/checkout/starter' });
    expect(
      screen.getByText('Checkouts stay open for 24 hours. Start again to choose a plan.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/checkout/starter',
    );
  });
});

describe('finish page opened with an unknown or foreign session id', () => {
  it('shows only the generic text and the way back', () => {
    const { container } = renderFinish({ status: 'not_found' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Checkout not found');
    expect(
      screen.getByText('We could not find this checkout. The link may be incomplete.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
    expect(screen.queryByRole('region', { name: 'Receipt' })).not.toBeInTheDocument();
    // Nothing else on the page: no plan, no amount, no reference, no session id
    // (the "!" is the decorative, aria-hidden status icon).
    expect(container).toHaveTextContent(
      /^!Checkout not foundWe could not find this checkout\. The link may be incomplete\.Back to plans$/,
    );
  });
});

describe('finish step with German overrides', () => {
  it('uses the overridden title', () => {
    render(
      <FinishStep
        view={{ status: 'paid', receipt: makeReceipt() }}
        plansHref="/plans"
        locale="de-DE"
        messages={{ finishPaidTitle: 'Zahlung erhalten', receiptPaid: 'Bezahlt' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zahlung erhalten');
    expect(receiptValue('Bezahlt')).toMatch(/^10,71\s€$/);
  });
});
