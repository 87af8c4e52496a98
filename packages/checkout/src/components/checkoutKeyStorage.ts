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

function readEntry(storage: CheckoutKeyStorage | null, planId: string): StoredCheckoutKey | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(checkoutKeyStorageName(planId));
    if (!raw) return null;
    const entry: unknown = JSON.parse(raw);
    if (
      typeof entry === 'object' &&
      entry !== null &&
      'key' in entry &&
      'storedAt' in entry &&
      typeof entry.key === 'string' &&
      entry.key !== '' &&
      typeof entry.storedAt === 'number' &&
      Number.isFinite(entry.storedAt)
    ) {
      return { key: entry.key, storedAt: entry.storedAt };
    }
    return null;
  } catch {
    return null;
  }
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
  if (!entry) return null;
  // Either way: a clock set back must not make an entry fresh for longer than the window.
  return Math.abs(now - entry.storedAt) < CHECKOUT_KEY_MAX_AGE_MS ? entry.key : null;
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
  if (!storage || key === '') return;
  try {
    const entry: StoredCheckoutKey = { key, storedAt: now };
    storage.setItem(checkoutKeyStorageName(planId), JSON.stringify(entry));
  } catch {
    // Storage full or blocked: the key lives in the form's state only, as before.
  }
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
  if (!storage) return;
  try {
    storage.setItem(BUYER_ITEM, JSON.stringify({ ...buyer, storedAt: now }));
  } catch {
    // Storage full or blocked: the visitor types them again.
  }
}

/** The details {@link storeBuyer} kept, unless they are older than the key's window. */
export function readBuyer(storage: CheckoutKeyStorage | null, now: number): StoredBuyer | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(BUYER_ITEM);
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<StoredBuyer & { storedAt: number }>;
    if (typeof entry.email !== 'string' || typeof entry.name !== 'string') return null;
    if (typeof entry.storedAt !== 'number' || now - entry.storedAt > CHECKOUT_KEY_MAX_AGE_MS) {
      return null;
    }
    return { email: entry.email, name: entry.name };
  } catch {
    return null;
  }
}
