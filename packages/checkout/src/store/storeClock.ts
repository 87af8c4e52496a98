/**
 * The store's clock: the database's time, which every host sharing the store agrees on.
 * In test mode it can travel forward (or stand still) for every process at once.
 */
export interface StoreClock {
  /** The store's current time. */
  now(): Promise<Date>;
  /**
   * Moves the clock to `to`. Time runs on from there, or stands still with `freeze`.
   * For tests and the test clock only: never call it against a live store.
   */
  travel(to: Date, options?: { freeze?: boolean }): Promise<void>;
  /** Back to the database server's own time. */
  reset(): Promise<void>;
  /**
   * Calls `listener` after every `travel` or `reset` made through this object (and awaits
   * it), so an engine in the same process follows at once; returns an unsubscribe function.
   */
  onChange(listener: () => Promise<void> | void): () => void;
}
