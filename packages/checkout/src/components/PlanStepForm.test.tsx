import {
  fireEvent,
  type RenderOptions,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type Mock,
  vi,
} from 'vitest';
import type { Plan } from '../catalog/schema.js';
import { resolveMessages } from '../messages/messages.js';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../providers/test/testPaymentProvider.js';
import { createPgliteClient } from '../store/pgliteClient.js';
import type { SqlClient } from '../store/types.js';
import { makeCatalog, makePlan } from '../test-utils/factories.js';
import { renderWithUser } from '../test-utils/render.js';
import { planCurrencies, planIntervals } from '../validation/checkoutForm.js';
import { initialPlanStepState, type PlanStepAction, type PlanStepState } from '../views/types.js';
import { readCheckoutKey, storeBuyer, storeCheckoutKey } from './checkoutKeyStorage.js';
import { PlanStepForm } from './PlanStepForm.js';
import { TestCardFields } from './TestCardFields.js';

const catalog = makeCatalog();

// The test card fields talk to the test processor: a real one, on an embedded database,
// answering the browser's fetch in this process (what the host serves at /test-processor).
let processorDb: SqlClient;
let processor: TestPaymentProvider;
let processorDown = false;
const tokenizeCalls: string[] = [];
beforeAll(async () => {
  processorDb = await createPgliteClient();
  processor = createTestPaymentProvider({ ledger: processorDb });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    tokenizeCalls.push(String(init?.body ?? ''));
    if (processorDown) throw new TypeError('Failed to fetch');
    return processor.handle(new Request(new URL(input, 'http://127.0.0.1'), init));
  });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await processorDb.close();
});
afterEach(() => {
  processorDown = false;
  tokenizeCalls.length = 0;
});

function catalogPlan(id: string): Plan {
  const plan = catalog.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id} in the test catalog`);
  return plan;
}

/** An expiry two years ahead, so the tests do not age. */
const futureExpiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

/** An action that answers with the state it was given (nothing changes). */
const echoAction = () => vi.fn<PlanStepAction>(async (state) => state);

/** Renders the form with the props PlanStep would derive from the catalog. */
function renderForm({
  plan = catalogPlan('starter'),
  action = echoAction(),
  initialState,
  wrapper,
}: {
  plan?: Plan;
  action?: Mock<PlanStepAction>;
  initialState?: PlanStepState;
  wrapper?: RenderOptions['wrapper'];
} = {}) {
  const result = renderWithUser(
    <PlanStepForm
      plan={plan}
      countries={catalog.countries}
      currencies={planCurrencies(catalog, plan)}
      intervals={planIntervals(plan)}
      action={action}
      initialState={initialState}
      messages={resolveMessages()}
      locale="en-US"
      payment={<TestCardFields />}
    />,
    { wrapper },
  );
  return { ...result, action };
}

/** The amount the order summary shows next to a line (matched on the line's label). */
function summaryAmount(label: string | RegExp): string {
  const summary = screen.getByRole('region', { name: 'Order summary' });
  const term = within(summary)
    .getAllByRole('term')
    .find((t) =>
      typeof label === 'string' ? t.textContent === label : label.test(t.textContent ?? ''),
    );
  if (!term) throw new Error(`no summary line ${String(label)}`);
  return term.nextElementSibling?.textContent ?? '';
}

function summaryLabels(): string[] {
  const summary = screen.getByRole('region', { name: 'Order summary' });
  return within(summary)
    .getAllByRole('term')
    .map((t) => t.textContent ?? '');
}

const submitButton = () =>
  screen.getByRole('button', { name: /^(Pay|Start|Get started|Processing)/ });

type User = ReturnType<typeof renderForm>['user'];

async function fillContact(user: User, { country = 'Germany' } = {}) {
  // Cleared first: a form mounted again in the same tab fills in what was submitted.
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.clear(screen.getByLabelText('Full name'));
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), country);
}

async function fillCard(user: User, number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), futureExpiry);
  await user.type(screen.getByLabelText('CVC'), '123');
}

/** Answers of deferred actions still outstanding; settled after each test. */
const outstanding = new Set<() => void>();

// React entangles every transition with a pending async action, so an action left
// unanswered by a failing test would hold up the following tests' updates too.
afterEach(() => {
  for (const settle of outstanding) settle();
  outstanding.clear();
});

/** An action whose answer the test gives later, to look at the pending form. */
function deferredAction() {
  let resolve: (state: PlanStepState) => void = () => {};
  const action = vi.fn<PlanStepAction>(
    (state) =>
      new Promise<PlanStepState>((r) => {
        resolve = r;
        outstanding.add(() => r(state));
      }),
  );
  return { action, resolve: (state: PlanStepState) => resolve(state) };
}

describe('starter plan, monthly, 9 € (paid, no country yet)', () => {
  it('asks for card number, expiry and CVC and says what the button charges', () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeEnabled();
    expect(summaryAmount('Total')).toBe('€9.00 / month');
    expect(summaryAmount('Tax (depends on your country)')).toBe('—');
  });

  it('switching to yearly updates the total and the button label', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(summaryAmount('Subtotal')).toBe('€90.00');
    expect(summaryAmount('Total')).toBe('€90.00 / year');
    expect(screen.getByRole('button', { name: 'Pay €90.00' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeInTheDocument();
  });

  it('choosing US dollars prices the plan in dollars', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    expect(summaryAmount('Total')).toBe('$10.00 / month');
    expect(screen.getByRole('button', { name: 'Pay $10.00' })).toBeInTheDocument();
  });
});

describe('starter plan, prices exclusive of tax, German VAT 19%', () => {
  it('adds the tax on top once Germany is chosen', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(summaryLabels()).not.toContain('Tax (depends on your country)');
    expect(summaryAmount('Tax (19%)')).toBe('€1.71');
    expect(summaryAmount('Total')).toBe('€10.71 / month');
    expect(screen.getByRole('button', { name: 'Pay €10.71' })).toBeInTheDocument();
  });
});

describe('starter plan, prices inclusive of tax, German VAT 19%', () => {
  it('shows the tax contained in the price and does not add it', async () => {
    const { user } = renderForm({ plan: makePlan({ tax: 'inclusive' }) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(summaryAmount('Includes tax (19%)')).toBe('€1.44');
    expect(summaryLabels()).not.toContain('Tax (19%)');
    expect(summaryAmount('Total')).toBe('€9.00 / month');
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeInTheDocument();
  });
});

describe('team plan, 5 seats (2-50) at 12 € per seat', () => {
  it('+ and − change the seats, the subtotal and the Pay label', async () => {
    const { user } = renderForm({ plan: catalogPlan('team') });
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(seats).toHaveValue(5);
    expect(seats).toHaveAccessibleDescription('Between 2 and 50 seats.');
    expect(summaryAmount('Team')).toBe('5 seats × €12.00');
    expect(summaryAmount('Subtotal')).toBe('€60.00');

    await user.click(screen.getByRole('button', { name: 'Add a seat' }));
    expect(seats).toHaveValue(6);
    expect(summaryAmount('Subtotal')).toBe('€72.00');
    expect(screen.getByRole('button', { name: 'Pay €72.00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove a seat' }));
    await user.click(screen.getByRole('button', { name: 'Remove a seat' }));
    expect(seats).toHaveValue(4);
    expect(summaryAmount('Subtotal')).toBe('€48.00');
  });
});

describe('team plan, 5 seats (2-50), the visitor types a count out of range', () => {
  it('says so at once, and the summary keeps the last valid count', async () => {
    const { user } = renderForm({ plan: catalogPlan('team') });
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '7');
    expect(summaryAmount('Team')).toBe('7 seats × €12.00');

    await user.type(seats, '0'); // 70: over the plan's 50
    expect(seats).toHaveAttribute('aria-invalid', 'true');
    expect(seats).toHaveAccessibleDescription(/Choose between 2 and 50 seats\./);
    expect(summaryAmount('Team')).toBe('7 seats × €12.00');
    expect(screen.getByRole('button', { name: 'Pay €84.00' })).toBeInTheDocument();

    await user.clear(seats);
    await user.type(seats, '9');
    expect(seats).not.toHaveAttribute('aria-invalid');
    expect(summaryAmount('Team')).toBe('9 seats × €12.00');
  });
});

describe('the total the form tells the server it showed', () => {
  const shownTotal = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input[name="shownTotal"]')?.value;

  it('follows the summary: seats and country change it, and the stepper posts nothing', async () => {
    const { user, container, action } = renderForm({ plan: catalogPlan('team') });
    expect(shownTotal(container)).toBe('EUR 6000');
    await user.click(screen.getByRole('button', { name: 'Add a seat' }));
    expect(shownTotal(container)).toBe('EUR 7200');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    expect(shownTotal(container)).toBe('EUR 8568');
    expect(screen.getByRole('button', { name: 'Pay €85.68' })).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('without JavaScript the − and + buttons submit the form with their intent', () => {
    renderForm({ plan: catalogPlan('team') });
    for (const [name, intent] of [
      ['Add a seat', 'seats-up'],
      ['Remove a seat', 'seats-down'],
    ]) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('type', 'submit');
      expect(button).toHaveAttribute('name', 'intent');
      expect(button).toHaveAttribute('value', intent);
    }
  });

  it('a review from the server says nothing was charged and shows the new total', () => {
    renderForm({
      plan: catalogPlan('team'),
      initialState: {
        ...initialPlanStepState,
        values: { seats: '6', country: 'DE', email: 'ada@example.com', name: 'Ada' },
        idempotencyKey: 'k'.repeat(24),
        review: 'total-changed',
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing was charged: your total is now €85.68. Check the order summary, then confirm with the button below.',
    );
    expect(screen.getByRole('button', { name: 'Pay €85.68' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  });
});

describe('per-seat plan bounded to 1-3 seats, starting at 2', () => {
  it('stops at the bounds and disables the button that would pass them', async () => {
    const { user } = renderForm({
      plan: makePlan({ id: 'team', name: 'Team', seats: { min: 1, max: 3, default: 2 } }),
    });
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    const add = screen.getByRole('button', { name: 'Add a seat' });
    const remove = screen.getByRole('button', { name: 'Remove a seat' });
    expect(add).toBeEnabled();
    expect(remove).toBeEnabled();

    await user.click(add);
    expect(seats).toHaveValue(3);
    expect(add).toBeDisabled();
    expect(summaryAmount('Subtotal')).toBe('€27.00');

    await user.click(remove);
    await user.click(remove);
    expect(seats).toHaveValue(1);
    expect(remove).toBeDisabled();
    expect(add).toBeEnabled();
    expect(summaryAmount('Subtotal')).toBe('€9.00');
  });
});

describe('team plan, 5 seats, LAUNCH20 applied, German VAT', () => {
  const applied: PlanStepState = {
    ...initialPlanStepState,
    appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
  };

  it('shows the discount line and lowers the Pay label once the server applied the code', async () => {
    const action = vi.fn<PlanStepAction>(async () => applied);
    const { user } = renderForm({ plan: catalogPlan('team'), action });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(screen.getByRole('button', { name: 'Pay €71.40' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Promo code (optional)'), 'launch20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('button', { name: 'Pay €57.12' })).toBeInTheDocument();
    expect(summaryAmount('Subtotal')).toBe('€60.00');
    expect(summaryAmount('Discount (LAUNCH20, 20% off)')).toBe('−€12.00');
    expect(summaryAmount('Tax (19%)')).toBe('€9.12');
    expect(summaryAmount('Total')).toBe('€57.12 / month');
    expect(screen.getByLabelText('Promo code (optional)')).toHaveAccessibleDescription(
      'LAUNCH20 applied: 20% off.',
    );
  });

  it('drops the discount when the visitor edits the code away from the applied one', async () => {
    const action = vi.fn<PlanStepAction>(async () => applied);
    const { user } = renderForm({ plan: catalogPlan('team'), action });
    const promo = screen.getByLabelText('Promo code (optional)');
    await user.type(promo, 'LAUNCH20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay €48.00' })).toBeInTheDocument();

    await user.type(promo, 'X');
    expect(screen.getByRole('button', { name: 'Pay €60.00' })).toBeInTheDocument();
    expect(summaryLabels()).not.toContain('Discount (LAUNCH20, 20% off)');
  });
});

describe('team plan, LAUNCH20 applied, then taken back off', () => {
  it('a Remove button empties the code and the discount leaves the summary', async () => {
    const applied: PlanStepState = {
      ...initialPlanStepState,
      appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
    };
    const action = vi.fn<PlanStepAction>(async () => applied);
    const { user } = renderForm({ plan: catalogPlan('team'), action });
    await user.type(screen.getByLabelText('Promo code (optional)'), 'LAUNCH20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay €48.00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove LAUNCH20' }));
    expect(screen.getByLabelText('Promo code (optional)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Pay €60.00' })).toBeInTheDocument();
    expect(summaryLabels()).not.toContain('Discount (LAUNCH20, 20% off)');
    expect(screen.queryByRole('button', { name: /^Remove LAUNCH20/ })).toBeNull();
  });
});

describe('pro plan with a 14-day trial and LAUNCH20', () => {
  it('names the total after the trial, never €0.00', async () => {
    const applied: PlanStepState = {
      ...initialPlanStepState,
      appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
    };
    const action = vi.fn<PlanStepAction>(async () => applied);
    const { user } = renderForm({ plan: catalogPlan('pro'), action });
    await user.type(screen.getByLabelText('Promo code (optional)'), 'LAUNCH20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const status = await screen.findByText(/Check the new total of/);
    expect(status).toHaveTextContent('Check the new total of €23.20, then pay.');
    expect(document.body.textContent).not.toMatch(/−€0\.00|of €0\.00/);
  });
});

describe('starter plan, a field left for the Pay button', () => {
  it('is not checked on blur, so the button does not move under the pointer', async () => {
    const { user, action } = renderForm();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    // Focus goes from the field to Pay: no blur error shifts the layout before the click.
    fireEvent.blur(email, { relatedTarget: submitButton() });
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    // The submit checks every field: the email is refused there, and nothing is posted.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      /Enter an email address like name@example\.com\./,
    );
    expect(action).not.toHaveBeenCalled();
  });

  it('is checked on blur when focus goes anywhere else', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByLabelText('Full name'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('pro plan with a 14-day trial', () => {
  it('asks for a card to save for the first charge, and charges nothing today', () => {
    renderForm({ plan: catalogPlan('pro') });
    expect(screen.getByRole('group', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start 14-day trial' })).toBeInTheDocument();
    expect(summaryAmount('Due today')).toBe('€0.00');
    expect(summaryAmount('After the 14-day trial')).toBe('€29.00 / month');
  });

  it('posts the saved card’s payment method when the trial starts', async () => {
    const { user, action } = renderForm({ plan: catalogPlan('pro') });
    await fillContact(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Start 14-day trial' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toMatch(/^pm_/);
  });
});

describe('pro plan with a 14-day trial, a German buyer, on 26 November 2026', () => {
  const germanBuyer = { ...initialPlanStepState, values: { country: 'DE' } };
  const form = () => (
    <PlanStepForm
      plan={catalogPlan('pro')}
      countries={catalog.countries}
      currencies={planCurrencies(catalog, catalogPlan('pro'))}
      intervals={planIntervals(catalogPlan('pro'))}
      action={echoAction()}
      initialState={germanBuyer}
      messages={resolveMessages()}
      locale="en-US"
      payment={<TestCardFields />}
    />
  );
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the server’s HTML (prerendered, all a visitor without JavaScript reads) says in 14 days', () => {
    const html = renderToString(form());
    expect(html).toContain('The first charge of €34.51 is in 14 days, then it renews');
    expect(html).not.toContain('December');
  });

  it('hydrates that HTML without a mismatch, then names the day: 10 December 2026', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form());
    document.body.append(container);
    // A mismatch fails the render: React throws it as a recoverable error.
    render(form(), { container, hydrate: true });
    expect(
      screen.getByText(
        'Nothing to pay today. The first charge of €34.51 is on December 10, 2026, then it renews until you cancel.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/in 14 days/)).toBeNull();
    container.remove();
  });
});

describe('free plan', () => {
  it('says "Get started" and asks for neither card nor promo code', () => {
    renderForm({ plan: catalogPlan('free') });
    expect(screen.getByRole('button', { name: 'Get started' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Promo code (optional)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    // A plan sold monthly only offers no interval choice.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('starter plan, visitor presses Pay on an empty form', () => {
  it('shows each field error, marks the fields invalid, focuses email and does not call the action', async () => {
    const { user, action } = renderForm();
    await user.click(submitButton());

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'This field is required.',
    );
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription('Choose a country from the list.');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    }
    // The promo code is optional and checked by the server only.
    expect(screen.getByLabelText('Promo code (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(action).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as the visitor fixes the field', async () => {
    const { user } = renderForm();
    await user.click(submitButton());
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada@example');
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    await user.type(email, '.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();
  });
});

describe('starter plan, card number with a typo (fails the Luhn check)', () => {
  it('puts the message on the card number field and does not submit', async () => {
    const { user, action } = renderForm();
    await fillContact(user);
    await fillCard(user, '4242424242424241');
    await user.click(submitButton());

    const cardNumber = screen.getByLabelText('Card number');
    expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    expect(cardNumber).toHaveAccessibleDescription(
      'This card number is not valid. Check it for typos.',
    );
    expect(cardNumber).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(action).not.toHaveBeenCalled();
  });

  it('flags it when the visitor leaves the field', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.tab();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'This card number is not valid. Check it for typos.',
    );
  });
});

describe('team plan, yearly, 5 seats, Germany, valid test card', () => {
  it('calls the action once with every field and an idempotency key', async () => {
    const { user, action } = renderForm({ plan: catalogPlan('team') });
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await fillContact(user);
    await fillCard(user);
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay €714.00' }));

    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const [state, formData] = action.mock.calls[0] ?? [];
    expect(state).toEqual(initialPlanStepState);
    expect(formData).toBeInstanceOf(FormData);
    const posted = Object.fromEntries((formData as FormData).entries());
    expect(posted).toMatchObject({
      plan: 'team',
      intent: 'pay',
      interval: 'yearly',
      currency: 'EUR',
      seats: '5',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      country: 'DE',
      promo: '',
      paymentMethod: expect.stringMatching(/^pm_/),
    });
    expect(posted.idempotencyKey).toEqual(expect.stringMatching(/\S{16,}/));
    // The card went to the processor only: the host's form post carries none of it.
    for (const field of ['cardNumber', 'cardExpiry', 'cardCvc', 'number', 'cvc']) {
      expect(Object.keys(posted)).not.toContain(field);
    }
    expect(JSON.stringify(posted)).not.toContain('4242');
    expect(tokenizeCalls).toHaveLength(1);
    expect(tokenizeCalls[0]).toContain('4242 4242 4242 4242');
    // The amount is the server's to compute: the form never posts one.
    expect(Object.keys(posted)).not.toContain('amount');
    expect(Object.keys(posted)).not.toContain('total');
  });
});

describe('starter plan, payment in flight', () => {
  it('disables the buttons and says "Processing…" until the server answers', async () => {
    const { action, resolve } = deferredAction();
    const { user } = renderForm({ action });
    await fillContact(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));

    const pending = await screen.findByRole('button', { name: 'Processing…' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    // A second press while pending does not post again.
    await user.click(pending);
    expect(action).toHaveBeenCalledTimes(1);

    resolve({ ...initialPlanStepState, idempotencyKey: 'key-1' });
    expect(await screen.findByRole('button', { name: 'Pay €10.71' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Processing…' })).not.toBeInTheDocument();
  });
});

describe('starter plan, card declined by the bank', () => {
  const declined: PlanStepState = {
    status: 'failed',
    fieldErrors: {},
    formError: { message: 'errorDeclined' },
    values: { interval: 'monthly', currency: 'EUR', email: 'ada@example.com', country: 'DE' },
    idempotencyKey: 'key-from-server',
  };

  it('announces the decline, keeps the contact details and clears card number and CVC', async () => {
    const action = vi.fn<PlanStepAction>(async () => declined);
    const { user } = renderForm({ action });
    await fillContact(user);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));

    const alert = screen.getByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('Your card was declined. Try another card.'),
    );
    // Focus goes to the card number, marked with the refusal: type another card there.
    const number = screen.getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(/Your card was declined\./);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVC')).toHaveValue('');
  });

  it('retries under the idempotency key the server returned', async () => {
    const action = vi.fn<PlanStepAction>(async () => declined);
    const { user } = renderForm({ action });
    await fillContact(user);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your card was declined. Try another card.',
      ),
    );

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    const formData = action.mock.calls[1]?.[1];
    expect(formData?.get('idempotencyKey')).toBe('key-from-server');
    expect(formData?.get('paymentMethod')).toMatch(/^pm_/);
    expect(formData?.get('cardNumber')).toBeNull();
  });
});

describe('starter plan, the test processor cannot be reached', () => {
  it('says so, keeps the card typed in and posts nothing to the host', async () => {
    processorDown = true;
    const { user, action } = renderForm();
    await fillContact(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    const alert = screen.getByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        'Your card details could not be checked. Check your connection and try again.',
      ),
    );
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(action).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay €10.71' })).toBeEnabled();
  });
});

describe('starter plan, an American Express card', () => {
  it('wants a 4-digit CVC, checked before anything is sent, then pays', async () => {
    const { user, action } = renderForm();
    await fillContact(user);
    await user.type(screen.getByLabelText('Card number'), '3782 822463 10005');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), futureExpiry);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    const cvc = screen.getByLabelText('CVC');
    expect(cvc).toHaveAttribute('aria-invalid', 'true');
    expect(cvc).toHaveAccessibleDescription('Enter the 4 digits on the front of your card.');
    expect(tokenizeCalls).toEqual([]);
    await user.type(cvc, '4');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toMatch(/^pm_/);
  });
});

describe('starter plan, server rejects the promo code', () => {
  it('shows the message on the promo field', async () => {
    const action = vi.fn<PlanStepAction>(async () => ({
      ...initialPlanStepState,
      status: 'invalid',
      fieldErrors: { promo: { message: 'errorPromoExpired' } },
    }));
    const { user } = renderForm({ action });
    const promo = screen.getByLabelText('Promo code (optional)');
    await user.type(promo, 'EXPIRED10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(promo).toHaveAccessibleDescription('This promo code has expired.'));
    expect(promo).toHaveAttribute('aria-invalid', 'true');
    expect(promo).toHaveFocus();
  });
});

describe('starter plan, Apply pressed with nothing else filled in', () => {
  it('posts intent=apply-promo without checking the other fields', async () => {
    const { user, action } = renderForm();
    await user.type(screen.getByLabelText('Promo code (optional)'), 'launch20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const formData = action.mock.calls[0]?.[1];
    expect(formData?.get('intent')).toBe('apply-promo');
    expect(formData?.get('promo')).toBe('launch20');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Card number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});

describe('team plan re-rendered from a submission without JavaScript', () => {
  const fromServer: PlanStepState = {
    status: 'invalid',
    fieldErrors: { email: { message: 'errorEmail' } },
    formError: null,
    values: {
      interval: 'yearly',
      currency: 'EUR',
      seats: '7',
      email: 'ada@example',
      name: 'Ada Lovelace',
      country: 'FR',
      promo: 'LAUNCH20',
    },
    idempotencyKey: 'server-minted-key',
  };

  it('puts the posted values and the server’s errors back into the form', () => {
    renderForm({ plan: catalogPlan('team'), initialState: fromServer });
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(7);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('FR');
    expect(screen.getByLabelText('Promo code (optional)')).toHaveValue('LAUNCH20');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    // 7 seats × 120 € yearly + 20% French VAT.
    expect(summaryAmount('Subtotal')).toBe('€840.00');
    expect(screen.getByRole('button', { name: 'Pay €1,008.00' })).toBeInTheDocument();
  });

  it('keeps the server’s idempotency key for the next submission', async () => {
    const { user, action } = renderForm({ plan: catalogPlan('team'), initialState: fromServer });
    await user.type(screen.getByLabelText('Email'), '.com');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay €1,008.00' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('idempotencyKey')).toBe('server-minted-key');
  });
});

describe('starter plan re-rendered after a post with a currency it is not sold in', () => {
  it('still renders, priced in the default currency, with the server’s message on the field', () => {
    renderForm({
      initialState: {
        status: 'invalid',
        fieldErrors: { currency: { message: 'errorCurrency' } },
        formError: null,
        values: { interval: 'monthly', currency: 'CHF', email: 'ada@example.com' },
        idempotencyKey: null,
      },
    });
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('EUR');
    expect(currency).toHaveAccessibleDescription('This plan is not sold in that currency.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeInTheDocument();
  });
});

/** The idempotency key of the action's nth call (from 0). */
function postedKey(action: Mock<PlanStepAction>, call: number): FormDataEntryValue | null {
  return action.mock.calls[call]?.[1].get('idempotencyKey') ?? null;
}

/** What a host's error boundary does: replaces the form, and "Try again" remounts it. */
class TryAgainBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <button type="button" onClick={() => this.setState({ failed: false })}>
        Try again
      </button>
    ) : (
      this.props.children
    );
  }
}

async function payForStarter(user: User) {
  await fillContact(user);
  await fillCard(user);
  await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
}

const minutesAgo = (n: number) => Date.now() - n * 60 * 1000;

describe('starter plan, the Server Action throws (provider timed out, maybe after charging)', () => {
  it('retries under the same idempotency key after the error boundary’s "Try again"', async () => {
    // React reports the error the boundary caught; the test expects it.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let calls = 0;
      const action = vi.fn<PlanStepAction>(async (state) => {
        calls += 1;
        if (calls === 1) throw new Error('payment provider timed out');
        return state;
      });
      const { user } = renderForm({ action, wrapper: TryAgainBoundary });
      await payForStarter(user);
      await user.click(await screen.findByRole('button', { name: 'Try again' }));

      // A new form with the key of the first attempt, and the email and name the visitor
      // submitted filled in again (issue 13, item 9); the card is not kept.
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
      expect(screen.getByLabelText('Card number')).toHaveValue('');
      await payForStarter(user);
      await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
      expect(postedKey(action, 0)).toEqual(expect.stringMatching(/\S{16,}/));
      expect(postedKey(action, 1)).toBe(postedKey(action, 0));
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('starter plan, back from a failed payment’s "Try again" in the same tab', () => {
  it('has the email and name filled in, but not details older than 15 minutes', async () => {
    storeBuyer(sessionStorage, { email: 'grace@example.com', name: 'Grace Hopper' }, minutesAgo(3));
    const first = renderForm();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com'));
    expect(screen.getByLabelText('Full name')).toHaveValue('Grace Hopper');
    first.unmount();

    storeBuyer(sessionStorage, { email: 'old@example.com', name: 'Old' }, minutesAgo(16));
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});

describe('starter plan, form unmounted and mounted again in the same tab', () => {
  it('posts the same idempotency key from the second form', async () => {
    const action = echoAction();
    const first = renderForm({ action });
    await payForStarter(first.user);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    first.unmount();

    const second = renderForm({ action });
    await payForStarter(second.user);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(postedKey(action, 1)).toBe(postedKey(action, 0));
  });

  it('reuses a key stored 14 minutes ago', async () => {
    storeCheckoutKey(sessionStorage, 'starter', 'key-from-14-minutes-ago', minutesAgo(14));
    const { user, action } = renderForm();
    await payForStarter(user);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(postedKey(action, 0)).toBe('key-from-14-minutes-ago');
  });

  it('replaces a key stored more than 15 minutes ago with a new one, and stores that', async () => {
    storeCheckoutKey(sessionStorage, 'starter', 'key-from-16-minutes-ago', minutesAgo(16));
    const { user, action } = renderForm();
    await payForStarter(user);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const key = postedKey(action, 0);
    expect(key).toEqual(expect.stringMatching(/\S{16,}/));
    expect(key).not.toBe('key-from-16-minutes-ago');
    expect(readCheckoutKey(sessionStorage, 'starter', Date.now())).toBe(key);
  });

  it('does not reuse another plan’s key', async () => {
    storeCheckoutKey(sessionStorage, 'team', 'key-of-the-team-plan', minutesAgo(1));
    const { user, action } = renderForm();
    await payForStarter(user);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(postedKey(action, 0)).not.toBe('key-of-the-team-plan');
  });

  it('stores the key the server answers with, and a new one when it answers with none', async () => {
    const answers = ['key-the-server-chose', null];
    const action = vi.fn<PlanStepAction>(async () => ({
      ...initialPlanStepState,
      status: 'failed',
      formError: { message: 'errorDeclined' },
      idempotencyKey: answers.shift() ?? null,
    }));
    const { user } = renderForm({ action });
    await payForStarter(user);
    await waitFor(() =>
      expect(readCheckoutKey(sessionStorage, 'starter', Date.now())).toBe('key-the-server-chose'),
    );

    // The decline cleared card number and CVC only.
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
    expect(postedKey(action, 1)).toBe('key-the-server-chose');
    await waitFor(() => {
      const stored = readCheckoutKey(sessionStorage, 'starter', Date.now());
      expect(stored).toEqual(expect.stringMatching(/\S{16,}/));
      expect(stored).not.toBe('key-the-server-chose');
    });
  });
});

describe('starter plan in a tab whose storage is unavailable (private mode, blocked)', () => {
  const blocked = new Error('SecurityError: The operation is insecure.');

  it.each([
    [
      'every storage call throws',
      () => [
        vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
          throw blocked;
        }),
        vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
          throw blocked;
        }),
      ],
    ],
    [
      'reading window.sessionStorage throws',
      () => [
        vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
          throw blocked;
        }),
      ],
    ],
  ])('still submits with a fresh key when %s', async (_, block) => {
    const spies = block();
    try {
      const { user, action } = renderForm();
      await payForStarter(user);
      await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
      expect(postedKey(action, 0)).toEqual(expect.stringMatching(/\S{16,}/));
      for (const spy of spies) expect(spy).toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('a link into the team plan with choices (?interval=yearly&seats=7…)', () => {
  const followLink = (search: string) => window.history.replaceState(null, '', `/${search}`);
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('preselects the choices the plan offers', async () => {
    followLink('?interval=yearly&seats=7&currency=USD&country=FR&promo=LAUNCH20');
    renderForm({ plan: catalogPlan('team') });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked());
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(7);
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Country')).toHaveValue('FR');
    expect(screen.getByLabelText('Promo code (optional)')).toHaveValue('LAUNCH20');
  });

  it('leaves out what the plan does not offer or no link may carry', async () => {
    followLink('?interval=weekly&seats=100000&currency=GBP&country=ES&promo=NO%20SPACES');
    renderForm({ plan: catalogPlan('team') });
    // render() runs the effects (in act), so the link has been read by now.
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(5);
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText('Country')).toHaveValue('');
    expect(screen.getByLabelText('Promo code (optional)')).toHaveValue('');
  });
});
