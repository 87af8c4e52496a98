// VAT reaches Stripe as tax: a Tax Rate per country, rate and kind (exclusive for plans
// whose prices exclude tax, inclusive for the others), reused by every checkout, so Stripe's
// invoices and receipts show the VAT line (https://docs.stripe.com/billing/taxes/tax-rates).
//
// The amounts stay Plankit's quote: a line goes to Stripe with a Tax Rate only when
// Stripe's arithmetic (the tax per line, rounded to the minor unit) gives the quote's tax
// exactly, so the buyer is charged what the plan step showed. Otherwise (a currency whose
// amounts move in steps, where the quote rounds to the step, or a tax of exactly half a
// minor unit, whose rounding Stripe does not document) the line carries the total, with no
// tax line.

import type Stripe from 'stripe';
import type { IntentTax } from '../types.js';

/** A line of a subscription or Checkout Session: its amount and the rates it carries. */
export interface TaxedLine {
  /** The line's `unit_amount` (quantity 1). */
  unitAmount: number;
  /** Tax Rate ids (`txr_…`); empty for no tax line. */
  taxRates: string[];
}

/** The tax Stripe computes for one line at a rate (percent), rounded to the minor unit. */
export function stripeTaxOf(amount: number, percentage: number, inclusive: boolean): number {
  return inclusive
    ? amount - Math.round(amount / (1 + percentage / 100))
    : Math.round((amount * percentage) / 100);
}

/**
 * Whether the tax of a line falls exactly on half a minor unit, where the result depends on
 * how a half is rounded (up, or to even), which Stripe does not document for Tax Rates.
 * Integers only: no floating point decides it.
 */
export function onHalf(amount: number, basisPoints: number, inclusive: boolean): boolean {
  if (!inclusive) return (amount * basisPoints) % 10_000 === 5_000;
  const twice = 2 * amount * 10_000;
  const divisor = 10_000 + basisPoints;
  return twice % divisor === 0 && (twice / divisor) % 2 === 1;
}

/** Which Tax Rate a tax needs, or null when the line carries no tax line. */
export function taxRateNeeded(
  total: number,
  tax: IntentTax | undefined,
): { unitAmount: number; percentage: number; inclusive: boolean; country: string } | null {
  if (!tax || tax.reverseChargeVatId || tax.rateBasisPoints <= 0 || tax.amount <= 0) return null;
  const percentage = tax.rateBasisPoints / 100;
  const unitAmount = tax.inclusive ? total : total - tax.amount;
  if (onHalf(unitAmount, tax.rateBasisPoints, tax.inclusive)) return null;
  if (stripeTaxOf(unitAmount, percentage, tax.inclusive) !== tax.amount) return null;
  return { unitAmount, percentage, inclusive: tax.inclusive, country: tax.country.toUpperCase() };
}

/** Plankit's Tax Rates of a Stripe account, found or made once per country, rate and kind. */
export function createStripeTaxRates(stripe: Stripe) {
  // A Tax Rate's percentage never changes (https://docs.stripe.com/api/tax_rates/update),
  // so an id once found stays right for this process.
  const known = new Map<string, Promise<string>>();

  async function findOrCreate(
    key: string,
    rate: NonNullable<ReturnType<typeof taxRateNeeded>>,
  ): Promise<string> {
    for await (const found of stripe.taxRates.list({
      active: true,
      inclusive: rate.inclusive,
      limit: 100,
    })) {
      if (found.metadata?.plankit_tax_rate === key) return found.id;
    }
    const created = await stripe.taxRates.create(
      {
        display_name: 'VAT',
        description: `VAT ${rate.country} ${rate.percentage}%${rate.inclusive ? ' (inclusive)' : ''}`,
        percentage: rate.percentage,
        inclusive: rate.inclusive,
        country: rate.country,
        jurisdiction: rate.country,
        tax_type: 'vat',
        metadata: { plankit_tax_rate: key },
      },
      // Two hosts making the same rate at once make one.
      { idempotencyKey: `plankit-tax-rate-${key}` },
    );
    return created.id;
  }

  /** The line for `total` with its tax as a Tax Rate, or the total alone (see above). */
  async function taxedLine(total: number, tax: IntentTax | undefined): Promise<TaxedLine> {
    const rate = taxRateNeeded(total, tax);
    if (!rate) return { unitAmount: total, taxRates: [] };
    const key = `${rate.country}-${rate.percentage}-${rate.inclusive ? 'inclusive' : 'exclusive'}`;
    let id = known.get(key);
    if (!id) {
      id = findOrCreate(key, rate);
      known.set(key, id);
      // A failure is not remembered: the next checkout asks again.
      id.catch(() => known.delete(key));
    }
    return { unitAmount: rate.unitAmount, taxRates: [await id] };
  }

  return { taxedLine };
}
