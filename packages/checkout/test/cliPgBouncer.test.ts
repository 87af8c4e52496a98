// The `plankit` commands through PgBouncer in transaction mode (issue 24.3), as the host
// reaches its store there: DATABASE_URL at PgBouncer and PLANKIT_DB_POOLER=transaction.
// A database of this test's own on TEST_DATABASE_URL's server, behind a PgBouncer it starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PgBouncer,
  pgBouncerUnavailable,
  startPgBouncer,
} from '../../../scripts/pgBouncer.mjs';
import { admin } from './cliStores.js';
import { plankit } from './cliSupport.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const unavailable = pgBouncerUnavailable(TEST_DATABASE_URL);
const database = `plankit_cli_pgbouncer_${process.pid}`;
const root = mkdtempSync(join(tmpdir(), 'plankit-cli-pgbouncer-'));

describe.skipIf(unavailable !== null)(
  `plankit through PgBouncer in transaction mode${unavailable ? `: ${unavailable}` : ''}`,
  () => {
    let bouncer: PgBouncer;
    beforeAll(async () => {
      await admin(`CREATE DATABASE ${database}`);
      const url = new URL(TEST_DATABASE_URL ?? '');
      url.pathname = `/${database}`;
      bouncer = await startPgBouncer(url.toString(), 4);
    });
    afterAll(async () => {
      await bouncer?.stop();
      // FORCE: PgBouncer's server connections may still be closing.
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(root, { recursive: true, force: true });
    });

    it('with PLANKIT_DB_POOLER=transaction, migrates the store and prunes', () => {
      const run = plankit(
        ['prune', '--dry-run'],
        { DATABASE_URL: bouncer.url, PLANKIT_DB_POOLER: 'transaction' },
        root,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('PostgreSQL at 127.0.0.1');
    });

    it('without it, stops and says what to set', () => {
      const run = plankit(['prune', '--dry-run'], { DATABASE_URL: bouncer.url }, root);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('PLANKIT_DB_POOLER=transaction');
    });

    it('refuses a PLANKIT_DB_POOLER it does not know', () => {
      const run = plankit(
        ['prune', '--dry-run'],
        { DATABASE_URL: bouncer.url, PLANKIT_DB_POOLER: 'session' },
        root,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('PLANKIT_DB_POOLER: must be "transaction" or unset');
    });
  },
);
