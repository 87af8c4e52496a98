// Issue 12, item 8, over HTTP against the production build: random plan-step forms posted
// as a browser without JavaScript would (and as no browser would), and random finish-page
// queries, and random cards sent to the test processor. No 5xx, no typed value echoed in
// what a page says, no card data sent back.
import { CHECKOUT_FIELDS } from '@plankit/checkout';
import fc from 'fast-check';
import { expect, test } from './fixtures';
import { makeFields, planStepForm, post, siteOf, visibleText } from './formPost';

const RUNS = 200;
// Every field the plan step posts, and the engine's own ones.
const FIELDS = [
  ...CHECKOUT_FIELDS,
  'plan',
  'intent',
  'promoApplied',
  'idempotencyKey',
  'paymentMethod',
];

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      '<',
      '"',
      '&',
      '\u0000',
      '\u0007',
      '\u202e',
      '\u2066',
      'é',
    ),
    maxLength: 30,
  }),
  fc.string({ unit: fc.constantFrom('A', '\u2066', '😀'), minLength: 100, maxLength: 2_000 }),
  fc.constantFrom('', ' ', '0', '-1', '1e9', 'team', 'free', 'pro', 'yearly', 'USD', 'LAUNCH20'),
);

const anyFields = fc
  .record({
    replaced: fc.dictionary(fc.constantFrom(...FIELDS), anyText, { minKeys: 1, maxKeys: 3 }),
    dropped: fc.subarray([...FIELDS], { maxLength: 2 }),
  })
  .map(({ replaced, dropped }) => {
    const fields = makeFields(replaced);
    for (const field of dropped) delete fields[field];
    return { fields, replaced };
  });

let baseline = '';

test.beforeAll(async ({ baseURL }) => {
  // Text the plan step shows anyway: a typed value found in it proves no echo.
  baseline = visibleText(await (await fetch(`${siteOf(baseURL)}/checkout/starter`)).text());
});

test.describe('random plan-step forms, posted without JavaScript', () => {
  test(`${RUNS} runs: a clear answer, never a 5xx, never the input in an error`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const site = siteOf(baseURL);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyFields, async ({ fields, replaced }) => {
        const answer = await post(site, await planStepForm(site, fields, 'starter'));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect([200, 303, 400, 409, 413]).toContain(answer.status);
        if (answer.status !== 303) expect(answer.headers.get('location')).toBeNull();
        const text = visibleText(answer.body);
        for (const [field, value] of Object.entries(replaced)) {
          const typed = value.trim();
          if (typed.length < 8 || baseline.includes(typed)) continue;
          expect(text, `${field} echoed`).not.toContain(typed);
        }
      }),
      { numRuns: RUNS },
    );
    test.info().annotations.push({
      type: 'statuses',
      description: JSON.stringify(Object.fromEntries(statuses)),
    });
  });
});

test.describe('random finish-page queries', () => {
  test(`${RUNS} runs: "Checkout not found", never a 5xx`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const site = siteOf(baseURL);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyText, fc.stringMatching(/^cs_[A-Za-z0-9_-]{32}$/)),
        fc.boolean(),
        async (session, twice) => {
          const query = new URLSearchParams([['session', session]]);
          if (twice) query.append('session', session);
          const response = await fetch(`${site}/checkout/finish?${query}`);
          expect(response.status).toBeLessThan(500);
          const text = visibleText(await response.text());
          expect(text).toContain('Checkout not found');
          if (session.trim().length >= 8) expect(text).not.toContain(session.trim());
        },
      ),
      { numRuns: RUNS },
    );
  });
});

/** A card as a script might send it: digits, spaces, anything. */
const anyCardValue = fc.oneof(
  fc.stringMatching(/^[0-9 ]{0,25}$/),
  fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0002', '378282246310005', '12/39'),
  anyText,
);

test.describe('random cards sent to the test processor', () => {
  test(`${RUNS} runs: a payment method or the card's errors, never a 5xx, never the card sent back`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const site = siteOf(baseURL);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ number: anyCardValue, expiry: anyCardValue, cvc: anyCardValue }),
        fc.boolean(),
        async (card, asJson) => {
          const response = await fetch(`${site}/test-processor/v1/payment_methods`, {
            method: 'POST',
            headers: {
              origin: site,
              ...(asJson ? { 'content-type': 'application/json' } : {}),
            },
            body: asJson ? JSON.stringify(card) : new URLSearchParams(card),
          });
          expect([200, 400, 413]).toContain(response.status);
          const body = await response.text();
          const digits = card.number.replace(/\D/g, '');
          if (digits.length >= 8) expect(body).not.toContain(digits);
          if (response.status === 200) {
            expect(JSON.parse(body)).toMatchObject({ id: expect.stringMatching(/^pm_/) });
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  test(`${RUNS} runs: any path under the processor is a page or "not found", never a 5xx`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const site = siteOf(baseURL);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('authenticate', 'pay', 'v1', 'styles.css', 'x'),
        fc.oneof(anyText, fc.stringMatching(/^pi_[A-Za-z0-9_-]{1,20}$/)),
        fc.boolean(),
        async (section, id, isPost) => {
          const response = await fetch(
            `${site}/test-processor/${section}/${encodeURIComponent(id)}`,
            isPost
              ? {
                  method: 'POST',
                  headers: { origin: site },
                  body: new URLSearchParams({ decision: 'approve' }),
                  redirect: 'manual',
                }
              : { redirect: 'manual' },
          );
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
