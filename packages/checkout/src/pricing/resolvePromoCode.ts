import type { PromoCode } from '../catalog/schema.js';

/** Result of looking up a promo code a visitor typed. */
export type PromoResolution =
  | { status: 'none' }
  | { status: 'valid'; promo: PromoCode }
  | { status: 'unknown' }
  | { status: 'expired' }
  | { status: 'not_applicable' };

/** Normalises what a visitor typed: trims and upper-cases (`launch20 ` → `LAUNCH20`). */
export function normalisePromoCode(input: string | null | undefined): string {
  return (input ?? '').trim().toUpperCase();
}

/** Looks a promo code up in the catalog and says whether it applies to the plan now. */
export function resolvePromoCode(
  catalog: { promoCodes: readonly PromoCode[] },
  input: string | null | undefined,
  planId: string,
  now: Date,
): PromoResolution {
  const code = normalisePromoCode(input);
  if (code === '') return { status: 'none' };
  const promo = catalog.promoCodes.find((p) => p.code === code);
  if (!promo) return { status: 'unknown' };
  if (promo.expiresAt && new Date(promo.expiresAt).getTime() <= now.getTime()) {
    return { status: 'expired' };
  }
  if (promo.planIds && !promo.planIds.includes(planId)) return { status: 'not_applicable' };
  return { status: 'valid', promo };
}
