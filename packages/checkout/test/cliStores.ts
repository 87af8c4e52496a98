// The two stores the `plankit` commands run on, for their tests: PGlite in PLANKIT_DATA_DIR
// (a folder of the test's own) and PostgreSQL in DATABASE_URL (a database of the test's own
// on TEST_DATABASE_URL's server, made before and dropped after), as a host leaves them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OpenedCheckoutStore, openCheckoutStore } from '@plankit/checkout/server';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** One statement on TEST_DATABASE_URL's server (create or drop a database). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A store a command can find: its variables, and how the test opens it itself. */
export interface CliStore {
  name: string;
  env: () => Record<string, string>;
  open: () => Promise<OpenedCheckoutStore>;
}

/**
 * The stores for a suite named `name` (the folder and database are named after it), made
 * before the suite and removed after it; PostgreSQL only with TEST_DATABASE_URL. `root` is
 * the suite's working folder.
 */
export function cliStores(name: string): { root: string; stores: CliStore[] } {
  const root = mkdtempSync(join(tmpdir(), `plankit-cli-${name}-`));
  const database = `plankit_cli_${name}_${process.pid}`;
  const databaseUrl = () => {
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    return url.toString();
  };
  beforeAll(async () => {
    if (TEST_DATABASE_URL) await admin(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    if (TEST_DATABASE_URL) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });
  const stores: CliStore[] = [
    {
      name: 'PGlite (PLANKIT_DATA_DIR)',
      env: () => ({ PLANKIT_DATA_DIR: join(root, 'data') }),
      open: () => openCheckoutStore({ dataDir: join(root, 'data') }),
    },
  ];
  if (TEST_DATABASE_URL) {
    stores.push({
      name: 'PostgreSQL (DATABASE_URL)',
      env: () => ({ DATABASE_URL: databaseUrl() }),
      open: () => openCheckoutStore({ databaseUrl: databaseUrl() }),
    });
  }
  return { root, stores };
}

/** Runs `fn` on a freshly opened store and closes it. */
export async function withStore<T>(
  open: () => Promise<OpenedCheckoutStore>,
  fn: (opened: OpenedCheckoutStore) => Promise<T>,
): Promise<T> {
  const opened = await open();
  try {
    return await fn(opened);
  } finally {
    await opened.store.close();
  }
}
