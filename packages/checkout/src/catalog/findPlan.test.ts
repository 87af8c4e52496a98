import { describe, expect, it } from 'vitest';
import { makeCatalog, makePlan } from '../test-utils/factories.js';
import { findPlan, purchasablePlans } from './findPlan.js';

describe('looking up the plan in a checkout URL', () => {
  const catalog = makeCatalog();

  it('finds a plan by its id', () => {
    expect(findPlan(catalog, 'team')?.name).toBe('Team');
  });

  it.each(['enterprise', '', 'TEAM', 'finish', '__proto__', 'constructor'])(
    'returns null for the unknown id %j',
    (id) => {
      expect(findPlan(catalog, id)).toBeNull();
    },
  );
});

describe('a catalog with a retired plan', () => {
  const catalog = makeCatalog({
    plans: [
      makePlan({ id: 'starter' }),
      makePlan({ id: 'legacy', retired: true }),
      makePlan({ id: 'pro' }),
    ],
  });

  it('still finds the retired plan, for old sessions and the "no longer available" page', () => {
    expect(findPlan(catalog, 'legacy')?.retired).toBe(true);
  });

  it('does not offer it for sale', () => {
    expect(purchasablePlans(catalog).map((plan) => plan.id)).toEqual(['starter', 'pro']);
  });
});

describe('a catalog where nothing is retired', () => {
  it('offers every plan, in catalog order', () => {
    expect(purchasablePlans(makeCatalog()).map((plan) => plan.id)).toEqual([
      'starter',
      'pro',
      'team',
      'free',
    ]);
  });
});
