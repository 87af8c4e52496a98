import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The HMAC key used when a host passes no `secret`. Fine for development and tests; a
 * deployment must set its own, or anyone who reads this source can link stored hashes back
 * to IP addresses and predict no-JS idempotency keys.
 */
export const DEV_SECRET = 'plankit-dev-secret-do-not-use-in-production';

/** Pattern a browser-made idempotency key must match to be used as is. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** How long one no-JS key lasts: an accidental repeat within it is one payment. */
export const NO_JS_WINDOW_MS = 10 * 60 * 1000;

/** The choices a no-JS key is derived from (validated values, not raw input). */
export interface NoJsKeyParts {
  planId: string;
  interval: string;
  currency: string;
  seats: number;
  email: string;
  name: string;
  country: string;
  promo: string;
}

/** Keyed hashes of what the engine must not store in the clear. */
export interface ClientKeys {
  /** Throttling key of a client address, or null without one. */
  clientKey(clientAddress: string | null | undefined): string | null;
  /** Throttling key of a buyer's email (case-insensitive), or null without one. */
  emailKey(email: string | null | undefined): string | null;
  /** Hash of the visitor's browser token, or null without one. */
  visitorHash(visitorToken: string | null | undefined): string | null;
  /**
   * Whether a request may see a session: sessions made without a token are open to anyone
   * holding their (unguessable) id; the others only to the same token.
   */
  isOwner(storedHash: string | null, visitorToken: string | null | undefined): boolean;
  /** Idempotency key for a submission that came without one (JavaScript off). */
  noJsKey(parts: NoJsKeyParts, windowIndex: number): string;
  /**
   * The key of the checkout that follows a finished one (paid, or expired) when the same
   * key comes with a new submission: the same for every repeat of that submission, so a
   * double click on the second purchase is still one checkout.
   */
  successorKey(idempotencyKey: string): string;
}

/** Creates the keyed hashes for one secret. Each use has its own label, so hashes never collide across uses. */
export function createClientKeys(secret: string): ClientKeys {
  const hmac = (label: string, ...parts: readonly (string | number)[]) =>
    createHmac('sha256', secret)
      .update(label)
      // NUL separates the parts: no value a form can post contains it after validation,
      // so `a|bc` and `ab|c` cannot hash alike.
      .update(parts.map((part) => `\u0000${String(part)}`).join(''))
      .digest('base64url');

  const visitorHash = (token: string | null | undefined) =>
    token ? hmac('plankit.visitor', token) : null;

  return {
    clientKey: (address) => (address ? hmac('plankit.client', address) : null),
    emailKey: (email) => (email ? hmac('plankit.email', email.trim().toLowerCase()) : null),
    visitorHash,
    isOwner(storedHash, visitorToken) {
      if (storedHash === null) return true;
      const presented = visitorHash(visitorToken);
      if (presented === null) return false;
      const a = Buffer.from(storedHash);
      const b = Buffer.from(presented);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    noJsKey(parts, windowIndex) {
      const digest = hmac(
        'plankit.nojs',
        parts.planId,
        parts.interval,
        parts.currency,
        parts.seats,
        parts.email.toLowerCase(),
        parts.name,
        parts.country,
        parts.promo,
        windowIndex,
      );
      // `nojs_` + 43 characters: inside the 16-64 characters a posted key may have, so the
      // key the engine hands back in the form state is accepted when posted again.
      return `nojs_${digest}`;
    },
    // `next_` + 43 characters: a valid posted key too, like `nojs_`.
    successorKey: (key) => `next_${hmac('plankit.successor', key)}`,
  };
}
