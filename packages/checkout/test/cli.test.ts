// The `plankit` command as a person runs it: the package's bin, in a process of its own,
// on the store a host left behind (issue 9, "A test clock for test mode").
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckoutRoutes, parseCatalog } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
} from '@plankit/checkout/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../src/test-utils/webhookReceiver.js';
import { bin, plankit as runPlankit } from './cliSupport.js';

const root = mkdtempSync(join(tmpdir(), 'plankit-cli-'));
const DAY = 24 * 60 * 60 * 1000;

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `plankit …` in `cwd` (default: a temporary folder) with only the given variables. */
const plankit = (args: string[], env: Record<string, string> = {}, cwd = root) =>
  runPlankit(args, env, cwd);

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'pro', name: 'Pro', prices: { monthly: { EUR: 2400 } }, trialDays: 14 }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

/** A host's store in `dataDir` with one trial bought and the engine's provider recorded. */
async function storeWithTrial(dataDir: string, activeProvider = 'test'): Promise<string> {
  const { store, client } = await openCheckoutStore({ dataDir });
  try {
    const provider = createTestPaymentProvider({ ledger: client });
    const engine = createCheckoutEngine({
      catalog,
      store,
      provider,
      routes: createCheckoutRoutes(),
      logger: { error: () => {}, warn: () => {}, info: () => {} },
    });
    const method = await provider.processor.createPaymentMethod({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    });
    if ('errors' in method) throw new Error('test card refused');
    const result = await engine.submitPlanStep(
      {
        plan: 'pro',
        idempotencyKey: `cli-test-${Date.now()}`,
        interval: 'monthly',
        currency: 'EUR',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        country: 'DE',
        paymentMethod: method.id,
      },
      { clientAddress: '127.0.0.1', visitorToken: 'v' },
    );
    if (result.kind !== 'redirect') throw new Error(JSON.stringify(result.state));
    await store.setActiveProvider(activeProvider);
    return result.sessionId;
  } finally {
    await store.close();
  }
}

describe('plankit', () => {
  it('explains itself', () => {
    const help = plankit(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('plankit advance --to <date>');
    expect(help.stdout).toContain('plankit prune [--dry-run]');
    expect(plankit(['help', 'advance']).stdout).toContain('runs every renewal, retry and expiry');
  });

  it.each([
    [['rewind'], 'no command "rewind"'],
    [['advance'], 'Say where to move the clock: --to <date>.'],
    [['advance', '--to', 'next tuesday'], 'is not a date in ISO 8601'],
    [['advance', '--to', '2027-02-30'], 'is not a date in ISO 8601'],
    [['advance', '--to', '2027-01-31', '--force'], "Unknown option '--force'"],
    [['webhooks'], 'Say what to do: replay <eventId>'],
    [['webhooks', 'replay'], 'Say which events'],
    [['webhooks', 'replay', 'order-1'], 'is not an event id'],
    [['webhooks', 'replay', '--since', 'yesterday'], 'is not a date in ISO 8601'],
    [['prune', '--force'], "Unknown option '--force'"],
    [['prune', 'now'], "Unexpected argument 'now'"],
  ])('refuses %j with a usage error (exit 2)', (args, message) => {
    const run = plankit(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('advance runs the first charge of a trial that ended, on the store PLANKIT_DATA_DIR names', async () => {
    const dataDir = join(root, 'trial');
    const sessionId = await storeWithTrial(dataDir);
    const to = new Date(Date.now() + 15 * DAY).toISOString();

    const run = plankit(['advance', '--to', to], { PLANKIT_DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The store's clock runs on from there: the seconds may have moved.
    expect(run.stdout).toContain(`is now ${to.slice(0, 16)}`);
    expect(run.stdout).toContain('Renewed 1, retrying 0, canceled 0');

    const { store } = await openCheckoutStore({ dataDir });
    try {
      const record = await store.getSessionRecord(sessionId);
      expect(record?.subscription?.status).toBe('active');
      expect((await store.clock.now()).getTime()).toBeGreaterThanOrEqual(new Date(to).getTime());
    } finally {
      await store.close();
    }

    // The clock only moves forward.
    const back = plankit(['advance', '--to', '2020-01-01'], { PLANKIT_DATA_DIR: dataDir });
    expect(back.code).toBe(1);
    expect(back.stderr).toContain('only moves forward');
  });

  it('refuses a store whose engine takes money through another provider', async () => {
    const dataDir = join(root, 'live');
    await storeWithTrial(dataDir, 'stripe');
    const run = plankit(['advance', '--to', new Date(Date.now() + 40 * DAY).toISOString()], {
      PLANKIT_DATA_DIR: dataDir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('runs only with the test provider');
    expect(run.stderr).toContain('"stripe"');
  });

  it('finds the store relative to where it runs, as the app does (.data/plankit)', async () => {
    const app = join(root, 'app');
    await storeWithTrial(join(app, '.data/plankit'));
    const run = plankit(
      ['advance', '--to', new Date(Date.now() + 15 * DAY).toISOString()],
      {},
      app,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`PGlite in ${join(app, '.data/plankit')}`);
    expect(run.stdout).toContain('Renewed 1');
  });

  it('webhooks replay sends an event again by id, and everything since a time', async () => {
    const dataDir = join(root, 'replay');
    const sessionId = await storeWithTrial(dataDir);
    const { store } = await openCheckoutStore({ dataDir });
    const events = await store.listEvents();
    await store.close();
    const created = events.find((event) => event.type === 'subscription.created');
    expect(created?.data.checkoutSessionId).toBe(sessionId);
    const receiver = await startWebhookReceiver();
    // Not spawnSync: the receiver in this process must answer while the command runs.
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const { DATABASE_URL: _url, ...inherited } = process.env;
        execFile(
          process.execPath,
          [bin, ...args],
          {
            cwd: root,
            env: {
              ...inherited,
              PLANKIT_DATA_DIR: dataDir,
              PLANKIT_WEBHOOK_URL: receiver.url,
              PLANKIT_WEBHOOK_SECRET: receiver.secret,
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    try {
      const byId = await run(['webhooks', 'replay', created?.id ?? '']);
      expect(byId.stderr).toBe('');
      expect(byId.stdout).toContain('1 event(s)');
      expect(byId.stdout).toContain('delivered 1');
      expect(receiver.received.map((delivery) => [delivery.id, delivery.type])).toEqual([
        [created?.id, 'subscription.created'],
      ]);
      const since = await run(['webhooks', 'replay', '--since', '2000-01-01']);
      expect(since.stdout).toContain(`${events.length} event(s)`);
      expect(receiver.received).toHaveLength(1 + events.length);
      const unknown = await run(['webhooks', 'replay', `evt_${'0'.repeat(32)}`]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('no such event');
    } finally {
      await receiver.close();
    }
  });
});
