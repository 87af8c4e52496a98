import { isAbsolute, resolve } from 'node:path';
import { ConfigurationError } from '../errors/errors.js';
import {
  DEFAULT_DATA_DIR,
  type OpenedCheckoutStore,
  openCheckoutStore,
} from '../store/openCheckoutStore.js';
import type { CliIo } from './cliIo.js';

/** The PGlite folder a command uses: `PLANKIT_DATA_DIR`, else the host's default. */
function dataDirOf(io: CliIo): string {
  const dir = io.env.PLANKIT_DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  return isAbsolute(dir) ? dir : resolve(io.cwd, dir);
}

/** Which store a command works on, for its output. */
export function describeStore(io: CliIo): string {
  const url = io.env.DATABASE_URL?.trim();
  if (!url) return `PGlite in ${dataDirOf(io)}`;
  try {
    return `PostgreSQL at ${new URL(url).host}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * Opens the store the host is configured for, from the same variables: `DATABASE_URL`
 * (through PgBouncer in transaction mode with `PLANKIT_DB_POOLER=transaction`), else PGlite
 * in `PLANKIT_DATA_DIR` (default `.data/plankit` in the working folder). A PGlite folder
 * that a running host holds fails with `StoreLockedError`.
 */
export async function openCliStore(io: CliIo): Promise<OpenedCheckoutStore> {
  const url = io.env.DATABASE_URL?.trim();
  if (!url) return openCheckoutStore({ dataDir: dataDirOf(io) });
  const pooler = io.env.PLANKIT_DB_POOLER?.trim();
  if (pooler && pooler !== 'transaction') {
    throw new ConfigurationError('The store', [
      { path: 'PLANKIT_DB_POOLER', message: `must be "transaction" or unset, not "${pooler}"` },
    ]);
  }
  return openCheckoutStore({ databaseUrl: url, ...(pooler ? { pooler: 'transaction' } : {}) });
}
