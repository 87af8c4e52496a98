import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../catalog/schema.js';
import type { CheckoutMessages } from '../messages/CheckoutMessages.js';
import { compileMessages } from '../messages/compileMessages.js';
import { makeCatalog, makePlan } from '../test-utils/factories.js';
import { renderWithUser } from '../test-utils/render.js';
import type { PlanStepAction, PlanStepState } from '../views/types.js';
import { PlanStep } from './PlanStep.js';
import { TestCardFields } from './TestCardFields.js';

const catalog = makeCatalog();

function catalogPlan(id: string): Plan {
  const plan = catalog.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id} in the test catalog`);
  return plan;
}

function renderPlanStep({
  plan = catalogPlan('starter'),
  messages,
  locale = 'en-US',
  initialState,
  testMode,
}: {
  plan?: Plan;
  messages?: Partial<CheckoutMessages>;
  locale?: string;
  initialState?: PlanStepState;
  testMode?: boolean;
} = {}) {
  const action = vi.fn<PlanStepAction>(async (state) => state);
  const result = renderWithUser(
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={action}
      plansHref="/plans"
      messages={messages ? compileMessages(messages) : undefined}
      locale={locale}
      initialState={initialState}
      testMode={testMode}
      payment={<TestCardFields />}
    />,
  );
  return { ...result, action };
}

/** German text for the labels a visitor reads on the plan step. */
const german: Partial<CheckoutMessages> = {
  emailLabel: 'E-Mail',
  nameLabel: 'Vollständiger Name',
  countryLabel: 'Land',
  countryPlaceholder: 'Land auswählen',
  cardNumberLabel: 'Kartennummer',
  cardExpiryLabel: 'Ablaufdatum (MM/JJ)',
  cardCvcLabel: 'Prüfnummer',
  promoLabel: 'Gutscheincode (optional)',
  promoApply: 'Einlösen',
  summaryHeading: 'Bestellübersicht',
  summaryTotal: 'Gesamt',
  submitPay: '{amount} bezahlen',
  errorRequired: 'Dieses Feld ist erforderlich.',
  finishBackToPlans: 'Zurück zu den Tarifen',
};

describe('pro plan page with features and a 14-day trial', () => {
  it('names the plan, lists its features and links back to the plans', () => {
    renderPlanStep({
      plan: makePlan({
        id: 'pro',
        name: 'Pro',
        description: 'For growing teams.',
        features: ['Unlimited projects', 'Priority support'],
        trialDays: 14,
      }),
    });
    const card = screen.getByRole('region', { name: 'Pro' });
    expect(within(card).getByRole('heading', { level: 1, name: 'Pro' })).toBeInTheDocument();
    expect(within(card).getByText('14-day free trial')).toBeInTheDocument();
    expect(within(card).getByText('For growing teams.')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'What you get' })).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Unlimited projects', 'Priority support']);
    expect(screen.getByRole('link', { name: /Back to plans/ })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('button', { name: 'Start 14-day trial' })).toBeInTheDocument();
  });

  it('shows no features heading for a plan without features', () => {
    renderPlanStep();
    expect(screen.queryByRole('heading', { name: 'What you get' })).not.toBeInTheDocument();
  });
});

describe('starter plan in test mode', () => {
  it('shows the test card hint and the promo hint', () => {
    renderPlanStep({ testMode: true });
    expect(screen.getByText(/use 4242 4242 4242 4242/)).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code (optional)')).toHaveAccessibleDescription(
      'Try LAUNCH20.',
    );
  });

  it('shows neither hint outside test mode', () => {
    renderPlanStep();
    expect(screen.queryByText(/use 4242 4242 4242 4242/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code (optional)')).not.toHaveAccessibleDescription();
  });
});

describe('starter plan in German (messages overridden, de-DE money)', () => {
  it('labels the fields and the button in German', () => {
    renderPlanStep({ messages: german, locale: 'de-DE' });
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Vollständiger Name')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveDisplayValue('Land auswählen');
    expect(screen.getByLabelText('Kartennummer')).toBeInTheDocument();
    expect(screen.getByLabelText('Ablaufdatum (MM/JJ)')).toBeInTheDocument();
    expect(screen.getByLabelText('Prüfnummer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einlösen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bestellübersicht' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^9,00\s€ bezahlen$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zurück zu den Tarifen/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('shows field errors in German and keeps untranslated text in English', async () => {
    const { user, action } = renderPlanStep({ messages: german, locale: 'de-DE' });
    await user.click(screen.getByRole('button', { name: /bezahlen$/ }));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription(
      'Dieses Feld ist erforderlich.',
    );
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveAccessibleDescription(
      'Choose a country from the list.',
    );
    expect(action).not.toHaveBeenCalled();
  });
});

describe('team plan named per language (the catalog in every language)', () => {
  const team = makePlan({
    id: 'team',
    name: { en: 'Team', ja: 'チーム' },
    description: { en: 'For teams.', ja: 'チーム向けです。' },
    features: { en: ['Shared workspaces'], ja: ['共有ワークスペース'] },
    seats: { min: 2, max: 50 },
  });

  it('shows the plan’s texts in the page’s language, and in the summary', () => {
    renderPlanStep({ plan: team, locale: 'ja' });
    expect(screen.getByRole('heading', { level: 1, name: 'チーム' })).toBeInTheDocument();
    expect(screen.getByText('チーム向けです。')).toBeInTheDocument();
    expect(screen.getByText('共有ワークスペース')).toBeInTheDocument();
    expect(screen.queryByText('For teams.')).toBeNull();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('チーム')).toBeInTheDocument();
  });

  it('falls back to the catalog’s default language for one it lacks', () => {
    renderPlanStep({ plan: team, locale: 'de-DE' });
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(screen.getByText('Shared workspaces')).toBeInTheDocument();
  });
});

describe('team plan page rendered with a no-JS submission’s result', () => {
  it('passes the state through to the form', () => {
    renderPlanStep({
      plan: catalogPlan('team'),
      initialState: {
        status: 'failed',
        fieldErrors: {},
        formError: { message: 'errorInsufficientFunds' },
        values: { interval: 'yearly', seats: '3', email: 'ada@example.com', country: 'NL' },
        idempotencyKey: 'server-key',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card has insufficient funds. Try another card.',
    );
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(3);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('NL');
    // 3 seats × 120 € + 21% Dutch VAT.
    expect(screen.getByRole('button', { name: 'Pay €435.60' })).toBeInTheDocument();
  });
});

describe('the price before the form', () => {
  it('shows the monthly and yearly price and what yearly saves', () => {
    renderPlanStep();
    const card = screen.getByRole('region', { name: 'Starter' });
    expect(within(card).getByText('€9.00')).toBeVisible();
    expect(within(card).getByText('€90.00')).toBeVisible();
    // 90 € a year against 12 × 9 € = 108 €: 16.7 % saved, said as 16 %.
    expect(within(card).getByText('Save 16% with yearly billing')).toBeVisible();
  });

  it('says a seat plan’s price is per seat', () => {
    renderPlanStep({ plan: catalogPlan('team') });
    const card = screen.getByRole('region', { name: 'Team' });
    expect(card).toHaveTextContent('€12.00 / month per seat');
  });

  it('a free plan shows no tax line and no renewal line', () => {
    renderPlanStep({ plan: catalogPlan('free') });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).not.toHaveTextContent(/Tax/);
    expect(screen.queryByText(/Renews/)).toBeNull();
    expect(screen.queryByText(/Save \d+%/)).toBeNull();
  });
});
