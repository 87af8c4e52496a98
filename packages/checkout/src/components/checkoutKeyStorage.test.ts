import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_KEY_MAX_AGE_MS,
  type CheckoutKeyStorage,
  checkoutKeyStorageName,
  readCheckoutKey,
  rememberCheckoutKey,
  sessionStorageOrNull,
  storeCheckoutKey,
} from './checkoutKeyStorage.js';

/** A Map-backed stand-in for `sessionStorage`. */
function memoryStorage(): CheckoutKeyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => {
      items.set(name, value);
    },
  };
}

/** Storage as private mode or a blocked site sees it: every access throws. */
const throwingStorage: CheckoutKeyStorage = {
  getItem: () => {
    throw new Error('SecurityError: storage is disabled');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

const t0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const minutes = (n: number) => n * 60 * 1000;

describe('a key stored for the starter plan', () => {
  it('is read back under the per-plan name while younger than 15 minutes', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    expect([...storage.items.keys()]).toEqual(['plankit:checkout-key:starter']);
    expect(checkoutKeyStorageName('starter')).toBe('plankit:checkout-key:starter');
    expect(readCheckoutKey(storage, 'starter', t0)).toBe('key-aaaaaaaaaaaaaaaa');
    expect(readCheckoutKey(storage, 'starter', t0 + minutes(14))).toBe('key-aaaaaaaaaaaaaaaa');
  });

  it('is not read for another plan', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    expect(readCheckoutKey(storage, 'team', t0)).toBeNull();
  });

  it('is no longer read once 15 minutes have passed', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    expect(readCheckoutKey(storage, 'starter', t0 + CHECKOUT_KEY_MAX_AGE_MS)).toBeNull();
    expect(readCheckoutKey(storage, 'starter', t0 + minutes(60))).toBeNull();
  });

  it('is not made fresh for longer by a clock set far back', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    expect(readCheckoutKey(storage, 'starter', t0 - minutes(1))).toBe('key-aaaaaaaaaaaaaaaa');
    expect(readCheckoutKey(storage, 'starter', t0 - minutes(60))).toBeNull();
  });

  it('starts its window again when stored again (a submission under it)', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0 + minutes(10));
    expect(readCheckoutKey(storage, 'starter', t0 + minutes(20))).toBe('key-aaaaaaaaaaaaaaaa');
  });
});

describe('remembering the form’s current key', () => {
  it('keeps the time of a key stored already, so reusing it does not extend its window', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    rememberCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0 + minutes(10));
    expect(readCheckoutKey(storage, 'starter', t0 + minutes(16))).toBeNull();
  });

  it('replaces a different key and stamps it with the time given', () => {
    const storage = memoryStorage();
    storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0);
    rememberCheckoutKey(storage, 'starter', 'key-bbbbbbbbbbbbbbbb', t0 + minutes(10));
    expect(readCheckoutKey(storage, 'starter', t0 + minutes(16))).toBe('key-bbbbbbbbbbbbbbbb');
  });

  it('stores nothing for an empty key (before the form minted one)', () => {
    const storage = memoryStorage();
    rememberCheckoutKey(storage, 'starter', '', t0);
    expect(storage.items.size).toBe(0);
  });
});

describe('storage that is missing, throwing or holding something else', () => {
  it('reads nothing and stores nothing without throwing', () => {
    for (const storage of [null, throwingStorage]) {
      expect(() => storeCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0)).not.toThrow();
      expect(() =>
        rememberCheckoutKey(storage, 'starter', 'key-aaaaaaaaaaaaaaaa', t0),
      ).not.toThrow();
      expect(readCheckoutKey(storage, 'starter', t0)).toBeNull();
    }
  });

  it('ignores an item that is not a stored key', () => {
    const storage = memoryStorage();
    const name = checkoutKeyStorageName('starter');
    for (const raw of [
      'not json',
      '"key-aaaaaaaaaaaaaaaa"',
      'null',
      JSON.stringify({ key: '', storedAt: t0 }),
      JSON.stringify({ key: 'key-aaaaaaaaaaaaaaaa' }),
      JSON.stringify({ key: 'key-aaaaaaaaaaaaaaaa', storedAt: String(t0) }),
    ]) {
      storage.setItem(name, raw);
      expect(readCheckoutKey(storage, 'starter', t0)).toBeNull();
    }
  });

  it('gives no storage where merely reading sessionStorage throws (storage blocked)', () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access is denied for this document');
      },
    });
    try {
      expect(sessionStorageOrNull()).toBeNull();
    } finally {
      if (own) Object.defineProperty(globalThis, 'sessionStorage', own);
      else Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});
