import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCatalog } from '../test-utils/factories.js';
import { createPlankit } from './createPlankit.js';
import type { OpenedEngine } from './engineHolder.js';
import { routeAnswer } from './handlers.js';
import { registeredRuntime } from './registry.js';

// The adapter's route handlers on a real PGlite store and the test provider: one handler
// for every route file, told apart by path.
const dataDir = mkdtempSync(join(tmpdir(), 'plankit-next-'));
// createPlankit registers its runtime for the process, as an app's module does.
createPlankit({
  catalog: makeCatalog(),
  env: { PLANKIT_DATA_DIR: dataDir, PLANKIT_SECRET: 'handlers-test-secret-0123456789abcdef' },
  logger: { error: () => {}, warn: () => {}, info: () => {} },
});
// The handler without Next.js's `connection()`, which needs a request scope of Next.js's own.
const handle = (request: Request) => routeAnswer(registeredRuntime(), request);
const at = (path: string, init?: RequestInit) =>
  new Request(`http://shop.test${path}`, { headers: { host: 'shop.test' }, ...init });

afterAll(async () => {
  const holder = globalThis as { __plankitOpenedEngine?: Promise<OpenedEngine> };
  const opened = await holder.__plankitOpenedEngine;
  holder.__plankitOpenedEngine = undefined;
  await opened?.engine.stop();
  await opened?.client.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('/api/health answers 200, never cached', async () => {
    const response = await handle(at('/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/api/ready opens the store and answers 200 with every check ok', async () => {
    const response = await handle(at('/api/ready'));
    expect(await response.json()).toMatchObject({
      status: 'ready',
      notReady: [],
      checks: {
        store: { status: 'ok' },
        migrations: { status: 'ok' },
        provider: { provider: 'test' },
      },
    });
    expect(response.status).toBe(200);
  }, 60_000);
});

describe('webhooks and the test processor', () => {
  it('refuses a test-provider webhook without its signature (400)', async () => {
    const response = await handle(at('/api/webhooks/test', { method: 'POST', body: '{}' }));
    expect(response.status).toBe(400);
  });

  it('serves the test processor under its path', async () => {
    const response = await handle(at('/test-processor/pay/pi_unknown'));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toBe('Not found');
  });
});

describe('the menus', () => {
  it('/language remembers a shipped language and goes back to the page', async () => {
    const response = await handle(
      at('/language?to=de&back=%2Fcheckout%2Fpro', { headers: { host: 'shop.test' } }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout/pro');
    expect(response.headers.get('set-cookie')).toMatch(/^plankit_locale=de; Path=\/;/);
  });

  it('/language never sends the visitor to another site', async () => {
    const response = await handle(at('/language?to=de&back=https%3A%2F%2Fevil.test%2F'));
    expect(response.headers.get('location')).toBe('/');
  });

  it('/theme forgets the choice for "as the system"', async () => {
    const response = await handle(at('/theme?to=system'));
    expect(response.headers.get('set-cookie')).toMatch(/^plankit_theme=; Path=\/; Max-Age=0/);
  });
});

describe('anything else', () => {
  it('is a 404', async () => {
    expect((await handle(at('/api/nothing'))).status).toBe(404);
    expect((await handle(at('/api/health', { method: 'POST' }))).status).toBe(404);
  });
});
