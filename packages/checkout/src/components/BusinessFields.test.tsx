import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../catalog/schema.js';
import { resolveMessages } from '../messages/messages.js';
import { messagesFor } from '../messages/messagesFor.js';
import { quote } from '../pricing/quote.js';
import { makeCatalog } from '../test-utils/factories.js';
import { renderWithUser } from '../test-utils/render.js';
import { planCurrencies, planIntervals } from '../validation/checkoutForm.js';
import { initialPlanStepState, type PlanStepAction, type PlanStepState } from '../views/types.js';
import { PlanStepForm } from './PlanStepForm.js';
import { ReceiptTable } from './ReceiptTable.js';

const catalog = makeCatalog();
const starter = catalog.plans.find((plan) => plan.id === 'starter') as Plan;
const irishMerchant = { country: 'IE', vatId: 'IE6388047V' };

function renderForm(
  initialState?: PlanStepState,
  { locale = 'en-US', messages = resolveMessages() } = {},
) {
  const action = vi.fn<PlanStepAction>(async (state) => state);
  return renderWithUser(
    <PlanStepForm
      plan={starter}
      countries={catalog.countries}
      currencies={planCurrencies(catalog, starter)}
      intervals={planIntervals(starter)}
      action={action}
      initialState={initialState}
      messages={messages}
      locale={locale}
      merchantTax={irishMerchant}
    />,
  );
}

function summary() {
  return within(screen.getByRole('region', { name: 'Order summary' }));
}

function shownTotal(): string | null {
  return document.querySelector<HTMLInputElement>('input[name="shownTotal"]')?.value ?? null;
}

describe('a French business buying from an Irish merchant', () => {
  it('sees VAT 20% as a consumer, then VAT 0 and “Reverse charge” with both VAT IDs', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(summary().getByText('€10.80')).toBeInTheDocument();
    expect(shownTotal()).toBe('EUR 1080');

    await user.click(screen.getByRole('checkbox', { name: 'Buying for a business' }));
    await user.type(screen.getByLabelText('Company name'), 'Acme SAS');
    await user.type(screen.getByLabelText('VAT or tax ID (optional)'), 'fr 40303265045');

    const vat = summary().getByText('VAT 0% (reverse charge)');
    expect(vat.nextElementSibling?.textContent).toBe('€0.00');
    expect(summary().getByText('FR40303265045')).toBeInTheDocument();
    expect(summary().getByText('IE6388047V')).toBeInTheDocument();
    expect(summary().getByText('Reverse charge').nextElementSibling).toHaveTextContent(
      /VAT to be accounted for by the recipient/,
    );
    expect(summary().getAllByText('€9.00').length).toBeGreaterThan(0);
    // The form tells the server it showed the reverse-charged total.
    expect(shownTotal()).toBe('EUR 900');

    // Unticking the box makes it a consumer's purchase again.
    await user.click(screen.getByRole('checkbox', { name: 'Buying for a business' }));
    expect(summary().queryByText('VAT 0% (reverse charge)')).toBeNull();
    expect(shownTotal()).toBe('EUR 1080');
  });

  it('a business outside the EU (United Kingdom) is not reverse charged', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Buying for a business' }));
    await user.type(screen.getByLabelText('VAT or tax ID (optional)'), 'GB980780684');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(summary().queryByText('VAT 0% (reverse charge)')).toBeNull();
    expect(shownTotal()).toBe('EUR 1080');
  });

  it('keeps the details and shows the server’s message on a VAT ID with a wrong check digit', () => {
    renderForm({
      ...initialPlanStepState,
      status: 'invalid',
      values: {
        country: 'FR',
        business: 'on',
        company: 'Acme SAS',
        vatId: 'FR41303265045',
      },
      fieldErrors: { vatId: { message: 'errorVatIdInvalid' } },
    });
    const field = screen.getByLabelText('VAT or tax ID (optional)');
    expect(field).toHaveValue('FR41303265045');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('not a valid VAT ID for the country you chose'),
    );
    expect(screen.getByRole('checkbox', { name: 'Buying for a business' })).toBeChecked();
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme SAS');
  });
});

describe('an Egyptian Arabic page (ar-EG), a company name over the limit', () => {
  it('gives the maximum in the page’s digits, as the other fields do', () => {
    // ar-EG writes numbers in Arabic-Indic digits (plain `ar` in current ICU data uses Latin ones).
    const arabic = messagesFor('ar-EG');
    renderForm(
      {
        ...initialPlanStepState,
        status: 'invalid',
        values: { country: 'FR', business: 'on', company: 'Acme SAS' },
        fieldErrors: { company: { message: 'errorTooLong', values: { max: 100 } } },
      },
      { locale: 'ar-EG', messages: arabic },
    );
    const company = screen.getByLabelText(arabic.companyLabel);
    expect(company).toHaveAccessibleDescription(expect.stringContaining('\u0661\u0660\u0660')); // ١٠٠
    expect(company).not.toHaveAccessibleDescription(expect.stringContaining('100'));
  });
});

describe('a reverse-charged receipt', () => {
  it('says “Reverse charge”, shows VAT 0 and both VAT IDs', () => {
    const q = quote({
      plan: starter,
      interval: 'monthly',
      currency: 'EUR',
      taxRateBasisPoints: 2000,
      reverseCharge: { buyerVatId: 'FR40303265045', merchantVatId: 'IE6388047V' },
    });
    render(
      <ReceiptTable
        messages={resolveMessages()}
        locale="en-US"
        receipt={{
          reference: 'PK-7F3K-92QD',
          planId: 'starter',
          planName: 'Starter',
          interval: 'monthly',
          seats: 1,
          perSeat: false,
          email: 'ada@example.com',
          quote: q,
          amountPaid: q.dueToday,
          paymentMethod: null,
          subscriptionStatus: 'active',
          currentPeriodEnd: '2031-02-28T12:00:00.000Z',
          trialEnd: null,
          firstCharge: null,
        }}
      />,
    );
    expect(screen.getByText('VAT 0% (reverse charge)').nextElementSibling).toHaveTextContent(
      '€0.00',
    );
    expect(screen.getByText('Buyer’s VAT ID').nextElementSibling).toHaveTextContent(
      'FR40303265045',
    );
    expect(screen.getByText('Seller’s VAT ID').nextElementSibling).toHaveTextContent('IE6388047V');
  });
});
