// The Stripe payment fields in the plan step's payment slot. Stripe.js cannot load here (no
// network to js.stripe.com), so a stand-in `Stripe` object takes its place
// (test-utils/stripeStandIn.ts): it records the Elements options, mounts a Payment Element the
// test can make complete, and answers `elements.submit()` and `stripe.createPaymentMethod()`
// as Stripe.js documents them.
import type { Stripe } from '@stripe/stripe-js';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../catalog/schema.js';
import { resolveMessages } from '../messages/messages.js';
import { makeCatalog } from '../test-utils/factories.js';
import { renderWithUser } from '../test-utils/render.js';
import { standInStripe } from '../test-utils/stripeStandIn.js';
import { planCurrencies, planIntervals } from '../validation/checkoutForm.js';
import type { PlanStepAction } from '../views/types.js';
import { PlanStepForm } from './PlanStepForm.js';
import { StripePaymentFields } from './StripePaymentFields.js';

const catalog = makeCatalog();
const plan = (id: string): Plan => {
  const found = catalog.plans.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

function renderForm(stand: { stripe: Stripe | null }, planId = 'starter') {
  const action = vi.fn<PlanStepAction>(async (state) => state);
  const chosen = plan(planId);
  const result = renderWithUser(
    <PlanStepForm
      plan={chosen}
      countries={catalog.countries}
      currencies={planCurrencies(catalog, chosen)}
      intervals={planIntervals(chosen)}
      action={action}
      messages={resolveMessages()}
      locale="en-US"
      payment={
        <StripePaymentFields
          stripe={stand.stripe}
          currency="EUR"
          amount={1071}
          mode={chosen.trialDays ? 'setup' : 'subscription'}
        />
      }
    />,
  );
  return { ...result, action };
}

async function fillContact(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
}

describe('starter plan paid through Stripe’s Payment Element', () => {
  it('mounts the Payment Element in the payment slot, made without an intent', () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_stand_in' } }));
    renderForm(stand);
    expect(stand.calls.created).toEqual(['payment']);
    const group = screen.getByRole('group', { name: 'Payment' });
    expect(group).toContainElement(stand.calls.mountedIn);
    // Before a country is chosen the form shows the price without tax, and so does the
    // element.
    expect(stand.calls.elementsOptions[0]).toMatchObject({
      mode: 'subscription',
      currency: 'eur',
      amount: 900,
      paymentMethodCreation: 'manual',
      setupFutureUsage: 'off_session',
    });
    // No card input of the host's own: the card is typed in Stripe's frame only.
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('Pay submits the element, makes the payment method at Stripe and posts only its id', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_stand_in' } }));
    const { user, action } = renderForm(stand);
    await fillContact(user);
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toBe('pm_stand_in');
    expect(stand.calls.submits).toBe(1);
    expect(stand.calls.createPaymentMethod).toEqual([{ elements: stand.elements }]);
  });

  it('an incomplete element is not submitted: Stripe shows its errors, nothing is posted', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_stand_in' } }));
    const { user, action } = renderForm(stand);
    await fillContact(user);
    stand.change(false);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(stand.calls.submits).toBe(1));
    expect(stand.calls.createPaymentMethod).toEqual([]);
    expect(action).not.toHaveBeenCalled();
  });

  it('when Stripe cannot make the payment method, the form says so and posts nothing', async () => {
    const stand = standInStripe(async () => ({
      error: { type: 'api_connection_error', message: 'Network error' },
    }));
    const { user, action } = renderForm(stand);
    await fillContact(user);
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    expect(
      await screen.findByText(resolveMessages().errorPaymentMethod, { exact: false }),
    ).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});

describe('the Payment Element follows the buyer (issue 21, item 2)', () => {
  it('interval, currency, country and seats: the element is updated to the amount Pay charges', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_stand_in' } }));
    const { user } = renderForm(stand, 'team');
    const first = stand.calls.elementsOptions[0];
    // Team, 5 seats × €12.00; with German VAT 19% once the country is known: €71.40.
    expect(first).toMatchObject({ mode: 'subscription', currency: 'eur', amount: 6000 });
    const last = () => stand.calls.updates.at(-1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    await waitFor(() => expect(last()).toEqual({ amount: 7140 }));

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await waitFor(() => expect(last()).toEqual({ amount: 71400 }));
    expect(screen.getByRole('button', { name: 'Pay €714.00' })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await waitFor(() => expect(last()).toMatchObject({ currency: 'usd' }));
    const inUsd = last()?.amount;
    expect(screen.getByRole('button', { name: /^Pay \$/ })).toHaveTextContent(
      `$${((inUsd ?? 0) / 100).toFixed(2)}`,
    );

    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '7');
    await waitFor(() => expect(last()?.amount).toBe(Math.round(((inUsd ?? 0) * 7) / 5)));
  });

  it('a trial stays in setup mode, with no amount, whatever the buyer picks', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_saved_for_trial' } }));
    const { user } = renderForm(stand, 'pro');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await waitFor(() => expect(stand.calls.updates.at(-1)).toEqual({ currency: 'usd' }));
    for (const update of stand.calls.updates) expect(update).not.toHaveProperty('amount');
  });
});

describe('Stripe.js cannot load (blocked, offline)', () => {
  it('Pay posts without a payment method, so the buyer pays on Stripe’s hosted page', async () => {
    const { user, action } = renderForm({ stripe: null });
    expect(
      screen.getByText(resolveMessages().paymentNoJsHint, { selector: '.pk-stripe-fields p' }),
    ).toBeVisible();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toBeNull();
  });
});

describe('pro plan with a trial, through Stripe', () => {
  it('collects the card in setup mode (nothing charged today) and posts its id', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_saved_for_trial' } }));
    const { user, action } = renderForm(stand, 'pro');
    expect(stand.calls.elementsOptions[0]).toMatchObject({ mode: 'setup', currency: 'eur' });
    expect(stand.calls.elementsOptions[0]).not.toHaveProperty('amount');
    await fillContact(user);
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Start 14-day trial' }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]?.[1].get('paymentMethod')).toBe('pm_saved_for_trial');
  });
});

describe('a card that needs 3-D Secure in the page (use_stripe_sdk)', () => {
  it('the server’s client secret goes to Stripe.js handleNextAction', async () => {
    const stand = standInStripe(async () => ({ paymentMethod: { id: 'pm_needs_3ds' } }));
    const { user, action } = renderForm(stand);
    const nextAction = {
      clientSecret: 'pi_3ds_secret_abc',
      returnUrl: '/checkout/finish?session=x',
    };
    action.mockImplementation(async (state) => ({ ...state, nextAction }));
    await fillContact(user);
    stand.change(true);
    await user.click(screen.getByRole('button', { name: 'Pay €10.71' }));
    await waitFor(() => expect(stand.calls.nextActions).toEqual(['pi_3ds_secret_abc']));
    // Busy until the browser has left for the finish step.
    expect(screen.getByRole('button', { name: resolveMessages().submitPending })).toBeDisabled();
  });
});

describe('Stripe.js from STRIPE_JS_URL (a stand-in)', () => {
  const scripts = () =>
    [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

  it('is put in the page before loadStripe with a test key, never with a live one', () => {
    renderWithUser(
      <PlanStepForm
        plan={plan('starter')}
        countries={catalog.countries}
        currencies={planCurrencies(catalog, plan('starter'))}
        intervals={planIntervals(plan('starter'))}
        action={vi.fn<PlanStepAction>(async (state) => state)}
        messages={resolveMessages()}
        locale="en-US"
        payment={
          <>
            <StripePaymentFields
              publishableKey="pk_live_abc"
              stripeJsUrl="http://127.0.0.1:12111/live/stripe.js"
              currency="EUR"
            />
            <StripePaymentFields
              publishableKey="pk_test_abc"
              stripeJsUrl="http://127.0.0.1:12111/v3/stripe.js"
              currency="EUR"
            />
          </>
        }
      />,
    );
    expect(scripts()).toContain('http://127.0.0.1:12111/v3/stripe.js');
    expect(scripts()).not.toContain('http://127.0.0.1:12111/live/stripe.js');
    expect(scripts().some((src) => src?.includes('js.stripe.com'))).toBe(false);
  });
});
