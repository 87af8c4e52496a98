// A host process killed (SIGKILL) right after a checkout committed, before it delivered
// anything: the event waits in the outbox, and the next process delivers it, once (issue 11,
// "A host process killed between commit and delivery delivers the event after restart").
// Two real processes on one PostgreSQL; skipped without TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createCheckoutRoutes, parseCatalog } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createPostgresClient,
  createSqlStore,
  createTestPaymentProvider,
} from '@plankit/checkout/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../src/test-utils/webhookReceiver.js';
import { packageDir } from './support.js';

const url = process.env.TEST_DATABASE_URL;
const schema = `killed_host_${randomBytes(6).toString('hex')}`;

// The first host: pays a checkout with the webhook configured, then dies at once.
const FIRST_HOST = `
import { createCheckoutRoutes, parseCatalog } from '@plankit/checkout';
import { createCheckoutEngine, createPostgresClient, createSqlStore, createTestPaymentProvider } from '@plankit/checkout/server';
const { DB, SCHEMA, HOOK_URL, HOOK_SECRET } = process.env;
const client = await createPostgresClient({ connectionString: DB });
const store = createSqlStore(client, { schema: SCHEMA });
await store.migrate();
const provider = createTestPaymentProvider({ ledger: client, schema: SCHEMA });
const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [{ id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});
const engine = createCheckoutEngine({ catalog, store, provider, routes: createCheckoutRoutes(),
  webhook: { url: HOOK_URL, secret: HOOK_SECRET }, logger: { error() {}, warn() {}, info() {} } });
const method = await provider.processor.createPaymentMethod({ number: '4242424242424242', expiry: '12/39', cvc: '123' });
const result = await engine.submitPlanStep({ plan: 'starter', idempotencyKey: 'killed-host-key-0001', interval: 'monthly',
  currency: 'EUR', email: 'ada@example.com', name: 'Ada Lovelace', country: 'DE', paymentMethod: method.id },
  { clientAddress: '127.0.0.1', visitorToken: 'v' });
process.stdout.write(result.kind === 'redirect' ? result.sessionId : 'no redirect');
process.kill(process.pid, 'SIGKILL');
`;

describe.runIf(url)('a host killed between commit and delivery', () => {
  afterAll(async () => {
    const client = await createPostgresClient({ connectionString: url ?? '' });
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.close();
  });

  it('the next host process delivers its order.paid, once', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const run = await new Promise<{ signal: string | null; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--input-type=module', '-e', FIRST_HOST],
          {
            cwd: packageDir,
            env: {
              ...process.env,
              DB: url,
              SCHEMA: schema,
              HOOK_URL: receiver.url,
              HOOK_SECRET: receiver.secret,
            },
          },
          (error, stdout) => resolve({ signal: error?.signal ?? null, stdout }),
        );
      });
      expect(run.signal).toBe('SIGKILL');
      expect(run.stdout).toMatch(/^cs_/);
      expect(receiver.received).toEqual([]);

      // Restarted: a new process (here, this one) with the same configuration.
      const client = await createPostgresClient({ connectionString: url ?? '' });
      try {
        const engine = createCheckoutEngine({
          catalog: parseCatalog({
            defaultCurrency: 'EUR',
            plans: [{ id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 } } }],
            countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
          }),
          store: createSqlStore(client, { schema }),
          provider: createTestPaymentProvider({ ledger: client, schema }),
          routes: createCheckoutRoutes(),
          webhook: { url: receiver.url, secret: receiver.secret },
          logger: { error() {}, warn() {}, info() {} },
        });
        expect(await engine.deliverEvents()).toMatchObject({ delivered: 2 });
        expect(await engine.deliverEvents()).toMatchObject({ delivered: 0 });
      } finally {
        await client.close();
      }
      const paid = receiver.received.filter((delivery) => delivery.type === 'order.paid');
      expect(paid).toHaveLength(1);
      expect(paid[0]?.data).toMatchObject({ checkoutSessionId: run.stdout, total: 1071 });
    } finally {
      await receiver.close();
    }
  });
});
