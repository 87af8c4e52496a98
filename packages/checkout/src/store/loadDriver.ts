import { MissingDriverError, type StoreDriver } from './MissingDriverError.js';

// The drivers are optional peer dependencies: an app installs the one its store uses, so
// each is imported only when that store opens. The magic comments keep bundlers from
// resolving these imports at build time: Next.js (Turbopack and webpack) would otherwise
// fail the build on the driver that is not installed ("Module not found: Can't resolve
// 'pg'") and bundle the one that is, which breaks PGlite (it loads its WASM and data
// files next to its own module). Left alone, they run as Node.js imports from the app's
// node_modules at run time, with no `serverExternalPackages` to configure (issue 14).

/** Loads `pg`; throws {@link MissingDriverError} when it is not installed. */
export async function loadPg(): Promise<typeof import('pg')> {
  try {
    return await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'pg');
  } catch (error) {
    throw asMissingDriver('pg', error);
  }
}

/** Loads `@electric-sql/pglite`; throws {@link MissingDriverError} when it is not installed. */
export async function loadPglite(): Promise<typeof import('@electric-sql/pglite')> {
  try {
    return await import(
      /* webpackIgnore: true */ /* turbopackIgnore: true */ '@electric-sql/pglite'
    );
  } catch (error) {
    throw asMissingDriver('@electric-sql/pglite', error);
  }
}

/** The driver's own "not found" as a {@link MissingDriverError}; any other error as it is. */
function asMissingDriver(driver: StoreDriver, error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
  // Only the driver itself missing: a dependency of the driver missing is another problem.
  const names =
    typeof message === 'string' &&
    (message.includes(`'${driver}'`) || message.includes(`"${driver}"`));
  return notFound && names ? new MissingDriverError(driver, error) : error;
}
