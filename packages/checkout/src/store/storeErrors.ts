import { PlankitError } from '../errors/errors.js';

/**
 * Stable codes of the store's errors, for a `switch` in the host and a grep in the logs.
 * `store_locked`: another process holds the embedded store's folder.
 * `store_unavailable`: the database did not answer in time or refused the
 * connection.
 */
export type CheckoutStoreErrorCode = 'store_locked' | 'store_unavailable';

/**
 * Base class of the store's typed errors. Both mean "try again later", never "bad input":
 * a host answers them with 503 and a `Retry-After`.
 */
export class CheckoutStoreError extends PlankitError {
  declare readonly code: CheckoutStoreErrorCode;

  constructor(code: CheckoutStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = new.target.name;
  }
}

/** Who holds a locked folder, as its lock's owner file says (when it could be read). */
export interface StoreLockOwner {
  pid: number;
  hostname: string;
  since: string;
}

/**
 * The embedded (PGlite) store's folder is locked by another process, or this process lost
 * its lock. PGlite is one process per folder: two would overwrite each other's writes.
 */
export class StoreLockedError extends CheckoutStoreError {
  /** The folder, as given. */
  readonly dataDir: string;
  /** The holder, when known. */
  readonly owner: StoreLockOwner | null;

  constructor(dataDir: string, owner: StoreLockOwner | null, options?: { cause?: unknown }) {
    const holder = owner
      ? `process ${owner.pid} on ${owner.hostname} (since ${owner.since})`
      : 'another process';
    super(
      'store_locked',
      `The embedded store's folder ${dataDir} is locked: ${holder} holds it. ` +
        'Only one process may open a PGlite folder; stop the other process, give this one ' +
        'its own folder, or set a DATABASE_URL to share a PostgreSQL server. ' +
        "A crashed holder's lock goes stale within seconds.",
      options,
    );
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

/** The database server did not answer in time, or could not be reached. */
export class StoreUnavailableError extends CheckoutStoreError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('store_unavailable', message, options);
  }
}
