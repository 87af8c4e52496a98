import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteClient } from './pgliteClient.js';
import { StoreLockedError } from './storeErrors.js';
import type { SqlClient } from './types.js';

const opened: SqlClient[] = [];
const folders: string[] = [];

function tempFolder(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'plankit-lock-')), 'data');
  folders.push(dir);
  return dir;
}

async function open(dataDir: string, lockStaleMs?: number): Promise<SqlClient> {
  const client = await createPgliteClient({
    dataDir,
    lockStaleMs,
    logger: { error: () => {} },
  });
  opened.push(client);
  return client;
}

afterEach(async () => {
  for (const client of opened.splice(0)) await client.close().catch(() => {});
  for (const dir of folders.splice(0)) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('the embedded store folder, opened twice', () => {
  it('refuses the second open with a typed error that names the folder and its holder', async () => {
    const dataDir = tempFolder();
    await open(dataDir);

    const second = createPgliteClient({ dataDir });
    await expect(second).rejects.toBeInstanceOf(StoreLockedError);
    const error = (await second.catch((e: unknown) => e)) as StoreLockedError;
    expect(error.code).toBe('store_locked');
    expect(error.dataDir).toBe(dataDir);
    expect(error.owner?.pid).toBe(process.pid);
    expect(error.message).toContain(dataDir);
    expect(error.message).toContain(`process ${process.pid}`);
    expect(error.message).toContain('holds it');
    // The holder's pid is also written beside the lock, for whoever finds it there.
    const owner = JSON.parse(readFileSync(`${dataDir}.lock.owner`, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid });
  });

  it('opens again once the first holder has closed, with its data intact', async () => {
    const dataDir = tempFolder();
    const first = await open(dataDir);
    await first.query('create table note (body text)');
    await first.query("insert into note values ('kept')");
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const again = await open(dataDir);
    expect((await again.query<{ body: string }>('select body from note')).rows).toEqual([
      { body: 'kept' },
    ]);
  });
});

describe('a holder whose lock was taken away (its heartbeat found the lock gone)', () => {
  it('refuses every further statement instead of writing into a folder it no longer owns', async () => {
    const dataDir = tempFolder();
    const client = await open(dataDir, 2_000);
    await client.query('select 1');
    rmSync(`${dataDir}.lock`, { recursive: true, force: true });

    // The heartbeat runs every second at this staleness; give it a few.
    await expect
      .poll(
        () =>
          client.query('select 1').then(
            () => 'ok',
            (error: unknown) => error,
          ),
        {
          timeout: 5_000,
          interval: 200,
        },
      )
      .toBeInstanceOf(StoreLockedError);
    await expect(client.transaction(async (tx) => tx.query('select 1'))).rejects.toBeInstanceOf(
      StoreLockedError,
    );
  });
});
