import { join } from 'node:path';

/**
 * The host's configuration, from environment variables (documented in the README).
 * CHECKOUT_PATH is read when the app builds too: the plan step is prerendered under it.
 */
export const config = {
  /** First path segment of the checkout routes. */
  checkoutPath: process.env.CHECKOUT_PATH || 'checkout',
  /** A PostgreSQL URL; when unset the embedded PGlite store is used. */
  databaseUrl: process.env.DATABASE_URL || null,
  /** Where PGlite keeps its data. */
  dataDir: process.env.PLANKIT_DATA_DIR || join(process.cwd(), '.data', 'plankit'),
  /**
   * Secret for hashing client addresses, visitor tokens and no-JavaScript keys. Unset,
   * the engine uses a development value and logs a warning: set it in production.
   */
  secret: process.env.PLANKIT_SECRET || undefined,
  merchantName: process.env.PLANKIT_MERCHANT_NAME || 'Plankit Demo',
} as const;
