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

/** A store under test and how to let go of it. */
export interface OpenedStore {
  store: CheckoutStore;
  /** Removes what the test stored and closes what `open` opened. */
  dispose(): Promise<void>;
}

/** What {@link describeStoreContract} tests. */
export interface StoreContractSubject {
  /** Opens a fresh, migrated, empty store. Called before every test. */
  open(): Promise<OpenedStore>;
  /**
   * Opens a second store on the same data, as another host process would. When given,
   * the concurrency tests run: 50 callers at once through both stores. Leave it out for
   * stores whose callers never run at once (PGlite runs one query at a time).
   */
  openSibling?(): Promise<OpenedStore>;
}
