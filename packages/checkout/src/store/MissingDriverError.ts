import { PlankitError } from '../errors/errors.js';

/** The database drivers the built-in stores load on first use, each an optional peer. */
export type StoreDriver = 'pg' | '@electric-sql/pglite';

/**
 * Thrown when the store the options choose needs a driver package that is not installed:
 * `pg` for a PostgreSQL server (`databaseUrl` / `DATABASE_URL` set), `@electric-sql/pglite`
 * for the embedded store. Its message names the package and the command that installs it.
 */
export class MissingDriverError extends PlankitError {
  /** The package to install. */
  readonly driver: StoreDriver;

  /**
   * @param driver - The package that could not be loaded.
   * @param cause - The loader's own error (`ERR_MODULE_NOT_FOUND`).
   */
  constructor(driver: StoreDriver, cause?: unknown) {
    const store =
      driver === 'pg'
        ? 'The PostgreSQL store (databaseUrl or DATABASE_URL is set) needs the "pg" package'
        : 'The embedded store (no databaseUrl or DATABASE_URL set) needs the "@electric-sql/pglite" package';
    super('missing_driver', `${store}, which is not installed. Install it: npm install ${driver}`, {
      cause,
    });
    this.name = 'MissingDriverError';
    this.driver = driver;
  }
}
