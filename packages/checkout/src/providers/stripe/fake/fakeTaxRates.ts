// Tax Rates of the fake Stripe API (https://docs.stripe.com/api/tax_rates): what a
// subscription item or a Checkout line item names in `tax_rates`, and the tax an invoice
// line gets from each (https://docs.stripe.com/billing/taxes/tax-rates): an exclusive rate
// adds `amount × percentage`, an inclusive one is contained in the amount; each rounded to
// the minor unit, per line.

import type Stripe from 'stripe';
import { listOf } from './fakeCustomers.js';
import { invalidRequest } from './fakeStripeErrors.js';
import { type FakeStripeState, randomId } from './fakeStripeState.js';
import type { FakeTaxRate } from './fakeStripeTypes.js';

/** One line's tax for one rate, in minor units. */
export function taxOfLine(amount: number, rate: Pick<FakeTaxRate, 'percentage' | 'inclusive'>) {
  return rate.inclusive
    ? amount - Math.round(amount / (1 + rate.percentage / 100))
    : Math.round((amount * rate.percentage) / 100);
}

/** The fake's tax rates. */
export function createFakeTaxRates(state: FakeStripeState) {
  function createTaxRate(params: Stripe.TaxRateCreateParams): FakeTaxRate {
    const percentage = Number(params.percentage);
    if (!(percentage >= 0 && percentage <= 100)) {
      throw invalidRequest('Percentage must be between 0 and 100.', undefined, 'percentage');
    }
    return state.put<FakeTaxRate>({
      id: `txr_${randomId()}`,
      object: 'tax_rate',
      active: params.active === undefined ? true : String(params.active) === 'true',
      country: params.country ?? null,
      description: params.description ?? null,
      display_name: params.display_name,
      inclusive: String(params.inclusive) === 'true',
      jurisdiction: params.jurisdiction ?? null,
      metadata: { ...(params.metadata as Record<string, string> | undefined) },
      percentage,
      tax_type: (params.tax_type as FakeTaxRate['tax_type']) ?? null,
      created: state.now(),
      livemode: false,
    });
  }

  /** `GET /v1/tax_rates`: newest first, filtered by `active` and `inclusive`. */
  function listTaxRates(params: Stripe.TaxRateListParams) {
    const flag = (value: unknown) => (value === undefined ? undefined : String(value) === 'true');
    const active = flag(params.active);
    const inclusive = flag(params.inclusive);
    const found = [...state.objects.values()]
      .filter((o): o is FakeTaxRate => o.object === 'tax_rate')
      .filter((r) => active === undefined || r.active === active)
      .filter((r) => inclusive === undefined || r.inclusive === inclusive)
      .reverse();
    return listOf(found, '/v1/tax_rates', params);
  }

  /** The rates a line names (`items[0][tax_rates]`), each checked to exist and be active. */
  function taxRatesOf(ids: unknown, param: string): FakeTaxRate[] {
    if (ids === undefined || ids === '') return [];
    const list = Array.isArray(ids) ? ids : Object.values(ids as Record<string, unknown>);
    return list.map((id, index) => {
      const rate = state.get<FakeTaxRate>(String(id), 'tax_rate', 'tax rate', `${param}[${index}]`);
      if (!rate.active) {
        throw invalidRequest(
          `Tax rate ${rate.id} is archived and cannot be applied.`,
          undefined,
          `${param}[${index}]`,
        );
      }
      return rate;
    });
  }

  return { createTaxRate, listTaxRates, taxRatesOf };
}

/** The fake's tax rates. */
export type FakeTaxRates = ReturnType<typeof createFakeTaxRates>;
