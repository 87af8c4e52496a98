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

/** A request for a buyer's links ("Find my subscription"): keyed hashes, never in the clear. */
export interface LinkRequestInput {
  /** The client address's keyed hash; null when the address is unknown. */
  clientKey: string | null;
  /** The (lower-cased) email's keyed hash. */
  emailKey: string;
  windowMs: number;
}

/** Link requests within the window, this one included, and the oldest of them. */
export interface LinkRequestCounts {
  forClient: number;
  forEmail: number;
  oldest: Date | null;
  now: Date;
}
