// Issue 12, item 8: the submit path and the finish view over the whole input space,
// through the public server API only (the engine's insides change; its contract does not).
// For any form and any session id: no exception (a host would answer 5xx), no input
// echoed in an error, nothing stored from a refused submission, no card data kept.
import { CHECKOUT_FIELDS, createCheckoutRoutes, type SubmitResult } from '@plankit/checkout';
import {
  type CheckoutEngine,
  type CheckoutStore,
  createCheckoutEngine,
  createPgliteClient,
  createSqlStore,
  createTestPaymentProvider,
  parseCatalog,
  type SqlClient,
} from '@plankit/checkout/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RUNS = 200;
// Every field the plan step posts, and the engine's own ones.
const FIELDS = [...CHECKOUT_FIELDS, 'plan', 'intent', 'promoApplied', 'paymentMethod'] as const;

const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [
    { id: 'starter', name: 'Starter', prices: { monthly: { EUR: 900 }, yearly: { EUR: 9000 } } },
    { id: 'team', name: 'Team', prices: { monthly: { EUR: 1500 } }, seats: { min: 2, max: 50 } },
    { id: 'pro', name: 'Pro', prices: { monthly: { EUR: 2400 } }, trialDays: 14 },
    { id: 'free', name: 'Free', prices: { monthly: { EUR: 0 } } },
  ],
  promoCodes: [{ code: 'LAUNCH20', percentOff: 20 }],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

/** What a visitor who gets everything right sends for the starter plan. */
const VALID: Record<(typeof FIELDS)[number], string> = {
  plan: 'starter',
  interval: 'monthly',
  currency: 'EUR',
  seats: '3',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  country: 'DE',
  promo: '',
  // A consumer: the business box unticked (the fuzzer ticks it and fills the rest).
  business: '',
  company: '',
  vatId: '',
  street: '',
  postalCode: '',
  city: '',
  paymentMethod: '', // a payment method of the test processor, made in beforeAll
  intent: 'pay',
  promoApplied: '',
};

/** Any text: control characters, direction overrides, lone surrogates, very long runs. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Mostly ordinary text with the characters that break storage or display mixed in.
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      '.',
      '@',
      '\u0000',
      '\u0007',
      '\u202e',
      '\u2066',
      '\ud800',
      'é',
    ),
    maxLength: 30,
  }),
  fc.constantFrom('\u0000', 'Ada\u202eecalevoL', '\ud800', ' ', '', '0', '-1', '1e9', 'NaN'),
  fc.string({
    unit: fc.constantFrom('A', '\u0000', '\u2066', 'é', '😀'),
    minLength: 90,
    maxLength: 3_000,
  }),
  fc.constantFrom(...Object.values(VALID), 'LAUNCH20', 'team', 'free', 'pro', 'yearly', 'USD'),
);

/**
 * A form: the valid starter submission with fields replaced, dropped or added, so the runs
 * reach past validation (and pay) as well as fail it in every field. Most runs change one
 * field only, so each field's own rules are what decides.
 */
const anyForm = fc
  .record({
    replaced: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), anyText, { minKeys: 1, maxKeys: 1 }),
      },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), anyText, { maxKeys: 4 }) },
    ),
    dropped: fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.subarray([...FIELDS], { maxLength: 3 }) },
    ),
    extra: fc.dictionary(fc.string({ maxLength: 12 }), anyText, { maxKeys: 3 }),
    key: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  })
  .map(({ replaced, dropped, extra, key }) => {
    const form: Record<string, string> = { ...extra, ...VALID, ...replaced, idempotencyKey: key };
    for (const field of dropped) delete form[field];
    return { form, key };
  });

const anyContext = fc.record({
  clientAddress: fc.option(anyText, { nil: null }),
  visitorToken: fc.option(anyText, { nil: null }),
});

let client: SqlClient;
let store: CheckoutStore;
let engine: CheckoutEngine;
let provider: ReturnType<typeof createTestPaymentProvider>;

/** A fresh card method: a trial saves the one it used to its customer, for them alone. */
async function freshPaymentMethod(): Promise<string> {
  const method = await provider.processor.createPaymentMethod({
    number: '4242 4242 4242 4242',
    expiry: '12/39',
    cvc: '123',
  });
  if ('errors' in method) throw new Error('the test card was refused');
  return method.id;
}

beforeAll(async () => {
  client = await createPgliteClient();
  store = createSqlStore(client);
  await store.migrate();
  provider = createTestPaymentProvider({ ledger: client });
  // A card made into a payment method, as the card fields would: the valid form pays.
  const method = await provider.processor.createPaymentMethod({
    number: '4242 4242 4242 4242',
    expiry: '12/39',
    cvc: '123',
  });
  if ('errors' in method) throw new Error('the test card was refused');
  VALID.paymentMethod = method.id;
  engine = createCheckoutEngine({
    catalog,
    store,
    provider,
    routes: createCheckoutRoutes(),
    // High enough that the runs' own declines and unknown promo codes never throttle the
    // later ones.
    throttle: {
      maxFailuresPerSession: 1_000,
      maxFailuresPerClient: 1_000,
      maxFailuresPerEmail: 1_000,
      maxFailuresOverall: 1_000,
      maxPromoFailuresPerClient: 1_000,
      maxPromoFailuresPerCheckout: 1_000,
    },
    logger: { error: () => {}, warn: () => {}, info: () => {} },
  });
});

afterAll(async () => {
  await store.close();
});

/** Every string an answer carries outside the values it refills the form with. */
function errorStrings(result: SubmitResult): string[] {
  if (result.kind === 'redirect') return [];
  const { fieldErrors, formError } = result.state;
  return [...Object.values(fieldErrors), formError].flatMap((error) =>
    error ? [error.message, ...Object.values(error.values ?? {}).map(String)] : [],
  );
}

describe('any plan-step submission, 200 random forms', () => {
  it('answers with a state or a redirect, echoes no input in an error, stores nothing it refuses', async () => {
    const outcomes = { redirect: 0, invalid: 0, other: 0 };
    await fc.assert(
      fc.asyncProperty(anyForm, anyContext, async ({ form, key }, context) => {
        // Shrinking replays keys; only a key with nothing under it yet can show a leak.
        const existed = (await store.getSessionByIdempotencyKey(key)) !== null;
        // The valid method, made anew for each run: otherwise, once a run starts a trial,
        // the method is that customer's and every later payment with it is refused.
        if (form.paymentMethod === VALID.paymentMethod)
          form.paymentMethod = await freshPaymentMethod();
        const result = await engine.submitPlanStep(form, context);
        expect(['state', 'redirect']).toContain(result.kind);
        if (result.kind === 'redirect') outcomes.redirect += 1;
        else if (result.state.status === 'invalid') outcomes.invalid += 1;
        else outcomes.other += 1;

        // Errors are message keys and numbers, never what was typed.
        for (const text of errorStrings(result)) {
          expect(text).toMatch(/^(error[A-Za-z]+|\d+)$/);
        }
        if (result.kind === 'state') {
          // Card number and CVC never travel back.
          expect(result.state.values).not.toHaveProperty('cardNumber');
          expect(result.state.values).not.toHaveProperty('cardCvc');
          // A refused submission leaves nothing behind.
          if (result.state.status === 'invalid' && !existed) {
            expect(await store.getSessionByIdempotencyKey(key)).toBeNull();
          }
        } else {
          // A redirect goes to a real, stored session of this plan step, which its
          // visitor can open.
          // A key whose checkout had finished starts the next one under its successor key,
          // so the key itself then still names the first.
          if (existed)
            expect((await store.getSession(result.sessionId))?.id).toBe(result.sessionId);
          else expect((await store.getSessionByIdempotencyKey(key))?.id).toBe(result.sessionId);
          const view = await engine.getFinishView(result.sessionId, context);
          expect(view.status).toMatch(
            /^(paid|trialing|free|pending|action_required|failed|expired|not_found)$/,
          );
        }
        const session = await store.getSessionByIdempotencyKey(key);
        if (session && !existed) {
          // What is stored is clean: no control or direction characters made it in.
          expect(`${session.name}${session.email}`).not.toMatch(
            /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u,
          );
        }
      }),
      { numRuns: RUNS },
    );
    // The runs reach both sides of validation, so the payment path is fuzzed too.
    expect(outcomes.redirect).toBeGreaterThan(RUNS / 20);
    expect(outcomes.invalid).toBeGreaterThan(RUNS / 4);
  }, 120_000);
});

describe('any finish-page request, 200 random session ids and visitors', () => {
  it('answers with a view, and "not found" for anything that is not a live session of the visitor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(undefined),
          fc.constant(null),
          anyText,
          fc.stringMatching(/^cs_[A-Za-z0-9_-]{32}$/),
        ),
        anyContext,
        async (sessionId, context) => {
          const view = await engine.getFinishView(sessionId, context);
          expect(view.status).toBe('not_found');
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
