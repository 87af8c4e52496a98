// `plankit orders` and `plankit subscriptions` as a merchant runs them: the package's bin on
// the store a host left behind, as a table and as CSV.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckoutRoutes, parseCatalog } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
} from '@plankit/checkout/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plankit } from './cliSupport.js';

const root = mkdtempSync(join(tmpdir(), 'plankit-cli-lists-'));
const env = { PLANKIT_DATA_DIR: join(root, 'data') };
afterAll(() => rmSync(root, { recursive: true, force: true }));

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [
    { id: 'pro', name: 'Pro', prices: { monthly: { EUR: 2400, JPY: 3000 } } },
    { id: 'team', name: 'Team', prices: { monthly: { EUR: 1200 } }, trialDays: 14 },
  ],
  countries: [
    { code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 },
    { code: 'JP', name: 'Japan', taxRateBasisPoints: 1000 },
  ],
});

const references: string[] = [];

beforeAll(async () => {
  const { store, client } = await openCheckoutStore({ dataDir: env.PLANKIT_DATA_DIR });
  try {
    const provider = createTestPaymentProvider({ ledger: client });
    const engine = createCheckoutEngine({
      catalog,
      store,
      provider,
      routes: createCheckoutRoutes(),
      logger: { error: () => {}, warn: () => {}, info: () => {} },
    });
    const buy = async (plan: string, email: string, country: string, currency: string) => {
      const method = await provider.processor.createPaymentMethod({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      });
      if ('errors' in method) throw new Error('test card refused');
      const result = await engine.submitPlanStep(
        {
          plan,
          idempotencyKey: `cli-lists-${references.length}-${Date.now()}`,
          interval: 'monthly',
          currency,
          email,
          name: 'Ada Lovelace, "the first"',
          country,
          paymentMethod: method.id,
        },
        { clientAddress: '127.0.0.1', visitorToken: 'v' },
      );
      if (result.kind !== 'redirect') throw new Error(JSON.stringify(result.state));
      const order = (await store.getSessionRecord(result.sessionId))?.order;
      if (!order) throw new Error('no order');
      references.push(order.reference);
    };
    await buy('pro', 'ada@example.com', 'DE', 'EUR');
    await buy('pro', 'grace@example.com', 'JP', 'JPY');
    await buy('team', 'Ada@Example.com', 'DE', 'EUR');
    await engine.refund({ orderReference: references[0] ?? '', amount: 500 });
  } finally {
    await store.close();
  }
});

describe('plankit orders and subscriptions', () => {
  it('orders: a table with invoice numbers, amounts in the currency’s unit and refunds', () => {
    const run = plankit(['orders'], env, root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^date\s+reference\s+invoice\s+kind\s+email/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `${references[0]}\\s+INV-\\d{4}-000001\\s+checkout\\s+ada@example.com\\s+pro\\s+monthly\\s+1\\s+EUR\\s+24.00\\s+0.00\\s+4.56\\s+28.56\\s+28.56\\s+5.00$`,
      ),
    );
    // Yen have no minor unit: 3000 JPY and 300 of tax, as written.
    expect(lines[2]).toMatch(/JPY\s+3000\s+0\s+300\s+3300\s+3300\s+0$/);
    // The trial charged nothing: no invoice number.
    expect(lines[3]).toMatch(new RegExp(`${references[2]}\\s+checkout\\s+Ada@Example.com\\s+team`));
  });

  it('orders: one buyer, any case, as CSV', () => {
    const run = plankit(['orders', '--email', 'ADA@example.com', '--format', 'csv'], env, root);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'date,reference,invoice,kind,email,plan,interval,seats,currency,subtotal,discount,tax,total,paid,refunded',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${references[0]},INV-\\d{4}-000001,checkout,ada@example.com,pro,monthly,1,EUR,24.00,0.00,4.56,28.56,28.56,5.00$`,
      ),
    );
    expect(rows[1]).toContain(`,${references[2]},,checkout,Ada@Example.com,team,`);
  });

  it('orders: a time range and the limit, said when it cuts', () => {
    const future = plankit(['orders', '--since', '2099-01-01'], env, root);
    expect(future.stdout.trim()).toBe('No orders.');
    const past = plankit(['orders', '--until', '2000-01-01', '--format', 'csv'], env, root);
    expect(past.stdout.trim().split('\n')).toHaveLength(1);
    const cut = plankit(['orders', '--limit', '2'], env, root);
    expect(cut.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(cut.stderr).toContain('Only the first 2 orders are shown');
  });

  it('subscriptions: by status, as a table and as CSV', () => {
    const all = plankit(['subscriptions'], env, root);
    expect(all.code).toBe(0);
    expect(all.stdout.trimEnd().split('\n')).toHaveLength(4);
    const trials = plankit(['subscriptions', '--status', 'trialing', '--format', 'csv'], env, root);
    const [header, ...rows] = trials.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'created,id,email,plan,interval,seats,status,currency,amount,period_end,ends_at_period_end',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/,Ada@Example.com,team,monthly,1,trialing,EUR,14.28,.*,no$/);
    const none = plankit(['subscriptions', '--status', 'canceled'], env, root);
    expect(none.stdout.trim()).toBe('No subscriptions.');
  });

  it.each([
    [['orders', '--format', 'xml'], '--format must be table or csv'],
    [['orders', '--since', 'last week'], 'is not a date in ISO 8601'],
    [['orders', '--email', 'ada'], 'is not an email address'],
    [['orders', '--limit', '0'], '--limit must be a whole number from 1 to 10000'],
    [['subscriptions', '--status', 'paused'], '--status must be one of'],
  ])('refuses %j with a usage error (exit 2)', (args, message) => {
    const run = plankit(args, env, root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
