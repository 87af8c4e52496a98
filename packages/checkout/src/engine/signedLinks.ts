// Signed links for the buyer: the receipt of an order and the manage page of a subscription,
// opened from an email on any device, with no cookie.
//
// HMAC rather than a random token stored per order: the token is the object's id and
// HMAC-SHA256(secret, kind + id), truncated to 128 bits, so it cannot be guessed or forged
// without the engine's `secret`, needs no column or lookup table, and is the same link
// every time it is made (emails sent again, the finish page). Rotating `secret` revokes every
// link at once; the ids themselves are random UUIDs and reveal nothing.

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a link opens. The kind is signed too, so a receipt's token never opens a manage page.
 * `plan-change` signs a previewed plan change (planChanges.ts): the confirmation form carries
 * it, so what is confirmed is exactly what was shown.
 */
export type LinkKind = 'receipt' | 'subscription' | 'plan-change';

function signature(secret: string, kind: LinkKind, id: string): string {
  return createHmac('sha256', secret)
    .update(`plankit-link:${kind}:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The token of a link to `id`: `{id}.{signature}`. */
export function signLink(secret: string, kind: LinkKind, id: string): string {
  return `${id}.${signature(secret, kind, id)}`;
}

/** The id a token was made for, or null when it was not made with this secret and kind. */
export function readLink(secret: string, kind: LinkKind, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, kind, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
