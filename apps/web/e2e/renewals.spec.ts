// Issue 20, item 1: a renewal through the test clock, as an operator runs it, on each store.
// Buy Starter monthly, stop the host, `plankit advance` past the period's end, start the host
// again: the period moved on, there is one renewal order, `subscription.renewed` is delivered
// and the buyer gets the renewal email. On PostgreSQL (a database of its own on
// TEST_DATABASE_URL's server) the renewal used to be charged and never recorded.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cards, definitionOf, FINISH_URL, fillDetails, payWith, receipt } from './checkout';
import { expect, test } from './fixtures';
import { extraPort, startHost, waitForStore } from './host';
import {
  type Delivery,
  type SmtpSink,
  startSmtpSink,
  startWebhookReceiver,
  type WebhookReceiver,
} from './receivers';

const SECRET = process.env.E2E_WEBHOOK_SECRET ?? '';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const DAY = 24 * 60 * 60_000;
const plankitBin = join(process.cwd(), 'node_modules/@plankit/checkout/bin/plankit.mjs');

/** Where a store lives for one test, and how to read it and remove it. */
interface StoreUnderTest {
  env: Record<string, string>;
  /** Renewal orders of the store, read from the database itself (PostgreSQL only). */
  renewalOrders?: () => Promise<number>;
  remove(): Promise<void>;
}

async function embeddedStore(): Promise<StoreUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'plankit-renewal-'));
  return {
    env: { PLANKIT_DATA_DIR: join(root, 'plankit'), DATABASE_URL: '' },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

async function postgresStore(serverUrl: string): Promise<StoreUnderTest> {
  const name = `plankit_e2e_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async renewalOrders() {
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM plankit.orders WHERE kind = 'renewal'",
        );
        return rows[0]?.n ?? 0;
      } finally {
        await db.end();
      }
    },
    async remove() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const stores = [
  { name: 'PGlite', open: embeddedStore },
  ...(TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: () => postgresStore(TEST_DATABASE_URL) }]
    : []),
];

let webhooks: WebhookReceiver;
let smtp: SmtpSink;

test.beforeAll(async () => {
  webhooks = await startWebhookReceiver(SECRET);
  smtp = await startSmtpSink();
});

test.afterAll(async () => {
  await webhooks?.close();
  await smtp?.close();
});

const eventOf = (type: string, id: string): Delivery | undefined =>
  webhooks.deliveries.find((d) => d.type === type && d.data.id === id);

for (const { name, open } of stores) {
  test(`on ${name}: plankit advance renews a monthly subscription once, with its order, event and email`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const store = await open();
    const port = extraPort(8);
    const env = {
      ...store.env,
      PLANKIT_WEBHOOK_URL: webhooks.url,
      PLANKIT_WEBHOOK_SECRET: SECRET,
      PLANKIT_SMTP_URL: smtp.url,
      PLANKIT_MAIL_FROM: 'Plankit Demo <receipts@plankit.test>',
      PLANKIT_PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    let host = await startHost(port, env);
    await waitForStore(host);
    try {
      const email = `renewal-${name.toLowerCase()}-${Date.now()}@example.com`;
      await page.goto(`${host.baseURL}/checkout/starter`);
      await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
      await fillDetails(page, { email });
      await payWith(page, cards.succeeds);
      await expect(page).toHaveURL(FINISH_URL);
      const total = (await definitionOf(receipt(page), 'Paid').textContent()) ?? '';
      await expect
        .poll(() =>
          webhooks.deliveries.find((d) => d.type === 'order.paid' && d.data.email === email),
        )
        .toBeTruthy();
      const paid = webhooks.deliveries.find(
        (d) => d.type === 'order.paid' && d.data.email === email,
      );
      const subscriptionId = String(paid?.data.subscriptionId);
      await expect.poll(() => eventOf('subscription.created', subscriptionId)).toBeTruthy();
      const created = eventOf('subscription.created', subscriptionId)?.data;
      await expect.poll(() => smtp.to(email).length).toBe(1);
      // The browser lets go of the host's connections, so it can stop at once.
      await page.goto('about:blank');
      await host.stop();

      // The operator's test clock, on the store the host uses. A host that did not exit in
      // time was killed and leaves its PGlite lock behind until it goes stale (seconds): the
      // command says so, and the operator runs it again, as here.
      const to = new Date(Date.now() + 35 * DAY).toISOString();
      const advance = () =>
        spawnSync(process.execPath, [plankitBin, 'advance', '--to', to], {
          env: { ...process.env, ...store.env },
          encoding: 'utf8',
        });
      let advanced = advance();
      for (let tries = 0; /is locked: process/.test(advanced.stderr) && tries < 15; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        advanced = advance();
      }
      expect(advanced.stderr).toBe('');
      expect(advanced.stdout).toContain('Renewed 1, retrying 0, canceled 0');
      expect(advanced.status).toBe(0);
      if (store.renewalOrders) expect(await store.renewalOrders()).toBe(1);

      host = await startHost(port, env);
      // The restarted host opens its store, then delivers what the test clock wrote.
      await expect
        .poll(() => eventOf('subscription.renewed', subscriptionId), { timeout: 30_000 })
        .toBeTruthy();
      const renewed = eventOf('subscription.renewed', subscriptionId)?.data as
        | (Record<string, unknown> & { order?: Record<string, unknown> })
        | undefined;
      // The period moved on by one month, and the renewal's order paid for it.
      expect(renewed?.currentPeriodStart).toBe(created?.currentPeriodEnd);
      expect(Date.parse(String(renewed?.currentPeriodEnd))).toBeGreaterThan(
        Date.parse(String(created?.currentPeriodEnd)) + 27 * DAY,
      );
      expect(renewed?.status).toBe('active');
      expect(renewed?.order).toMatchObject({
        periodEnd: renewed?.currentPeriodEnd,
        total: paid?.data.total,
      });
      const reference = String(renewed?.order?.reference);
      expect(reference).toMatch(/^PK-/);
      await expect.poll(() => smtp.to(email).length, { timeout: 30_000 }).toBe(2);
      const mail = smtp.to(email)[1];
      expect(mail?.subject).toBe(`Your Starter subscription was renewed (${reference})`);
      expect(mail?.text).toContain(total);
      if (store.renewalOrders) expect(await store.renewalOrders()).toBe(1);
    } finally {
      await host.stop();
      await store.remove();
    }
  });
}
