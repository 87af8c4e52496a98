import { randomBytes } from 'node:crypto';

import { findPlan } from '../catalog/findPlan.js';
import type { Catalog } from '../catalog/schema.js';
import { ProviderError, StoreError } from '../errors/errors.js';
import { ORDER_REFERENCE_PATTERN } from '../ids/orderReference.js';
import { createSessionId } from '../ids/sessionId.js';
import { quote } from '../pricing/quote.js';
import { createTestPaymentProvider, TEST_CARDS } from '../providers/testPaymentProvider.js';
import type { PaymentProvider } from '../providers/types.js';
import { createCheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import { createPgliteClient } from '../store/pgliteClient.js';
import { createPostgresClient } from '../store/postgresClient.js';
import { createSqlStore } from '../store/sql/createSqlStore.js';
import type {
  CheckoutSession,
  CheckoutStore,
  SessionSelection,
  SqlClient,
} from '../store/types.js';
import { makeCatalog, makePlan } from '../test-utils/factories.js';
import type { FinishView, PlanStepState, SubmitResult } from '../views/types.js';
import { type CheckoutEngineOptions, createCheckoutEngine } from './createCheckoutEngine.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The last day of January, so "one month later" must clamp to 28 February. */
const START = new Date('2031-01-31T12:00:00.000Z');

const databases: { name: string; postgres: boolean; open: () => Promise<SqlClient> }[] = [
  { name: 'PGlite', postgres: false, open: () => createPgliteClient() },
];
if (TEST_DATABASE_URL) {
  databases.push({
    name: 'Postgres',
    postgres: true,
    open: () => createPostgresClient({ connectionString: TEST_DATABASE_URL, max: 20 }),
  });
}

const routes = createCheckoutRoutes();

const newKey = () => randomBytes(18).toString('base64url');

/** A valid starter-plan submission from Germany paying with 4242…; override any field. */
/** A posted form; `idempotencyKey` is always there (possibly empty). */
type Post = Record<string, string> & { idempotencyKey: string };

function post(overrides: Record<string, string> = {}): Post {
  return {
    plan: 'starter',
    idempotencyKey: newKey(),
    interval: 'monthly',
    currency: 'EUR',
    seats: '',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    country: 'DE',
    promo: '',
    cardNumber: '4242 4242 4242 4242',
    cardExpiry: '12/34',
    cardCvc: '123',
    ...overrides,
  };
}

/** What the engine stores for starter, monthly, EUR, Germany: 9 € + 19% = 10.71 €. */
function starterSelection(): SessionSelection {
  const plan = findPlan(makeCatalog(), 'starter');
  if (!plan) throw new Error('the factory catalog has a starter plan');
  const amounts = quote({ plan, interval: 'monthly', currency: 'EUR', taxRateBasisPoints: 1900 });
  return {
    planId: 'starter',
    interval: 'monthly',
    currency: 'EUR',
    seats: 1,
    country: 'DE',
    promoCode: null,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    amountDue: amounts.dueToday,
    quote: amounts,
  };
}

function expectRedirect(result: SubmitResult): { location: string; sessionId: string } {
  if (result.kind !== 'redirect') {
    throw new Error(`expected a redirect, got state ${JSON.stringify(result.state)}`);
  }
  return result;
}

function expectState(result: SubmitResult): PlanStepState {
  if (result.kind !== 'state') throw new Error(`expected a state, got ${result.location}`);
  return result.state;
}

function receiptOf(view: FinishView) {
  if (!('receipt' in view)) throw new Error(`expected a receipt, got ${view.status}`);
  return view.receipt;
}

describe.each(databases)('checkout engine on $name', ({ postgres, open }) => {
  let client: SqlClient;
  let schema: string;
  let store: CheckoutStore;

  beforeAll(async () => {
    client = await open();
  });
  afterAll(async () => {
    await client.close();
  });
  // A fresh schema per test keeps counts (payments, failures, expiries) exact.
  beforeEach(async () => {
    schema = `engine_test_${randomBytes(6).toString('hex')}`;
    store = createSqlStore(client, { schema });
    await store.migrate();
    // One clock: the store's. Frozen, so dates in assertions are exact.
    await store.clock.travel(START, { freeze: true });
  });
  afterEach(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  /** Moves the store's (frozen) clock on; the engine follows it. */
  async function advance(ms: number): Promise<void> {
    const now = await store.clock.now();
    await store.clock.travel(new Date(now.getTime() + ms), { freeze: true });
  }

  /** An engine with a captured logger and its own test provider, on the store's clock. */
  function setup(
    overrides: Partial<CheckoutEngineOptions> & { catalog?: Catalog; ledger?: boolean } = {},
  ) {
    const logs: unknown[][] = [];
    const logger = {
      error: (...args: unknown[]) => logs.push(['error', ...args]),
      warn: (...args: unknown[]) => logs.push(['warn', ...args]),
      info: (...args: unknown[]) => logs.push(['info', ...args]),
    };
    const { ledger, ...options } = overrides;
    const provider = createTestPaymentProvider(ledger ? { ledger: client, schema } : {});
    const engine = createCheckoutEngine({
      catalog: makeCatalog(),
      store,
      provider,
      routes,
      logger,
      secret: 'test-secret-of-16-chars',
      ...options,
    });
    return { engine, provider, logs };
  }

  const countRows = async (table: string) => {
    const { rows } = await client.query<{ n: number | string }>(
      `SELECT count(*)::int AS n FROM "${schema}".${table}`,
    );
    return Number(rows[0]?.n);
  };

  const visitor = { clientAddress: '203.0.113.7', visitorToken: 'token-a' };

  /**
   * A request that claimed a session under `idempotencyKey` and charged the card, then
   * died before recording anything: the session stays `processing`, the provider has
   * the payment under the attempt's key.
   */
  async function paymentAbandonedMidway(
    provider: PaymentProvider,
    idempotencyKey: string,
  ): Promise<CheckoutSession> {
    const { session: claimed, outcome } = await store.startAttempt({
      session: {
        ...starterSelection(),
        id: createSessionId(),
        idempotencyKey,
        visitorHash: null,
        ttlMs: DAY,
      },
      visitorHash: null,
      leaseMs: 2 * MINUTE,
      failureWindowMs: 15 * MINUTE,
      clientKey: null,
    });
    if (outcome !== 'created') throw new Error('fixture: the attempt did not start');
    await provider.createPayment({
      idempotencyKey: `${claimed.id}:${claimed.attempt}`,
      amount: 1071,
      currency: 'EUR',
      description: 'crashed before recording',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      paymentMethod: {
        type: 'card',
        card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2034, cvc: '123' },
      },
    });
    return claimed;
  }

  describe('starter, monthly, EUR, German VAT, card 4242', () => {
    it('charges the catalog price and shows a paid receipt', async () => {
      const { engine, provider } = setup();
      const redirect = expectRedirect(await engine.submitPlanStep(post(), visitor));
      expect(redirect.location).toBe(routes.finish(redirect.sessionId));

      const view = await engine.getFinishView(redirect.sessionId, visitor);
      expect(view.status).toBe('paid');
      const receipt = receiptOf(view);
      expect(receipt).toMatchObject({
        planId: 'starter',
        planName: 'Starter',
        interval: 'monthly',
        seats: 1,
        perSeat: false,
        email: 'ada@example.com',
        amountPaid: 1071,
        subscriptionStatus: 'active',
        trialEnd: null,
        // 31 January + 1 month clamps to the end of February.
        currentPeriodEnd: '2031-02-28T12:00:00.000Z',
      });
      expect(receipt.quote).toMatchObject({ subtotal: 900, tax: 171, total: 1071 });
      expect(receipt.reference).toMatch(ORDER_REFERENCE_PATTERN);
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('orders')).toBe(1);
      expect(await countRows('subscriptions')).toBe(1);
    });

    it('accepts the same post as FormData', async () => {
      const { engine } = setup();
      const form = new FormData();
      for (const [name, value] of Object.entries(post())) form.set(name, value);
      const redirect = expectRedirect(await engine.submitPlanStep(form, visitor));
      await expect(engine.getFinishView(redirect.sessionId, visitor)).resolves.toMatchObject({
        status: 'paid',
      });
    });

    it('yearly billing renews a year later', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post({ interval: 'yearly' }), visitor),
      );
      const receipt = receiptOf(await engine.getFinishView(sessionId, visitor));
      expect(receipt.amountPaid).toBe(10710);
      expect(receipt.currentPeriodEnd).toBe('2032-01-31T12:00:00.000Z');
    });

    it('any other Luhn-valid card pays too', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post({ cardNumber: '5555 5555 5555 4444' }), visitor),
      );
      await expect(engine.getFinishView(sessionId, visitor)).resolves.toMatchObject({
        status: 'paid',
      });
    });
  });

  describe('team plan, 5 seats, LAUNCH20, German VAT', () => {
    it('prices seats, discount and tax from the catalog', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(
          post({ plan: 'team', seats: '5', promo: 'launch20 ' }),
          visitor,
        ),
      );
      const receipt = receiptOf(await engine.getFinishView(sessionId, visitor));
      expect(receipt).toMatchObject({ seats: 5, perSeat: true, amountPaid: 5712 });
      expect(receipt.quote).toMatchObject({
        subtotal: 6000,
        discount: 1200,
        tax: 912,
        total: 5712,
        promoCode: 'LAUNCH20',
      });
    });
  });

  describe('promo codes: Apply, then Pay', () => {
    it('Apply checks the code alone and charges nothing', async () => {
      const { engine, provider } = setup();
      const form = {
        plan: 'team',
        intent: 'apply-promo',
        promo: 'launch20',
        idempotencyKey: newKey(),
      };
      const state = expectState(await engine.submitPlanStep(form, visitor));
      expect(state).toEqual({
        status: 'idle',
        fieldErrors: {},
        formError: null,
        values: { promo: 'launch20' },
        idempotencyKey: form.idempotencyKey,
        appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
      });
      expect(await countRows('checkout_sessions')).toBe(0);
      expect(await provider.countPayments()).toBe(0);
    });

    it.each([
      ['EXPIRED10', 'errorPromoExpired'],
      ['NOPE', 'errorPromoUnknown'],
    ])('Apply with %s says why on the field', async (promo, message) => {
      const { engine } = setup();
      const state = expectState(
        await engine.submitPlanStep({ ...post({ promo }), intent: 'apply-promo' }, visitor),
      );
      expect(state).toMatchObject({ status: 'invalid', fieldErrors: { promo: { message } } });
      expect(state.appliedPromo).toBeNull();
    });

    it('Pay with a code the summary has not priced shows the discount first', async () => {
      const { engine, provider } = setup();
      const form = post({
        plan: 'team',
        seats: '5',
        promo: 'LAUNCH20',
        intent: 'pay',
        promoApplied: '',
      });
      const review = expectState(await engine.submitPlanStep(form, visitor));
      expect(review).toMatchObject({
        status: 'idle',
        formError: null,
        appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
        idempotencyKey: form.idempotencyKey,
      });
      expect(await provider.countPayments()).toBe(0);

      const { sessionId } = expectRedirect(
        await engine.submitPlanStep({ ...form, promoApplied: 'LAUNCH20' }, visitor),
      );
      expect(receiptOf(await engine.getFinishView(sessionId, visitor)).amountPaid).toBe(5712);
    });
  });

  describe('price tampering', () => {
    it('ignores amount, total and price fields from the browser', async () => {
      const provider = createTestPaymentProvider();
      const charged: number[] = [];
      const spying: PaymentProvider = {
        ...provider,
        createPayment: (input) => {
          charged.push(input.amount);
          return provider.createPayment(input);
        },
      };
      const tampered = setup({ provider: spying }).engine;
      const { sessionId } = expectRedirect(
        await tampered.submitPlanStep(post({ amount: '1', total: '1', price: '1' }), visitor),
      );
      expect(charged).toEqual([1071]);
      expect(receiptOf(await tampered.getFinishView(sessionId, visitor)).amountPaid).toBe(1071);
    });
  });

  describe('declined cards', () => {
    it('4000 0000 0000 0002: declined, inputs kept, card cleared, same key, retry pays', async () => {
      const { engine, provider } = setup();
      const first = post({ cardNumber: TEST_CARDS.declined, promo: 'LAUNCH20' });
      const state = expectState(await engine.submitPlanStep(first, visitor));
      expect(state).toMatchObject({
        status: 'failed',
        formError: { message: 'errorDeclined' },
        idempotencyKey: first.idempotencyKey,
        appliedPromo: { code: 'LAUNCH20', percentOff: 20 },
      });
      expect(state.values).toEqual({
        interval: 'monthly',
        currency: 'EUR',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        country: 'DE',
        promo: 'LAUNCH20',
        cardExpiry: '12/34',
      });
      expect(JSON.stringify(state)).not.toContain(TEST_CARDS.declined);

      const session = await store.getSessionByIdempotencyKey(first.idempotencyKey);
      expect(session).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
      const view = await engine.getFinishView(session?.id, visitor);
      expect(view).toEqual({
        status: 'failed',
        planName: 'Starter',
        reason: { message: 'errorDeclined' },
        retryUrl: '/checkout/starter?interval=monthly&currency=EUR&promo=LAUNCH20&country=DE',
      });

      const retry = expectRedirect(
        await engine.submitPlanStep({ ...first, cardNumber: TEST_CARDS.success }, visitor),
      );
      expect(retry.sessionId).toBe(session?.id);
      expect((await engine.getFinishView(retry.sessionId, visitor)).status).toBe('paid');
      expect(await provider.countPayments()).toBe(2);
      expect((await store.getSession(retry.sessionId))?.attempt).toBe(2);
    });

    it('4000 0000 0000 9995: insufficient funds', async () => {
      const { engine } = setup();
      const state = expectState(
        await engine.submitPlanStep(post({ cardNumber: TEST_CARDS.insufficientFunds }), visitor),
      );
      expect(state.formError).toEqual({ message: 'errorInsufficientFunds' });
    });

    it('a failed team checkout links back with its seats', async () => {
      const { engine } = setup();
      const form = post({
        plan: 'team',
        seats: '7',
        interval: 'yearly',
        cardNumber: TEST_CARDS.declined,
      });
      expectState(await engine.submitPlanStep(form, visitor));
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
        retryUrl: '/checkout/team?interval=yearly&seats=7&currency=EUR&country=DE',
      });
    });
  });

  describe('4000 0027 6000 3184: authentication', () => {
    async function startAuthentication(engine: ReturnType<typeof setup>['engine']) {
      const form = post({ cardNumber: TEST_CARDS.authenticate });
      const redirect = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(redirect.location).toBe(routes.authenticate(redirect.sessionId));
      return { form, sessionId: redirect.sessionId };
    }

    it('asks for authentication, then approving pays', async () => {
      const { engine, provider } = setup();
      const { form, sessionId } = await startAuthentication(engine);

      await expect(engine.getFinishView(sessionId, visitor)).resolves.toEqual({
        status: 'action_required',
        sessionId,
        planName: 'Starter',
        authenticateUrl: routes.authenticate(sessionId),
      });
      await expect(engine.getAuthenticationView(sessionId, visitor)).resolves.toEqual({
        status: 'pending',
        sessionId,
        amount: 1071,
        currency: 'EUR',
        planName: 'Starter',
      });
      // Posting the plan step again while the bank waits goes back to the bank.
      const again = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(again.location).toBe(routes.authenticate(sessionId));

      await expect(engine.completeAuthentication(sessionId, 'approve', visitor)).resolves.toEqual({
        location: routes.finish(sessionId),
      });
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      // A second decision changes nothing.
      await expect(engine.completeAuthentication(sessionId, 'decline', visitor)).resolves.toEqual({
        location: routes.finish(sessionId),
      });
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      await expect(engine.getAuthenticationView(sessionId, visitor)).resolves.toEqual({
        status: 'done',
        finishUrl: routes.finish(sessionId),
      });
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('orders')).toBe(1);
    });

    it('declining fails the session; a retry with another card pays', async () => {
      const { engine } = setup();
      const { form, sessionId } = await startAuthentication(engine);
      await engine.completeAuthentication(sessionId, 'decline', visitor);
      await expect(engine.getFinishView(sessionId, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorAuthenticationFailed' },
      });
      const retry = expectRedirect(
        await engine.submitPlanStep({ ...form, cardNumber: TEST_CARDS.success }, visitor),
      );
      expect(retry.sessionId).toBe(sessionId);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });

    it('only the visitor who started it can see or decide it', async () => {
      const { engine } = setup();
      const { sessionId } = await startAuthentication(engine);
      const stranger = { clientAddress: '198.51.100.1', visitorToken: 'token-b' };
      await expect(engine.getAuthenticationView(sessionId, stranger)).resolves.toEqual({
        status: 'not_found',
      });
      await engine.completeAuthentication(sessionId, 'decline', stranger);
      expect((await store.getSession(sessionId))?.status).toBe('requires_action');
      await expect(engine.getAuthenticationView('not-a-session', visitor)).resolves.toEqual({
        status: 'not_found',
      });
    });
  });

  describe('trial and free plans', () => {
    it('pro starts a 14-day trial without calling the provider', async () => {
      const { engine, provider } = setup();
      const form = post({ plan: 'pro', cardNumber: '', cardExpiry: '', cardCvc: '' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(form, visitor));
      const view = await engine.getFinishView(sessionId, visitor);
      expect(view.status).toBe('trialing');
      const trialEnd = new Date(START.getTime() + 14 * DAY).toISOString();
      expect(receiptOf(view)).toMatchObject({
        amountPaid: 0,
        subscriptionStatus: 'trialing',
        trialEnd,
        currentPeriodEnd: trialEnd,
      });
      expect(receiptOf(view).quote).toMatchObject({ total: 3451, dueToday: 0 });
      expect(await provider.countPayments()).toBe(0);
    });

    it('free plan completes at once', async () => {
      const { engine, provider } = setup();
      const form = post({ plan: 'free', cardNumber: '', cardExpiry: '', cardCvc: '' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(form, visitor));
      const view = await engine.getFinishView(sessionId, visitor);
      expect(view.status).toBe('free');
      expect(receiptOf(view)).toMatchObject({
        amountPaid: 0,
        subscriptionStatus: 'active',
        currentPeriodEnd: '2031-02-28T12:00:00.000Z',
      });
      expect(await provider.countPayments()).toBe(0);
      // The same post again is the same checkout.
      const again = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(again.sessionId).toBe(sessionId);
      expect(await countRows('orders')).toBe(1);
    });
  });

  describe('idempotency', () => {
    it('resubmitting a paid checkout shows the same finish page and charges once', async () => {
      const { engine, provider } = setup();
      const form = post();
      const first = expectRedirect(await engine.submitPlanStep(form, visitor));
      const second = expectRedirect(await engine.submitPlanStep({ ...form }, visitor));
      expect(second).toEqual(first);
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('orders')).toBe(1);
    });

    it('a double click (two posts at once) pays once', async () => {
      const { engine, provider } = setup();
      const form = post();
      const results = await Promise.all([
        engine.submitPlanStep(form, visitor),
        engine.submitPlanStep({ ...form }, visitor),
      ]);
      const ids = results.map((r) => expectRedirect(r).sessionId);
      expect(ids[0]).toBe(ids[1]);
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('orders')).toBe(1);
    });

    it('without JavaScript (no key posted) a repeat is one payment, even across a window edge', async () => {
      const { engine, provider } = setup();
      await store.clock.travel(new Date('2031-01-31T12:09:59.000Z'), { freeze: true });
      const form = post({ idempotencyKey: '' });
      const first = expectRedirect(await engine.submitPlanStep(form, visitor));
      await store.clock.travel(new Date('2031-01-31T12:10:01.000Z'), { freeze: true });
      const second = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(second.sessionId).toBe(first.sessionId);
      expect(await provider.countPayments()).toBe(1);
      const session = await store.getSession(first.sessionId);
      expect(session?.idempotencyKey).toMatch(/^nojs_[\w-]{43}$/);
      // Another visitor address is another checkout.
      const other = expectRedirect(
        await engine.submitPlanStep(form, { ...visitor, clientAddress: '198.51.100.9' }),
      );
      expect(other.sessionId).not.toBe(first.sessionId);
    });

    it('without JavaScript a first-time visitor who clicks Pay twice lands on one paid receipt', async () => {
      const { engine, provider } = setup();
      const form = post({ idempotencyKey: '' });
      // Neither post carries the visitor cookie yet: each request minted its own token.
      const first = { clientAddress: visitor.clientAddress, visitorToken: 'minted-by-post-1' };
      const second = { clientAddress: visitor.clientAddress, visitorToken: 'minted-by-post-2' };
      const [a, b] = await Promise.all([
        engine.submitPlanStep(form, first),
        engine.submitPlanStep(form, second),
      ]);
      const landedA = expectRedirect(a);
      const landedB = expectRedirect(b);
      expect(landedB.sessionId).toBe(landedA.sessionId);
      expect(await provider.countPayments()).toBe(1);
      // The browser follows the redirect with whichever cookie came last: that browser
      // takes the session, and the link shows nothing anywhere else from then on.
      expect((await engine.getFinishView(landedB.sessionId, second)).status).toBe('paid');
      expect((await engine.getFinishView(landedB.sessionId, second)).status).toBe('paid');
      expect((await engine.getFinishView(landedA.sessionId, first)).status).toBe('not_found');
    });

    it('without JavaScript a decline hands back a key that resumes the session', async () => {
      const { engine } = setup();
      const form = post({ idempotencyKey: '', cardNumber: TEST_CARDS.declined });
      const state = expectState(await engine.submitPlanStep(form, visitor));
      expect(state.idempotencyKey).toMatch(/^nojs_/);
      const retry = expectRedirect(
        await engine.submitPlanStep(
          { ...form, idempotencyKey: state.idempotencyKey ?? '', cardNumber: TEST_CARDS.success },
          visitor,
        ),
      );
      const session = await store.getSession(retry.sessionId);
      expect(session).toMatchObject({ idempotencyKey: state.idempotencyKey, status: 'paid' });
    });

    it('resumes a payment abandoned in processing with the same provider key', async () => {
      const { engine, provider } = setup();
      const form = post();
      // A request that claimed the session and charged, then crashed before recording it.
      const claimed = await paymentAbandonedMidway(provider, form.idempotencyKey);
      expect(claimed.attempt).toBe(1);
      expect(await provider.countPayments()).toBe(1);

      await advance(3 * MINUTE); // past the attempt's lease (2 minutes)
      const resumed = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(resumed.sessionId).toBe(claimed.id);
      expect((await engine.getFinishView(claimed.id, visitor)).status).toBe('paid');
      expect(await provider.countPayments()).toBe(1);
      expect((await store.getSession(claimed.id))?.attempt).toBe(1);
    });
  });

  describe('bad input gets a message, never an exception', () => {
    it.each([
      ['an unknown plan', { plan: 'enterprise' }],
      ['no plan', { plan: '' }],
      ['a plan id with markup', { plan: '<script>' }],
    ])('%s', async (_label, overrides) => {
      const { engine } = setup();
      const state = expectState(await engine.submitPlanStep(post(overrides), visitor));
      expect(state.status).toBe('invalid');
      expect(state.formError).toEqual({ message: 'errorPlanUnavailable' });
      expect(state.values).toMatchObject({ email: 'ada@example.com' });
    });

    it('a retired plan', async () => {
      const catalog = makeCatalog({
        plans: [makePlan({ id: 'starter' }), makePlan({ id: 'legacy', retired: true })],
      });
      const { engine } = setup({ catalog });
      const state = expectState(await engine.submitPlanStep(post({ plan: 'legacy' }), visitor));
      expect(state.formError).toEqual({ message: 'errorPlanUnavailable' });
    });

    it.each([
      ['interval', { interval: 'weekly' }, { message: 'errorInterval' }],
      ['currency', { currency: 'GBP' }, { message: 'errorCurrency' }],
      ['currency', { currency: 'toString' }, { message: 'errorCurrency' }],
      ['email', { email: 'not-an-email' }, { message: 'errorEmail' }],
      ['name', { name: ' ' }, { message: 'errorRequired' }],
      ['country', { country: 'XX' }, { message: 'errorCountry' }],
      ['promo', { promo: 'NOPE' }, { message: 'errorPromoUnknown' }],
      ['promo', { promo: 'EXPIRED10' }, { message: 'errorPromoExpired' }],
      ['cardNumber', { cardNumber: '4242 4242 4242 4241' }, { message: 'errorCardLuhn' }],
      ['cardExpiry', { cardExpiry: '01/30' }, { message: 'errorCardExpired' }],
      ['cardCvc', { cardCvc: '12' }, { message: 'errorCardCvc' }],
    ])('a bad %s (%j)', async (field, overrides, error) => {
      const { engine, provider } = setup();
      const form = post(overrides);
      const state = expectState(await engine.submitPlanStep(form, visitor));
      expect(state.status).toBe('invalid');
      expect(state.fieldErrors).toEqual({ [field]: error });
      expect(state.idempotencyKey).toBe(form.idempotencyKey);
      expect(state.values).not.toHaveProperty('cardNumber');
      expect(state.values).not.toHaveProperty('cardCvc');
      expect(await provider.countPayments()).toBe(0);
      expect(await countRows('checkout_sessions')).toBe(0);
    });

    it.each(['1', '51', 'abc', '2.5', ''])('team seats %j', async (seats) => {
      const { engine } = setup();
      const state = expectState(
        await engine.submitPlanStep(post({ plan: 'team', seats }), visitor),
      );
      expect(state.fieldErrors.seats).toEqual({
        message: 'errorSeats',
        values: { min: 2, max: 50 },
      });
    });

    it('a malformed idempotency key is replaced by a server key', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post({ idempotencyKey: "x'; drop table" }), visitor),
      );
      expect((await store.getSession(sessionId))?.idempotencyKey).toMatch(/^nojs_/);
    });
  });

  describe('expiry', () => {
    it('refuses a session past its expiry and marks it expired', async () => {
      const { engine, provider } = setup();
      const form = post({ cardNumber: TEST_CARDS.declined });
      expectState(await engine.submitPlanStep(form, visitor));
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);

      await advance(DAY + MINUTE);
      const state = expectState(
        await engine.submitPlanStep({ ...form, cardNumber: TEST_CARDS.success }, visitor),
      );
      expect(state.formError).toEqual({ message: 'errorExpiredSession' });
      expect(state.idempotencyKey).toBeNull();
      expect(await provider.countPayments()).toBe(1);

      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
      });
      await expect(engine.expireStaleSessions()).resolves.toBe(1);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toEqual({
        status: 'expired',
        planName: 'Starter',
        planUrl: '/checkout/starter?interval=monthly&currency=EUR&country=DE',
      });
      await expect(engine.expireStaleSessions()).resolves.toBe(0);
    });

    it('a paid session never expires', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post(), visitor));
      await advance(2 * DAY);
      await expect(engine.expireStaleSessions()).resolves.toBe(0);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });
  });

  describe('throttling (card-testing defence)', () => {
    it('stops a session after N declines, before the provider, with the minutes to wait', async () => {
      const { engine, provider } = setup({ throttle: { maxFailuresPerSession: 3 } });
      const form = post({ cardNumber: TEST_CARDS.declined });
      for (let i = 0; i < 3; i++) {
        expect(expectState(await engine.submitPlanStep(form, visitor)).formError).toEqual({
          message: 'errorDeclined',
        });
        await advance(MINUTE);
      }
      // Failures at 0, 1 and 2 minutes; now is 3 minutes: the first leaves the window at 15.
      const throttled = expectState(
        await engine.submitPlanStep({ ...form, cardNumber: TEST_CARDS.success }, visitor),
      );
      expect(throttled).toMatchObject({
        status: 'failed',
        formError: { message: 'errorThrottled', values: { minutes: 12 } },
        idempotencyKey: form.idempotencyKey,
      });
      expect(await provider.countPayments()).toBe(3);

      await advance(12 * MINUTE + 1000); // the window includes its start
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep({ ...form, cardNumber: TEST_CARDS.success }, visitor),
      );
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });

    it('stops a client address across sessions', async () => {
      const { engine, provider } = setup({ throttle: { maxFailuresPerClient: 2 } });
      for (let i = 0; i < 2; i++) {
        expectState(
          await engine.submitPlanStep(post({ cardNumber: TEST_CARDS.declined }), visitor),
        );
      }
      const form = post();
      const state = expectState(await engine.submitPlanStep(form, visitor));
      expect(state.formError).toEqual({ message: 'errorThrottled', values: { minutes: 15 } });
      expect(await provider.countPayments()).toBe(2);
      // The untouched session reads as "not charged, try again", not as pending.
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorProcessing' },
      });
      // Another address is not affected.
      const other = { clientAddress: '198.51.100.2', visitorToken: 'token-c' };
      expectRedirect(await engine.submitPlanStep(post(), other));
    });
  });

  describe('payments whose outcome nobody recorded', () => {
    /** A provider whose answer is lost: it charges (or not), then the call throws. */
    function losingAnswers(provider: PaymentProvider, charge: boolean): PaymentProvider {
      let calls = 0;
      return {
        ...provider,
        createPayment: async (input) => {
          calls += 1;
          if (calls > 1) return provider.createPayment(input);
          if (charge) await provider.createPayment(input);
          throw new Error('ETIMEDOUT');
        },
      };
    }

    it('a charge whose answer was lost shows as pending, and the sweep completes it with its order', async () => {
      const { provider } = setup();
      const { engine } = setup({ provider: losingAnswers(provider, true) });
      const form = post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      // Honest while unknown: not "failed, you were not charged".
      expect((await engine.getFinishView(session?.id, visitor)).status).toBe('pending');

      await expect(engine.reconcilePayments()).resolves.toEqual({
        completed: 1,
        failed: 0,
        waiting: 0,
        skipped: 0,
      });
      expect((await engine.getFinishView(session?.id, visitor)).status).toBe('paid');
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('orders')).toBe(1);
      // Settled: a second pass finds nothing.
      expect((await engine.reconcilePayments()).completed).toBe(0);
    });

    it('a call that never reached the provider is failed by the sweep, and the visitor can pay again', async () => {
      const { provider } = setup();
      const { engine } = setup({ provider: losingAnswers(provider, false) });
      const form = post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      expect((await engine.reconcilePayments()).failed).toBe(1);
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorProcessing' },
      });
      const retry = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect((await engine.getFinishView(retry.sessionId, visitor)).status).toBe('paid');
      expect(await provider.countPayments()).toBe(1);
    });

    it('an unknown outcome is not expired away: a day later the sweep still finds the charge', async () => {
      const { provider } = setup();
      const { engine } = setup({ provider: losingAnswers(provider, true) });
      const form = post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      await advance(25 * HOUR);
      await engine.expireStaleSessions();
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      // Still an attempt whose outcome is unknown: it may have charged.
      expect(session).toMatchObject({ status: 'processing', failureCode: null });
      expect((await engine.reconcilePayments()).completed).toBe(1);
      expect(await countRows('orders')).toBe(1);
    });

    it('a request that died mid-payment is settled once it is stale', async () => {
      const { engine, provider } = setup();
      await paymentAbandonedMidway(provider, post().idempotencyKey);
      // Not yet stale: a live request might still be working on it.
      expect((await engine.reconcilePayments()).completed).toBe(0);
      await advance(3 * MINUTE);
      expect((await engine.reconcilePayments()).completed).toBe(1);
      expect(await provider.countPayments()).toBe(1);
    });
  });

  describe('authentication after the session expired', () => {
    it('an approval at the bank a day later charges nothing and shows "expired"', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post({ cardNumber: TEST_CARDS.authenticate }), visitor),
      );
      await advance(25 * HOUR);
      await engine.completeAuthentication(sessionId, 'approve', visitor);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('expired');
      expect(await countRows('orders')).toBe(0);
    });

    it('the expiry sweep also ends authentications nobody answered', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post({ cardNumber: TEST_CARDS.authenticate }), visitor),
      );
      await advance(25 * HOUR);
      expect(await engine.expireStaleSessions()).toBe(1);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('expired');
    });
  });

  describe('card testing from forged addresses', () => {
    it('stops everyone once failures across all clients reach the overall limit', async () => {
      const { engine, provider } = setup({ throttle: { maxFailuresOverall: 3 } });
      for (let i = 0; i < 3; i++) {
        const forged = { clientAddress: `198.51.100.${i}`, visitorToken: `t${i}` };
        expectState(await engine.submitPlanStep(post({ cardNumber: TEST_CARDS.declined }), forged));
      }
      const next = { clientAddress: '198.51.100.99', visitorToken: 't99' };
      const state = expectState(await engine.submitPlanStep(post(), next));
      expect(state.formError).toEqual({ message: 'errorThrottled', values: { minutes: 15 } });
      expect(await provider.countPayments()).toBe(3);
    });
  });

  describe('a crafted Server Action call', () => {
    it('posting no form at all is refused with a message, not a crash', async () => {
      const { engine } = setup();
      const state = expectState(
        await engine.submitPlanStep(null as unknown as Record<string, string>, visitor),
      );
      expect(state.formError).toEqual({ message: 'errorPlanUnavailable' });
    });
  });

  describe('failures of the provider and the store', () => {
    it('a throwing provider leaves the session retryable with an unknown outcome, and logs no card data', async () => {
      const { provider } = setup();
      let calls = 0;
      const flaky: PaymentProvider = {
        ...provider,
        createPayment: (input) => {
          calls += 1;
          if (calls === 1) {
            // A careless SDK that echoes its input.
            const card = input.paymentMethod.type === 'card' ? input.paymentMethod.card : null;
            return Promise.reject(
              new Error(`socket hang up while charging ${card?.number} cvc ${card?.cvc}`),
            );
          }
          return provider.createPayment(input);
        },
      };
      const { engine, logs } = setup({ provider: flaky });
      const form = post({ cardCvc: '987' });
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      const session = await store.getSessionByIdempotencyKey(form.idempotencyKey);
      // The attempt stays processing, its lease released so the retry resumes it at once.
      expect(session).toMatchObject({ status: 'processing', failureCode: null });
      expect(session?.leaseUntil?.getTime()).toBeLessThanOrEqual(START.getTime());
      // It may have charged before failing: the finish step says "in progress", never
      // "you were not charged".
      await expect(engine.getFinishView(session?.id, visitor)).resolves.toMatchObject({
        status: 'pending',
      });

      const logged = JSON.stringify(logs);
      expect(logs.filter(([level]) => level === 'error')).toHaveLength(1);
      expect(logged).toContain(session?.id);
      expect(logged).toContain('starter');
      expect(logged).toContain('socket hang up');
      expect(logged).not.toContain('4242424242424242');
      expect(logged).not.toContain('4242 4242 4242 4242');
      expect(logged).not.toContain('cvc 987');
      expect(logged).toContain('cvc [redacted]');

      const retry = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(retry.sessionId).toBe(session?.id);
      expect((await engine.getFinishView(retry.sessionId, visitor)).status).toBe('paid');
    });

    it('a provider that charged and then timed out is not charged again on retry', async () => {
      const { provider } = setup();
      let calls = 0;
      const keys: string[] = [];
      const timingOut: PaymentProvider = {
        ...provider,
        createPayment: async (input) => {
          calls += 1;
          keys.push(input.idempotencyKey);
          const result = await provider.createPayment(input);
          // The charge went through, but the answer never reached us.
          if (calls === 1) throw new Error('ETIMEDOUT');
          return result;
        },
      };
      const { engine } = setup({ provider: timingOut });
      const form = post();
      await expect(engine.submitPlanStep(form, visitor)).rejects.toThrow(ProviderError);
      expect(await provider.countPayments()).toBe(1);

      // The visitor retries, even after switching to yearly: the unknown attempt is
      // resumed with its stored amount and key, and the provider answers with the charge.
      const retry = expectRedirect(
        await engine.submitPlanStep({ ...form, interval: 'yearly' }, visitor),
      );
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await provider.countPayments()).toBe(1);
      const view = await engine.getFinishView(retry.sessionId, visitor);
      expect(view.status).toBe('paid');
      expect(receiptOf(view)).toMatchObject({ interval: 'monthly', amountPaid: 1071 });
    });

    it('a failing store is logged and surfaces as a typed StoreError', async () => {
      const broken: CheckoutStore = {
        ...store,
        startAttempt: () => Promise.reject(new Error('connection refused')),
        getSessionRecord: () => Promise.reject(new Error('connection refused')),
      };
      const { engine, logs } = setup({ store: broken });
      await expect(engine.submitPlanStep(post(), visitor)).rejects.toMatchObject({
        name: 'StoreError',
        code: 'store_failed',
        operation: 'startAttempt',
      });
      await expect(
        engine.getFinishView('cs_abcdefghijklmnopqrstuvwxyz012345', visitor),
      ).rejects.toThrow(StoreError);
      expect(logs.map(([level]) => level)).toEqual(['error', 'error']);
      expect(JSON.stringify(logs)).toContain('connection refused');
      expect(JSON.stringify(logs)).not.toContain('4242');
    });
  });

  describe('the finish step', () => {
    it('shows a session only to the browser that made it', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post(), visitor));
      const notFound = { status: 'not_found' };
      await expect(
        engine.getFinishView(sessionId, { ...visitor, visitorToken: 'token-b' }),
      ).resolves.toEqual(notFound);
      await expect(engine.getFinishView(sessionId, { clientAddress: null })).resolves.toEqual(
        notFound,
      );
      await expect(engine.getFinishView(sessionId, visitor)).resolves.toMatchObject({
        status: 'paid',
      });
      // Another browser posting the same key cannot take the session over.
      const session = await store.getSession(sessionId);
      const hijack = expectState(
        await engine.submitPlanStep(post({ idempotencyKey: session?.idempotencyKey ?? '' }), {
          visitorToken: 'token-b',
        }),
      );
      expect(hijack.formError).toEqual({ message: 'errorExpiredSession' });
    });

    it.each([
      null,
      undefined,
      '',
      'cs_short',
      "cs_' or 1=1 --",
      'cs_abcdefghijklmnopqrstuvwxyz012345',
    ])('answers not_found for %j', async (id) => {
      const { engine } = setup();
      await expect(engine.getFinishView(id, visitor)).resolves.toEqual({ status: 'not_found' });
    });

    it('a session made without a visitor token is visible with its id alone', async () => {
      const { engine } = setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(post(), { clientAddress: '203.0.113.50' }),
      );
      await expect(engine.getFinishView(sessionId, { visitorToken: 'any' })).resolves.toMatchObject(
        { status: 'paid' },
      );
    });

    it('a session being paid right now reads as pending', async () => {
      const { engine } = setup();
      const session = await paymentAbandonedMidway(createTestPaymentProvider(), newKey());
      await expect(engine.getFinishView(session.id, visitor)).resolves.toEqual({
        status: 'pending',
        sessionId: session.id,
        planName: 'Starter',
      });
    });
  });

  it.runIf(postgres)(
    '50 concurrent submissions of one key: one payment, one order',
    async () => {
      const { engine, provider } = setup({ ledger: true });
      const form = post();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => engine.submitPlanStep({ ...form }, visitor)),
      );
      const ids = new Set(results.map((r) => expectRedirect(r).sessionId));
      expect(ids.size).toBe(1);
      for (const r of results) expect(expectRedirect(r).location).toMatch(/\/checkout\/finish\?/);
      expect(await provider.countPayments()).toBe(1);
      expect(await countRows('test_provider_payments')).toBe(1);
      expect(await countRows('orders')).toBe(1);
      expect(await countRows('checkout_sessions')).toBe(1);
    },
    60_000,
  );
});
