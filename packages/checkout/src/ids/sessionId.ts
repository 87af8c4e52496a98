/** Matches what `createSessionId` makes: `cs_` and 32 base64url characters. */
const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_-]{32}$/;

/** 24 random bytes = 192 bits, well above the 128 bits a session id needs to be unguessable. */
const SESSION_ID_BYTES = 24;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Creates an unguessable checkout session id: `cs_` followed by 32 base64url characters
 * (192 bits from `crypto.getRandomValues`). The id is safe in a URL query without
 * encoding. Uses Web Crypto rather than `node:crypto` so it runs in Node, edge runtimes
 * and browsers alike.
 */
export function createSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(SESSION_ID_BYTES));
  let out = 'cs_';
  // 24 bytes is a multiple of 3, so every 3 bytes become exactly 4 characters, no padding.
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      BASE64URL.charAt((chunk >> 18) & 63) +
      BASE64URL.charAt((chunk >> 12) & 63) +
      BASE64URL.charAt((chunk >> 6) & 63) +
      BASE64URL.charAt(chunk & 63);
  }
  return out;
}

/**
 * Whether a value has the shape of a session id. Only the shape: whether the session
 * exists is the store's question. Checked before any lookup so that hostile input from a
 * URL never reaches the database.
 */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}
