import type { StoreClock } from '../store/types.js';

/**
 * The engine's view of the store's clock, for the few checks made in JavaScript (a promo
 * code's expiry, a card's expiry month). Every comparison hosts must agree on (expiry,
 * leases, throttle windows) happens in the store, on the database's time; this clock
 * follows that time, offset from the process clock, so the test clock's travels reach
 * these checks too. It learns the offset when first used, from every store answer that
 * carries the time, after each travel of the store's clock in this process, and on every
 * background tick (a travel made by another process, such as `plankit advance`).
 */
export interface EngineClock {
  /** The store's time as last observed, moved on by the process clock since. */
  now(): Date;
  /** Records the store's time read just now. */
  observe(storeNow: Date): void;
  /** Reads the store's time. */
  sync(): Promise<Date>;
  /** Reads the store's time unless it was read before. */
  ready(): Promise<void>;
}

export function createEngineClock(storeClock: StoreClock): EngineClock {
  let offsetMs = 0;
  let synced: Promise<unknown> | null = null;
  const observe = (storeNow: Date) => {
    offsetMs = storeNow.getTime() - Date.now();
  };
  const sync = async () => {
    const storeNow = await storeClock.now();
    observe(storeNow);
    return storeNow;
  };
  storeClock.onChange(async () => {
    synced = sync();
    await synced;
  });
  return {
    now: () => new Date(Date.now() + offsetMs),
    observe,
    sync,
    async ready() {
      synced ??= sync().catch((error: unknown) => {
        synced = null; // Try again next time; the caller sees the store's error.
        throw error;
      });
      await synced;
    },
  };
}
