// Issue 24, item 4: /api/health (the process serves: 200) and /api/ready (store reachable,
// migrations applied, provider configured: 200, else 503 with Retry-After and a JSON body
// naming what is not ready), read on every request, never prerendered, cached or
// session-making. Requests only, no browser.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  E2E_PGBOUNCER_PORT,
  type PgBouncer,
  pgBouncerUnavailable,
  startPgBouncer,
} from '../../../scripts/pgBouncer.mjs';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost } from './host';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** What every answer of both endpoints shares: fresh, never stored, no cookie. */
function expectUncached(response: { headers(): Record<string, string> }): void {
  const headers = response.headers();
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['set-cookie']).toBeUndefined();
  expect(headers['x-nextjs-cache']).toBeUndefined();
  expect(headers['x-nextjs-prerender']).toBeUndefined();
}

async function get(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    headers: () => Object.fromEntries(response.headers),
    body: (await response.json()) as Record<string, unknown>,
  };
}

test.describe('the suite’s host, its store open', () => {
  test('/api/health answers 200 and nothing else', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expectUncached(response);
    expect((await request.head('/api/health')).status()).toBe(200);
  });

  test('/api/ready answers 200 with every check ok', async ({ request }) => {
    test.setTimeout(90_000);
    // The suite's server opens its store at start; PGlite may still be booting.
    await expect
      .poll(async () => (await request.get('/api/ready')).status(), { timeout: 60_000 })
      .toBe(200);
    const response = await request.get('/api/ready');
    expectUncached(response);
    expect(response.headers()['retry-after']).toBeUndefined();
    expect(await response.json()).toEqual({
      status: 'ready',
      notReady: [],
      checks: {
        store: { status: 'ok' },
        migrations: { status: 'ok' },
        provider: { status: 'ok', provider: 'test' },
      },
    });
  });

  test('neither is prerendered by the build', async () => {
    const manifest = JSON.parse(
      await readFile(join(process.cwd(), '.next/prerender-manifest.json'), 'utf8'),
    ) as { routes: Record<string, unknown>; dynamicRoutes: Record<string, unknown> };
    for (const route of ['/api/health', '/api/ready']) {
      expect(Object.keys(manifest.routes)).not.toContain(route);
    }
  });
});

test.describe('a host whose PGlite folder another process holds', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;
  let host: Host | undefined;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plankit-ready-'));
    holder = await holdStoreFolder(join(dataDir, 'plankit'));
    host = await startHost(extraPort(14), {
      PLANKIT_DATA_DIR: join(dataDir, 'plankit'),
      PLANKIT_WEBHOOK_URL: '',
      PLANKIT_WEBHOOK_SECRET: '',
      PLANKIT_SMTP_URL: '',
    });
  });

  test.afterAll(async () => {
    await host?.stop();
    holder?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('is alive, not ready (503, store_locked, Retry-After) until the folder is free, then ready', async () => {
    test.setTimeout(120_000);
    const base = host?.baseURL ?? '';
    const health = await get(`${base}/api/health`);
    expect(health.status).toBe(200);

    const ready = await get(`${base}/api/ready`);
    expect(ready.status, JSON.stringify(ready.body)).toBe(503);
    expectUncached(ready);
    expect(ready.headers()['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({
      status: 'not_ready',
      notReady: ['store', 'migrations'],
      checks: {
        store: { status: 'failing', code: 'store_locked' },
        migrations: { status: 'unknown' },
        provider: { status: 'ok', provider: 'test' },
      },
    });
    // Where the folder is and who holds it go to the log, not to whoever asks.
    expect(JSON.stringify(ready.body)).not.toContain(dataDir);
    await expect
      .poll(() => host?.logs() ?? '')
      .toContain('/api/ready: the checkout store is not ready (store_locked)');

    // The holder closes its store: the host's own retries open it, and it is ready.
    holder?.kill('SIGTERM');
    await expect
      .poll(async () => (await get(`${base}/api/ready`)).status, {
        timeout: 60_000,
        intervals: [500, 1_000, 2_000],
      })
      .toBe(200);
    expect((await get(`${base}/api/ready`)).body).toMatchObject({ status: 'ready', notReady: [] });
  });
});

test.describe('a host on PostgreSQL through PgBouncer (PLANKIT_DB_POOLER=transaction)', () => {
  const database = `plankit_e2e_ready_${process.pid}`;
  let host: Host | undefined;
  let bouncer: PgBouncer | undefined;
  let databaseUrl = '';

  async function admin(sql: string, on = TEST_DATABASE_URL): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: on });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    if (pgBouncerUnavailable(TEST_DATABASE_URL)) return;
    await admin(`create database ${database}`);
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // PgBouncer's address before anything listens there: the store cannot be reached.
    const through = new URL(databaseUrl);
    through.hostname = '127.0.0.1';
    through.port = String(E2E_PGBOUNCER_PORT);
    host = await startHost(extraPort(15), {
      DATABASE_URL: through.toString(),
      PLANKIT_DB_POOLER: 'transaction',
      PLANKIT_DB_POOL_MAX: '4',
      PLANKIT_DB_CONNECT_TIMEOUT_MS: '1000',
      PLANKIT_WEBHOOK_URL: '',
      PLANKIT_WEBHOOK_SECRET: '',
      PLANKIT_SMTP_URL: '',
    });
  });

  test.afterAll(async () => {
    await host?.stop();
    await bouncer?.stop();
    // FORCE: PgBouncer's server connections may still be closing.
    if (databaseUrl) await admin(`drop database if exists ${database} with (force)`);
  });

  test('is not ready (503, store_unavailable) while nothing listens, ready once PgBouncer does', async () => {
    const unavailable = pgBouncerUnavailable(TEST_DATABASE_URL);
    test.skip(unavailable !== null, unavailable ?? '');
    test.setTimeout(120_000);
    const base = host?.baseURL ?? '';
    expect((await get(`${base}/api/health`)).status).toBe(200);
    const ready = await get(`${base}/api/ready`);
    expect(ready.status, JSON.stringify(ready.body)).toBe(503);
    expect(ready.headers()['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({
      notReady: ['store', 'migrations'],
      checks: { store: { status: 'failing', code: 'store_unavailable' } },
    });

    bouncer = await startPgBouncer(databaseUrl, 4, { port: E2E_PGBOUNCER_PORT });
    await expect
      .poll(async () => (await get(`${base}/api/ready`)).status, {
        timeout: 60_000,
        intervals: [500, 1_000, 2_000],
      })
      .toBe(200);
    // Through the pooler, the host serves a page that reads the store.
    const finish = await fetch(`${base}/checkout/finish?session=cs_${'R34dyR34'.repeat(4)}`);
    expect(finish.status, host?.logs()).toBe(200);

    // The database loses the last migration under the running host (say, an older backup is
    // restored): not ready, naming the migration, until it is applied again.
    const versions = (await get(`${base}/api/ready`)).body;
    expect(versions).toMatchObject({ status: 'ready' });
    const [removed] = (await admin(
      `DELETE FROM plankit.schema_migrations
        WHERE version = (SELECT max(version) FROM plankit.schema_migrations) RETURNING version`,
      databaseUrl,
    )) as { version: number }[];
    const lagging = await get(`${base}/api/ready`);
    expect(lagging.status, JSON.stringify(lagging.body)).toBe(503);
    expect(lagging.body).toMatchObject({
      notReady: ['migrations'],
      checks: {
        store: { status: 'ok' },
        migrations: { status: 'failing', code: 'migrations_pending', pending: [removed?.version] },
      },
    });
  });
});

/**
 * Another process that opens the embedded store on `dataDir` and holds it until SIGTERM,
 * when it closes it (releasing the folder's lock at once). Resolves once it holds it.
 */
function holdStoreFolder(dataDir: string): Promise<ChildProcess> {
  const script = `
    import { openCheckoutStore } from '@plankit/checkout/server';
    const { store } = await openCheckoutStore({ dataDir: ${JSON.stringify(dataDir)} });
    process.on('SIGTERM', async () => { await store.close(); process.exit(0); });
    console.log('holding');
    setInterval(() => {}, 1_000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('holding')) resolve(child);
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) =>
      reject(new Error(`the folder's holder exited (${code}): ${output}`)),
    );
  });
}
