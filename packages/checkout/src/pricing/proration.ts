// Proration of a plan change (issue 22.1): what a change of plan, interval or seats costs or
// credits now, computed from two quotes and the current period. Pure (no clock, no I/O): the
// engine, the test processor and the tests all call it, so they agree to the minor unit.
//
// The rule, as Stripe prorates (https://docs.stripe.com/billing/subscriptions/prorations):
// - Time is counted in whole seconds. The change happens at the proration instant `at`
//   (truncated to the second); `remaining` is the seconds from `at` to the period's end,
//   `period` the seconds of the whole period.
// - Same interval (plan or seats change): the buyer is credited the unused part of what the
//   current terms cost, round(currentNet × remaining / period), and charged the remaining
//   part of the new terms, round(nextNet × remaining / period). The period stays.
// - Another interval (monthly ↔ yearly): the billing cycle starts again at `at` (Stripe
//   resets the anchor when the interval changes): the unused part of the current terms is
//   credited, the new terms are charged in full, the new period is [at, at + interval).
// - "Net" is what a quote's tax applies to: the subtotal less the discount (the promo stays
//   as at the checkout). Each of the two lines is rounded to the currency's increment on its
//   own, then taxed on its own with the checkout's rate, as a tax rate taxes each invoice
//   line: exclusive, tax = round(net × rate) is added; inclusive, the tax is extracted from
//   the net; reverse charge (rate 0), no tax.
// - The change's total is the charge's total less the credit's. Positive: an upgrade, due
//   now. Zero or negative: a downgrade; applied now, its absolute value is a credit toward
//   the next charges; applied at the period's end (the default), nothing is credited.

import type { BillingInterval } from '../catalog/constants.js';
import { roundToIncrement } from '../catalog/stripeCurrencies.js';
import type { Quote } from './quote.js';

/** One line of a proration: a net amount, its tax and the total (tax included). */
export interface ProrationLine {
  net: number;
  tax: number;
  total: number;
}

/** What a plan change costs or credits at one instant. */
export interface Proration {
  /** The proration instant, whole seconds. */
  at: Date;
  /** Seconds from `at` to the current period's end, and of the whole period. */
  remainingSeconds: number;
  periodSeconds: number;
  /** The interval changes: the period starts again at `at`. */
  resetsPeriod: boolean;
  /** The unused part of the current terms (credited; positive amounts). */
  unused: ProrationLine;
  /** What the new terms cost until the (new) period's end (charged). */
  charge: ProrationLine;
  /** The change's amounts: charge − unused (negative for a credit). */
  net: number;
  tax: number;
  total: number;
  /** Due now: the total when positive, else 0. */
  amountDue: number;
  /** Credited when applied now: −total when negative, else 0. */
  credit: number;
  /** `upgrade` when something is due now, else `downgrade`. */
  direction: 'upgrade' | 'downgrade';
  /** The period after the change (the same one, unless the interval changes). */
  period: { start: Date; end: Date };
}

/** Truncates a time to the whole second (Stripe's `proration_date` is in seconds). */
export function toWholeSecond(time: Date): Date {
  return new Date(Math.floor(time.getTime() / 1000) * 1000);
}

/**
 * A time plus one billing interval, in calendar months in UTC, clamped to the end of a
 * shorter month (31 January + 1 month = 28 February): as the store renews (Postgres's
 * interval arithmetic, `addBillingInterval` in the SQL store) and as Stripe dates periods.
 */
export function addBillingInterval(time: Date, interval: BillingInterval): Date {
  const months = interval === 'yearly' ? 12 : 1;
  const year = time.getUTCFullYear();
  const month = time.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(time.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(time.getUTCDate(), lastDay));
  return result;
}

/** A quote's net: what its tax applies to (subtotal less the discount). */
export function netOf(terms: Pick<Quote, 'subtotal' | 'discount'>): number {
  return terms.subtotal - terms.discount;
}

/** The tax of one net line with a quote's rate and treatment (0 when reverse charged). */
export function taxedLine(net: number, terms: Quote): ProrationLine {
  const rate = terms.reverseCharge ? 0 : terms.taxRateBasisPoints;
  const round = (value: number) => roundToIncrement(value, terms.currency);
  const tax = terms.taxInclusive
    ? net - round((net * 10_000) / (10_000 + rate))
    : round((net * rate) / 10_000);
  return { net, tax, total: terms.taxInclusive ? net : net + tax };
}

/** What changing from `current` to `next` at `at` costs or credits (see the rule above). */
export function prorate(input: {
  current: Quote;
  next: Quote;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): Proration {
  const { current, next } = input;
  const at = toWholeSecond(input.at);
  const startS = Math.floor(input.periodStart.getTime() / 1000);
  const endS = Math.floor(input.periodEnd.getTime() / 1000);
  const periodSeconds = Math.max(1, endS - startS);
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, endS - at.getTime() / 1000));
  const round = (value: number) => roundToIncrement(value, current.currency);
  const fraction = (net: number) => round((net * remainingSeconds) / periodSeconds);
  const resetsPeriod = current.interval !== next.interval;
  const unused = taxedLine(fraction(netOf(current)), current);
  const charge = taxedLine(resetsPeriod ? netOf(next) : fraction(netOf(next)), next);
  const total = charge.total - unused.total;
  return {
    at,
    remainingSeconds,
    periodSeconds,
    resetsPeriod,
    unused,
    charge,
    net: charge.net - unused.net,
    tax: charge.tax - unused.tax,
    total,
    amountDue: Math.max(0, total),
    credit: Math.max(0, -total),
    direction: total > 0 ? 'upgrade' : 'downgrade',
    period: resetsPeriod
      ? { start: at, end: addBillingInterval(at, next.interval) }
      : { start: input.periodStart, end: input.periodEnd },
  };
}
