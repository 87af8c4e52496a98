import { describe, expect, it } from 'vitest';
import { makeCatalog, makePlan, type PlanInput } from '../test-utils/factories.js';
import { CatalogError, parseCatalog } from './parseCatalog.js';
import type { CatalogInput } from './schema.js';

/** A valid catalog as a host would write it, with defaults left out. */
function catalogInput(overrides: Partial<CatalogInput> = {}): CatalogInput {
  return {
    defaultCurrency: 'EUR',
    plans: [{ id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } }],
    countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
    ...overrides,
  };
}

/** A catalog whose plans are these raw inputs (not run through the schema first). */
function withPlans(...plans: unknown[]): unknown {
  return catalogInput({ plans: plans as PlanInput[] });
}

/** The CatalogError that parsing this input throws. */
function errorFor(input: unknown): CatalogError {
  try {
    parseCatalog(input);
  } catch (error) {
    if (error instanceof CatalogError) return error;
    throw error;
  }
  throw new Error('expected parseCatalog to throw');
}

const starter = { id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } };

describe('a valid catalog', () => {
  it('passes and gets every default filled in', () => {
    const catalog = parseCatalog(catalogInput());
    expect(catalog.promoCodes).toEqual([]);
    expect(catalog.plans[0]).toEqual({
      id: 'starter',
      name: 'Starter',
      description: '',
      features: [],
      defaultLocale: 'en',
      prices: { monthly: { EUR: 900 } },
      tax: 'exclusive',
      retired: false,
    });
  });

  it('passes the demo-like fixture catalog unchanged', () => {
    const catalog = makeCatalog();
    expect(parseCatalog(catalog)).toEqual(catalog);
  });
});

describe('a catalog with mistakes', () => {
  it('throws a CatalogError with a heading and one line per problem', () => {
    const error = errorFor(withPlans({ ...starter, seats: { min: 5, max: 2 } }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CatalogError');
    expect(error.issues).toEqual(['plan "starter": seats: min must not exceed max']);
    expect(error.message).toBe(
      'Invalid plan catalog:\n- plan "starter": seats: min must not exceed max',
    );
  });

  it('names a plan with a bad id by that id and the id field', () => {
    expect(errorFor(withPlans({ ...starter, id: 'Team Plan' })).issues).toEqual([
      'plan "Team Plan": id: must be a slug: lowercase letters, digits and "-", at most 64 characters',
    ]);
  });

  it('names a plan without an id by its position', () => {
    expect(
      errorFor(
        withPlans(starter, { ...starter, id: 'pro' }, { name: 'Nameless', prices: starter.prices }),
      ).issues,
    ).toEqual(['plan #3 (no id): id: is required']);
  });

  it('refuses "finish" as a plan id because the routes reserve it', () => {
    expect(errorFor(withPlans({ ...starter, id: 'finish' })).issues).toEqual([
      'plan "finish": id: is reserved by the checkout routes',
    ]);
  });

  it('refuses two plans with the same id and says which one', () => {
    expect(errorFor(withPlans(starter, { ...starter, name: 'Again' })).issues).toEqual([
      'plan "starter" (#2): id: is used twice',
    ]);
  });

  it('refuses seats whose min exceeds max', () => {
    expect(
      errorFor(withPlans(starter, { ...starter, id: 'team', seats: { min: 10, max: 5 } })).issues,
    ).toEqual(['plan "team": seats: min must not exceed max']);
  });

  it('refuses a seat default outside min..max', () => {
    expect(
      errorFor(withPlans({ ...starter, id: 'team', seats: { min: 2, max: 5, default: 9 } })).issues,
    ).toEqual(['plan "team": seats: default must lie between min and max']);
  });

  it('refuses a plan with no price', () => {
    expect(errorFor(withPlans({ ...starter, id: 'pro', prices: {} })).issues).toEqual([
      'plan "pro": prices: needs a monthly or a yearly price',
    ]);
  });

  it('refuses an interval with no currency', () => {
    expect(errorFor(withPlans({ ...starter, prices: { monthly: {} } })).issues).toEqual([
      'plan "starter": prices.monthly: needs at least one currency',
      'plan "starter": prices.monthly: has no price in the default currency EUR',
    ]);
  });

  it('refuses monthly and yearly prices in different currencies', () => {
    const plan = {
      ...starter,
      prices: { monthly: { EUR: 900 }, yearly: { EUR: 9000, USD: 9900 } },
    };
    expect(errorFor(withPlans(plan)).issues).toEqual([
      'plan "starter": prices: monthly and yearly must list the same currencies',
    ]);
  });

  it('refuses a plan without a price in the default currency', () => {
    const plan = { ...starter, id: 'us-only', prices: { yearly: { USD: 9900 } } };
    expect(errorFor(withPlans(starter, plan)).issues).toEqual([
      'plan "us-only": prices.yearly: has no price in the default currency EUR',
    ]);
  });

  it('names a lowercase currency key', () => {
    expect(errorFor(withPlans({ ...starter, prices: { monthly: { eur: 900 } } })).issues).toEqual([
      'plan "starter": prices.monthly: key "eur" must be a three-letter ISO 4217 code in capitals, such as EUR',
    ]);
  });

  it('refuses a price in fractions of a cent', () => {
    expect(errorFor(withPlans({ ...starter, prices: { monthly: { EUR: 9.99 } } })).issues).toEqual([
      'plan "starter": prices.monthly.EUR: must be a whole number of minor units (cents)',
    ]);
  });

  it('refuses two promo codes with the same code', () => {
    const input = catalogInput({
      promoCodes: [
        { code: 'LAUNCH20', percentOff: 20 },
        { code: 'LAUNCH20', percentOff: 30 },
      ],
    });
    expect(errorFor(input).issues).toEqual(['promo code "LAUNCH20" (#2): code: is used twice']);
  });

  it('refuses a promo code limited to a plan the catalog does not have', () => {
    const input = catalogInput({
      plans: [starter, { ...starter, id: 'team', name: 'Team' }],
      promoCodes: [{ code: 'TEAM10', percentOff: 10, planIds: ['starter', 'tema'] }],
    });
    expect(errorFor(input).issues).toEqual([
      'promo code "TEAM10": planIds[1]: names no plan of the catalog ("tema")',
    ]);
  });

  it('names a country by its code', () => {
    const input = catalogInput({ countries: [{ code: 'DE', name: '', taxRateBasisPoints: 1900 }] });
    expect(errorFor(input).issues).toEqual([
      'country "DE": name: Too small: expected string to have >=1 characters',
    ]);
  });

  it('names top-level fields', () => {
    expect(errorFor(catalogInput({ defaultCurrency: 'euro' })).issues).toContain(
      'defaultCurrency: must be a three-letter ISO 4217 code in capitals, such as EUR',
    );
    expect(errorFor(catalogInput({ plans: [] })).issues).toEqual([
      'plans: needs at least one plan',
    ]);
  });

  it('lists every problem at once', () => {
    const error = errorFor(
      withPlans(
        { ...starter, seats: { min: 5, max: 2 } },
        { ...starter, name: 'Twin' },
        { ...starter, id: 'team', prices: { monthly: { USD: 100 } } },
      ),
    );
    expect(error.issues).toEqual([
      'plan "starter" (#1): seats: min must not exceed max',
      'plan "starter" (#2): id: is used twice',
      'plan "team": prices.monthly: has no price in the default currency EUR',
    ]);
    expect(error.message.split('\n')).toHaveLength(4);
  });

  it('refuses something that is not a catalog at all', () => {
    expect(errorFor('plans.json').issues).toEqual([
      'catalog: Invalid input: expected object, received string',
    ]);
    expect(errorFor(undefined).issues).toEqual(['catalog: is required']);
  });

  it('keeps a hostile plan id short and on one line', () => {
    const id = `evil\n- plan "ok": fine${'x'.repeat(10_000)}`;
    const [issue] = errorFor(withPlans({ ...starter, id })).issues;
    expect(issue).toMatch(/^plan "evil\\n- plan \\"ok\\": finex*…": id: must be a slug/);
    expect(issue).not.toContain('\n');
    expect(issue?.length).toBeLessThan(200);
  });

  it('does not trip over prototype names in the input', () => {
    const error = errorFor(withPlans({ ...starter, id: '__proto__' }));
    expect(error.issues).toEqual([
      'plan "__proto__": id: must be a slug: lowercase letters, digits and "-", at most 64 characters',
    ]);
  });
});

describe('a plan built by the factory', () => {
  it('can go straight into a catalog input', () => {
    expect(parseCatalog(catalogInput({ plans: [makePlan({ id: 'solo' })] })).plans[0]?.id).toBe(
      'solo',
    );
  });
});
