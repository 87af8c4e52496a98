import {
  FinishStep,
  type FinishView,
  PlanStep,
  type PlanStepState,
  parseCatalog,
  TestCardFields,
} from '@plankit/checkout';
import {
  createPgliteClient,
  createTestPaymentProvider,
  type SqlClient,
} from '@plankit/checkout/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, version } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The package promises React ^18.3 || ^19. This app has React 18.3 and the packed
// tarball: the plan step must still validate, submit, show pending and show the result.

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [
    {
      id: 'starter',
      name: 'Starter',
      prices: { monthly: { EUR: 900 }, yearly: { EUR: 9000 } },
      tax: 'inclusive',
    },
  ],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});
const plan = catalog.plans[0] ?? failWith('the catalog has a plan');

function failWith(message: string): never {
  throw new Error(message);
}

// The card fields send the card to the test processor, which a host serves at
// /test-processor: here a real one on an embedded database, answering the page's fetch.
let processorDb: SqlClient;
const tokenized: string[] = [];
beforeAll(async () => {
  processorDb = await createPgliteClient();
  const provider = createTestPaymentProvider({ ledger: processorDb });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    tokenized.push(String(init?.body ?? ''));
    return provider.handle(new Request(new URL(input, 'http://127.0.0.1'), init));
  });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await processorDb.close();
});

/** The plan step with the test provider's card fields in its payment slot. */
function renderPlanStep(action: ComponentProps<typeof PlanStep>['action']) {
  render(
    <PlanStep
      catalog={catalog}
      plan={plan}
      action={action}
      plansHref="/"
      payment={<TestCardFields />}
    />,
  );
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.selectOptions(screen.getByLabelText('Country'), 'DE');
  await user.type(screen.getByLabelText('Card number'), '4000000000000002');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('a React 18.3 app', () => {
  it('runs on React 18', () => {
    expect(version).toMatch(/^18\.3\./);
  });

  it('switches the interval and prices the button from the catalog', async () => {
    const user = userEvent.setup();
    renderPlanStep(vi.fn());
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Pay €90.00' })).toBeInTheDocument();
  });

  it('refuses an empty form without calling the action, and focuses the first field', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    renderPlanStep(action);
    await user.click(screen.getByRole('button', { name: 'Pay €9.00' }));
    expect(action).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('submits, shows "Processing…", then the decline with the inputs kept and the card cleared', async () => {
    const user = userEvent.setup();
    let answer: (state: PlanStepState) => void = () => {};
    const action = vi.fn(
      (_state: PlanStepState, _form: FormData) =>
        new Promise<PlanStepState>((resolve) => {
          answer = resolve;
        }),
    );
    renderPlanStep(action);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay €9.00' }));

    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(action).toHaveBeenCalledTimes(1);
    const posted = action.mock.calls[0]?.[1];
    expect(posted?.get('email')).toBe('ada@example.com');
    // The card went to the processor; the form carries only its payment-method id.
    const digits = (text: string) => text.replace(/\s/g, '');
    expect(tokenized.some((body) => digits(body).includes('4000000000000002'))).toBe(true);
    expect(String(posted?.get('paymentMethod'))).toMatch(/^pm_/);
    for (const [, value] of posted?.entries() ?? []) {
      expect(digits(String(value))).not.toContain('4000000000000002');
    }
    expect(String(posted?.get('idempotencyKey'))).not.toBe('');
    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeDisabled();

    answer({
      status: 'failed',
      fieldErrors: {},
      formError: { message: 'errorDeclined' },
      values: { email: 'ada@example.com', name: 'Ada Lovelace', country: 'DE' },
      idempotencyKey: String(posted?.get('idempotencyKey')),
    });
    // The form's alert says it, and the card number (where focus goes) is marked with it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was declined. Try another card.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      /Your card was declined\. Try another card\./,
    );
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('CVC')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Pay €9.00' })).toBeEnabled();
  });

  it('renders the finish step', () => {
    const view: FinishView = { status: 'not_found' };
    render(<FinishStep view={view} plansHref="/" />);
    expect(screen.getByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
  });
});
