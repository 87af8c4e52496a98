import type { CheckoutSession, CheckoutStore, StartAttemptInput } from '../store/types.js';

/** What the parts of the store contract suite share. */
export interface StoreContractContext {
  /** The store clock's frozen start: 31 January 2031, 12:00 UTC. */
  START: Date;
  /** The store of the running test. */
  store(): CheckoutStore;
  /** Moves the store's frozen clock on. */
  advance(ms: number): Promise<void>;
  /** Starts a new session's first attempt (and checks it was created). */
  started(input?: StartAttemptInput): Promise<CheckoutSession>;
}
