/**
 * Keeps the plan step's idempotency key in the tab's `sessionStorage`, so a form that is
 * unmounted and mounted again (the host's error boundary replaced it after the Server
 * Action threw, and the visitor pressed "Try again") retries under the same key. The
 * engine resumes a session under the same key with the same provider key, so a charge
 * that went through before the error is not made a second time.
 *
 * Pure functions over a Storage-like object and a time, so they run (and are tested)
 * anywhere. Storage may be missing or throw on every access (private mode, storage
 * disabled, a full quota): then nothing is kept and the form mints a key on each mount,
 * as it did before keys were stored.
 */

/**
 * How long a stored key is reused, counted from when it was stored or last submitted.
 *
 * A trade-off: the key names the whole checkout session, including a completed one. Kept
 * forever, a later, deliberate purchase of the same plan in the same tab would be sent to
 * the old receipt instead of charging again. Fifteen minutes covers a retry after an
 * error (the case that could charge twice) and lets a new purchase start afresh later.
 */
export const CHECKOUT_KEY_MAX_AGE_MS = 15 * 60 * 1000;

/** The part of the Web Storage API these functions use (`sessionStorage` fits). */
export type CheckoutKeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** What is stored under {@link checkoutKeyStorageName}. */
interface StoredCheckoutKey {
  key: string;
  /** Milliseconds since the epoch. */
  storedAt: number;
}

/** The storage item name for a plan's key: one checkout per plan per tab. */
export function checkoutKeyStorageName(planId: string): string {
  return `plankit:checkout-key:${planId}`;
}

/**
 * The tab's `sessionStorage`, or `null` where there is none. Reading the property alone
 * throws in some browsers when storage is blocked (a `SecurityError`).
 */
export function sessionStorageOrNull(): CheckoutKeyStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** An item's object, or `null` (none, not an object, unreadable, storage unavailable). */
function readItem(
  storage: CheckoutKeyStorage | null,
  name: string,
): Record<string, unknown> | null {
  try {
    const entry: unknown = JSON.parse(storage?.getItem(name) ?? 'null');
    return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Stores `value` under `name`, stamped with `now` (`storedAt`). Never throws. */
function writeItem(storage: CheckoutKeyStorage | null, name: string, value: object, now: number) {
  try {
    storage?.setItem(name, JSON.stringify({ ...value, storedAt: now }));
  } catch {
    // Storage full or blocked: the form keeps what it has in its state only, as before.
  }
}

/**
 * Whether an item was stored less than {@link CHECKOUT_KEY_MAX_AGE_MS} from `now`. Either
 * way: a clock set back must not make an entry fresh for longer than the window.
 */
function isFresh(entry: { storedAt?: unknown }, now: number): boolean {
  return (
    typeof entry.storedAt === 'number' && Math.abs(now - entry.storedAt) < CHECKOUT_KEY_MAX_AGE_MS
  );
}

function readEntry(storage: CheckoutKeyStorage | null, planId: string): StoredCheckoutKey | null {
  const entry = readItem(storage, checkoutKeyStorageName(planId));
  return entry &&
    typeof entry.key === 'string' &&
    entry.key !== '' &&
    typeof entry.storedAt === 'number'
    ? { key: entry.key, storedAt: entry.storedAt }
    : null;
}

/**
 * The key stored for `planId` less than {@link CHECKOUT_KEY_MAX_AGE_MS} before `now`, or
 * `null` (none stored, too old, unreadable, or storage unavailable). Never throws.
 */
export function readCheckoutKey(
  storage: CheckoutKeyStorage | null,
  planId: string,
  now: number,
): string | null {
  const entry = readEntry(storage, planId);
  return entry && isFresh(entry, now) ? entry.key : null;
}

/**
 * Stores `key` for `planId`, stamped with `now` (the window starts again). For a
 * submission under the key, or a key that replaces the stored one. Never throws.
 */
export function storeCheckoutKey(
  storage: CheckoutKeyStorage | null,
  planId: string,
  key: string,
  now: number,
): void {
  if (key !== '') writeItem(storage, checkoutKeyStorageName(planId), { key }, now);
}

/**
 * Stores `key` for `planId` unless that very key is stored already, in which case its
 * time is kept: reusing a stored key on mount must not extend its window, or a tab
 * reloaded every few minutes would keep an old session's key for good. Never throws.
 */
export function rememberCheckoutKey(
  storage: CheckoutKeyStorage | null,
  planId: string,
  key: string,
  now: number,
): void {
  if (readEntry(storage, planId)?.key === key) return;
  storeCheckoutKey(storage, planId, key, now);
}

/** The buyer's own details, kept for a retry in the same tab (issue 13, item 9). */
export interface StoredBuyer {
  email: string;
  name: string;
}

const BUYER_ITEM = 'plankit:buyer';

/**
 * Keeps the email and name the visitor submitted, so the plan step they come back to from
 * a failed payment's "Try again" (another page load) has them filled in. Only in this
 * tab's `sessionStorage`, never in a URL, and for {@link CHECKOUT_KEY_MAX_AGE_MS}.
 */
export function storeBuyer(storage: CheckoutKeyStorage | null, buyer: StoredBuyer, now: number) {
  writeItem(storage, BUYER_ITEM, buyer, now);
}

/** The details {@link storeBuyer} kept, unless they are older than the key's window. */
export function readBuyer(storage: CheckoutKeyStorage | null, now: number): StoredBuyer | null {
  const entry = readItem(storage, BUYER_ITEM);
  return entry &&
    typeof entry.email === 'string' &&
    typeof entry.name === 'string' &&
    isFresh(entry, now)
    ? { email: entry.email, name: entry.name }
    : null;
}
