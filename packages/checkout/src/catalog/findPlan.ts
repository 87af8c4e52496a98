import type { Catalog, Plan } from './schema.js';

/**
 * The plan with this id, or `null` when the catalog has none. Retired plans are found
 * too: old sessions and receipts still need them, and the plan step tells "retired"
 * (410-style) apart from "unknown" (404). Use {@link purchasablePlans} for what may be
 * sold.
 */
export function findPlan(catalog: Catalog, planId: string): Plan | null {
  return catalog.plans.find((plan) => plan.id === planId) ?? null;
}

/** The plans a visitor can buy now (not retired), in catalog order. */
export function purchasablePlans(catalog: Catalog): Plan[] {
  return catalog.plans.filter((plan) => !plan.retired);
}
