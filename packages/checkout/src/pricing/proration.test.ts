import { makeCatalog } from '../test-utils/factories.js';
import { addBillingInterval, prorate } from './proration.js';
import { quote } from './quote.js';

const catalog = makeCatalog();
const plan = (id: string) => {
  const found = catalog.plans.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const start = new Date('2031-01-31T12:00:00.000Z');
const end = new Date('2031-02-28T12:00:00.000Z'); // 28 days
const half = new Date('2031-02-14T12:00:00.000Z');
const germany = { currency: 'EUR', taxRateBasisPoints: 1900 };

describe('proration, by remaining seconds of the period', () => {
  it('team, 5 → 7 seats half-way, German VAT added: 2 seats × €12 × ½ + 19%', () => {
    const current = quote({ plan: plan('team'), interval: 'monthly', seats: 5, ...germany });
    const next = quote({ plan: plan('team'), interval: 'monthly', seats: 7, ...germany });
    const p = prorate({ current, next, periodStart: start, periodEnd: end, at: half });
    expect(p.unused).toEqual({ net: 3000, tax: 570, total: 3570 });
    expect(p.charge).toEqual({ net: 4200, tax: 798, total: 4998 });
    expect([p.amountDue, p.tax, p.credit, p.direction]).toEqual([1428, 228, 0, 'upgrade']);
    expect(p.period).toEqual({ start, end });
  });

  it('counts whole seconds: a change 0.9 s later is the same second; each line rounds on its own', () => {
    const current = quote({ plan: plan('team'), interval: 'monthly', seats: 5, ...germany });
    const next = quote({ plan: plan('team'), interval: 'monthly', seats: 7, ...germany });
    const at = new Date(half.getTime() + 1000 * 3601 + 900); // 1 h 1 s later, and 0.9 s
    const p = prorate({ current, next, periodStart: start, periodEnd: end, at });
    expect(p.at.toISOString()).toBe('2031-02-14T13:00:01.000Z');
    expect(p.remainingSeconds).toBe(14 * 86400 - 3601);
    // 6000 × 1205999 / 2419200 = 2991.07… → 2991; 8400 × … = 4187.49… → 4187
    expect(p.unused.net).toBe(2991);
    expect(p.charge.net).toBe(4187);
    expect(p.amountDue).toBe(4187 + 796 - (2991 + 568));
  });

  it('monthly → yearly starts a new year at the change; the unused month is credited', () => {
    const current = quote({ plan: plan('starter'), interval: 'monthly', ...germany });
    const next = quote({ plan: plan('starter'), interval: 'yearly', ...germany });
    const p = prorate({ current, next, periodStart: start, periodEnd: end, at: half });
    expect(p.unused).toEqual({ net: 450, tax: 86, total: 536 });
    expect(p.charge).toEqual({ net: 9000, tax: 1710, total: 10710 });
    expect(p.amountDue).toBe(10174);
    expect(p.period).toEqual({ start: half, end: new Date('2032-02-14T12:00:00.000Z') });
  });

  it('a cheaper plan is a downgrade: a credit, nothing due; reverse charge taxes nothing', () => {
    const reverseCharge = { buyerVatId: 'FR40303265045', merchantVatId: 'DE129273398' };
    const current = quote({ plan: plan('pro'), interval: 'monthly', reverseCharge, ...germany });
    const next = quote({ plan: plan('starter'), interval: 'monthly', reverseCharge, ...germany });
    const p = prorate({ current, next, periodStart: start, periodEnd: end, at: half });
    expect([p.direction, p.amountDue, p.credit, p.tax]).toEqual(['downgrade', 0, 1000, 0]);
  });

  it('adds calendar months in UTC, clamped to the end of a shorter month, as Postgres does', () => {
    expect(addBillingInterval(start, 'monthly').toISOString()).toBe('2031-02-28T12:00:00.000Z');
    expect(addBillingInterval(new Date('2031-12-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2032-01-31T00:00:00.000Z',
    );
    expect(addBillingInterval(new Date('2032-02-29T08:00:00Z'), 'yearly').toISOString()).toBe(
      '2033-02-28T08:00:00.000Z',
    );
  });
});
