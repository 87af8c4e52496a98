import { describe, expect, it } from 'vitest';
import { makeCatalog, makePlan, makePromoCode } from './factories.js';

describe('fixture factories', () => {
  it('makePlan fills schema defaults and applies overrides', () => {
    const plan = makePlan({ id: 'team', seats: { min: 1, max: 50 } });
    expect(plan).toMatchObject({ id: 'team', tax: 'exclusive', retired: false, features: [] });
    expect(plan.seats).toEqual({ min: 1, max: 50 });
  });

  it('makePlan rejects what the real schema rejects', () => {
    expect(() => makePlan({ id: 'finish' })).toThrow();
  });

  it('makeCatalog holds the demo-like plans, countries and promo codes', () => {
    const catalog = makeCatalog();
    expect(catalog.plans.map((p) => p.id)).toEqual(['starter', 'pro', 'team', 'free']);
    expect(catalog.countries.map((c) => [c.code, c.taxRateBasisPoints])).toEqual([
      ['DE', 1900],
      ['FR', 2000],
      ['GB', 2000],
      ['US', 0],
      ['JP', 1000],
      ['NL', 2100],
    ]);
    expect(catalog.promoCodes.map((p) => p.code)).toEqual(['LAUNCH20', 'EXPIRED10']);
  });

  it('makeCatalog overrides replace top-level fields', () => {
    const catalog = makeCatalog({
      plans: [makePlan()],
      promoCodes: [makePromoCode({ code: 'X1' })],
    });
    expect(catalog.plans).toHaveLength(1);
    expect(catalog.promoCodes[0]?.code).toBe('X1');
  });
});
