import { PGlite } from '@electric-sql/pglite';

import type { SqlClient } from '../store/types.js';
import { describeProviderContract } from '../testing/describeProviderContract.js';
import { createTestPaymentProvider, TEST_CARDS } from './testPaymentProvider.js';
import type { CreatePaymentInput } from './types.js';

/** A minimal SqlClient over PGlite, so these tests need nothing from the store. */
async function pgliteLedger(): Promise<{ db: SqlClient; raw: PGlite }> {
  const raw = await PGlite.create();
  const db: SqlClient = {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await raw.query<Row>(text, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    transaction: () => Promise.reject(new Error('not used by the test provider')),
    close: () => raw.close(),
  };
  return { db, raw };
}

let keyCounter = 0;
function payment(card: string, overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  keyCounter += 1;
  return {
    idempotencyKey: `key-${keyCounter}-${Math.random().toString(36).slice(2)}`,
    amount: 1071,
    currency: 'EUR',
    description: 'Plankit: Starter (monthly)',
    customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    paymentMethod: {
      type: 'card',
      card: { number: card, expMonth: 12, expYear: 2099, cvc: '123' },
    },
    ...overrides,
  };
}

// One embedded database for the whole file (starting PGlite takes a while); every test
// gets its own ledger schema.
let shared: Awaited<ReturnType<typeof pgliteLedger>> | null = null;
let schemaCounter = 0;
afterAll(async () => {
  await shared?.db.close();
});

const modes = [
  { mode: 'in memory', make: () => createTestPaymentProvider() },
  {
    mode: 'PGlite ledger',
    make: async () => {
      shared ??= await pgliteLedger();
      schemaCounter += 1;
      return createTestPaymentProvider({
        ledger: shared.db,
        schema: `provider_test_${schemaCounter}`,
      });
    },
  },
];

describe.each(modes)('test payment provider ($mode)', ({ make }) => {
  let provider: Awaited<ReturnType<typeof make>>;

  beforeEach(async () => {
    provider = await make();
  });

  it('is called "test"', () => {
    expect(provider.id).toBe('test');
  });

  it('charges 4242 4242 4242 4242', async () => {
    const result = await provider.createPayment(payment(TEST_CARDS.success));
    expect(result).toEqual({
      status: 'succeeded',
      paymentId: expect.stringMatching(/^pay_[\w-]{20,}$/),
    });
  });

  it('declines 4000 0000 0000 0002 with card_declined', async () => {
    const result = await provider.createPayment(payment(TEST_CARDS.declined));
    expect(result).toMatchObject({ status: 'failed', code: 'card_declined' });
  });

  it('declines 4000 0000 0000 9995 with insufficient_funds', async () => {
    const result = await provider.createPayment(payment(TEST_CARDS.insufficientFunds));
    expect(result).toMatchObject({ status: 'failed', code: 'insufficient_funds' });
  });

  it('asks 4000 0027 6000 3184 to authenticate', async () => {
    const result = await provider.createPayment(payment(TEST_CARDS.authenticate));
    expect(result).toMatchObject({ status: 'requires_action', action: 'authenticate' });
  });

  it('charges any other Luhn-valid number, and declines one that fails Luhn', async () => {
    await expect(provider.createPayment(payment('5555555555554444'))).resolves.toMatchObject({
      status: 'succeeded',
    });
    await expect(provider.createPayment(payment('4242424242424241'))).resolves.toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
  });

  it('returns the first payment for a repeated idempotency key and records it once', async () => {
    const input = payment(TEST_CARDS.success);
    const first = await provider.createPayment(input);
    const second = await provider.createPayment({ ...input });
    expect(second).toEqual(first);
    expect(await provider.countPayments()).toBe(1);
  });

  it('records one payment when the same key arrives many times at once', async () => {
    const input = payment(TEST_CARDS.success);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => provider.createPayment({ ...input })),
    );
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(await provider.countPayments()).toBe(1);
  });

  it('a repeated key keeps the first outcome, even with another card', async () => {
    const input = payment(TEST_CARDS.declined);
    const first = await provider.createPayment(input);
    const again = await provider.createPayment({
      ...input,
      paymentMethod: payment(TEST_CARDS.success).paymentMethod,
    });
    expect(again).toEqual(first);
  });

  it('approving an authentication succeeds, and confirming again returns the same result', async () => {
    const started = await provider.createPayment(payment(TEST_CARDS.authenticate));
    const approved = await provider.confirmPayment(started.paymentId, { approved: true });
    expect(approved).toEqual({ status: 'succeeded', paymentId: started.paymentId });
    // A late decline cannot undo the approval.
    await expect(provider.confirmPayment(started.paymentId, { approved: false })).resolves.toEqual(
      approved,
    );
    await expect(provider.retrievePayment(started.paymentId)).resolves.toEqual(approved);
  });

  it('declining an authentication fails with authentication_failed, once', async () => {
    const started = await provider.createPayment(payment(TEST_CARDS.authenticate));
    const declined = await provider.confirmPayment(started.paymentId, { approved: false });
    expect(declined).toMatchObject({
      status: 'failed',
      paymentId: started.paymentId,
      code: 'authentication_failed',
    });
    await expect(provider.confirmPayment(started.paymentId, { approved: true })).resolves.toEqual(
      declined,
    );
  });

  it('resubmitting an authenticating payment key returns requires_action, not a new charge', async () => {
    const input = payment(TEST_CARDS.authenticate);
    const first = await provider.createPayment(input);
    await expect(provider.createPayment({ ...input })).resolves.toEqual(first);
    expect(await provider.countPayments()).toBe(1);
  });

  it('finds a payment by its idempotency key after the answer was lost, and nothing for an unused key', async () => {
    const input = payment(TEST_CARDS.success);
    const charged = await provider.createPayment(input);
    await expect(provider.findPayment(input.idempotencyKey)).resolves.toEqual(charged);
    await expect(provider.findPayment('never-used-key')).resolves.toBeNull();
    expect(await provider.countPayments()).toBe(1);
  });

  it('confirming an unknown payment throws', async () => {
    await expect(provider.confirmPayment('pay_nope', { approved: true })).rejects.toThrow(
      /Unknown test payment/,
    );
    await expect(provider.retrievePayment('pay_nope')).resolves.toBeNull();
  });

  it('refuses tokens and non-positive amounts', async () => {
    await expect(
      provider.createPayment(payment('', { paymentMethod: { type: 'token', token: 'tok_visa' } })),
    ).rejects.toThrow(/card details/);
    await expect(
      provider.createPayment(payment(TEST_CARDS.success, { amount: 0 })),
    ).rejects.toThrow(/positive/);
  });
});

describe('test payment provider ledger on PGlite', () => {
  let db: SqlClient;
  let raw: PGlite;
  beforeAll(async () => {
    shared ??= await pgliteLedger();
    ({ db, raw } = shared);
  });

  it('two providers sharing one ledger charge a key once', async () => {
    const a = createTestPaymentProvider({ ledger: db, schema: 'shared' });
    const b = createTestPaymentProvider({ ledger: db, schema: 'shared' });
    const input = payment(TEST_CARDS.success);
    const [first, second] = await Promise.all([
      a.createPayment(input),
      b.createPayment({ ...input }),
    ]);
    expect(second).toEqual(first);
    expect(await a.countPayments()).toBe(1);
    expect(await b.countPayments()).toBe(1);
  });

  it('a confirmation through one provider is seen by the other', async () => {
    const a = createTestPaymentProvider({ ledger: db, schema: 'shared' });
    const b = createTestPaymentProvider({ ledger: db, schema: 'shared' });
    const started = await a.createPayment(payment(TEST_CARDS.authenticate));
    await b.confirmPayment(started.paymentId, { approved: true });
    await expect(a.retrievePayment(started.paymentId)).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it('keeps the last four digits and brand, never the number or CVC', async () => {
    const provider = createTestPaymentProvider({ ledger: db, schema: 'cards' });
    await provider.createPayment(payment(TEST_CARDS.success));
    const { rows } = await raw.query<Record<string, unknown>>(
      'SELECT * FROM cards.test_provider_payments',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ card_last4: '4242', card_brand: 'visa', amount: 1071 });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(TEST_CARDS.success);
    expect(stored).not.toContain('"123"');
  });

  it('rejects a schema name that is not a plain identifier', () => {
    expect(() => createTestPaymentProvider({ ledger: db, schema: 'x"; drop table y; --' })).toThrow(
      /Invalid ledger schema/,
    );
  });
});

const card = (number: string): CreatePaymentInput['paymentMethod'] => ({
  type: 'card',
  card: { number, expMonth: 12, expYear: 2099, cvc: '123' },
});
const contractMethods = {
  succeeds: card(TEST_CARDS.success),
  declined: card(TEST_CARDS.declined),
  insufficientFunds: card(TEST_CARDS.insufficientFunds),
  requiresAction: card(TEST_CARDS.authenticate),
};

describeProviderContract('the test provider, payments in memory', {
  open: async () => ({ provider: createTestPaymentProvider(), dispose: async () => {} }),
  methods: contractMethods,
});

describeProviderContract('the test provider, payments in a database table', {
  async open() {
    shared ??= await pgliteLedger();
    const schema = `contract_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const db = shared.db;
    return {
      provider: createTestPaymentProvider({ ledger: db, schema }),
      dispose: async () => {
        await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      },
    };
  },
  methods: contractMethods,
});
