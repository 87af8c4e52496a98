// The promo code guessing throttle's records (`CheckoutStore.recordPromoFailure`).

/** Who tried a promo code: keyed hashes, never the address or the key in the clear. */
export interface PromoFailureInput {
  clientKey: string | null;
  checkoutKey: string | null;
  windowMs: number;
}

/** Promo failures within the window, and the oldest of them (for "try again in N min"). */
export interface PromoFailureCounts {
  forClient: number;
  forCheckout: number;
  oldest: Date | null;
  now: Date;
}
