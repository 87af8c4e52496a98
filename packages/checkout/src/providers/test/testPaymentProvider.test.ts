import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPgliteClient } from '../../store/pgliteClient.js';
import type { SqlClient } from '../../store/types.js';
import { describeProviderContract } from '../../testing/describeProviderContract.js';
import { TEST_CARDS } from './testCards.js';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
  type TestPaymentProviderOptions,
} from './testPaymentProvider.js';

// One embedded database for the whole file; every test gets a schema of its own.
let shared: SqlClient | null = null;
const db = async () => {
  shared ??= await createPgliteClient();
  return shared;
};
afterAll(async () => {
  await shared?.close();
});

async function openProvider(
  options: { webhookUrl?: string; pages?: TestPaymentProviderOptions['pages'] } = {},
) {
  const client = await db();
  const schema = `tp_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const provider = createTestPaymentProvider({
    ledger: client,
    schema,
    merchantName: 'Acme',
    ...options,
  });
  return {
    provider,
    dispose: async () => {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

async function methodFor(provider: TestPaymentProvider, number: string, cvc = '123') {
  const made = await provider.processor.createPaymentMethod({ number, expiry, cvc });
  if ('errors' in made) throw new Error(`card refused: ${JSON.stringify(made.errors)}`);
  return made.id;
}

/** A request to the processor's pages, the way a browser on the host would send it. */
function pageRequest(path: string, form?: Record<string, string>): Request {
  return new Request(
    `http://127.0.0.1${path}`,
    form ? { method: 'POST', body: new URLSearchParams(form) } : {},
  );
}

describeProviderContract('the test provider', {
  open: () => openProvider(),
  async paymentMethods(provider) {
    const test = provider as TestPaymentProvider;
    return {
      succeeds: await methodFor(test, TEST_CARDS.success),
      declined: await methodFor(test, TEST_CARDS.declined),
      insufficientFunds: await methodFor(test, TEST_CARDS.insufficientFunds),
      requiresAction: await methodFor(test, TEST_CARDS.authenticate),
      declinesAfterSaving: await methodFor(test, TEST_CARDS.declinesAfterSaving),
    };
  },
  async completeAction(provider, action, approve) {
    const response = await (provider as TestPaymentProvider).handle(
      pageRequest(action.redirectUrl ?? '', { decision: approve ? 'approve' : 'decline' }),
    );
    expect(response.status).toBe(303);
  },
  async webhookFor(provider, intentId) {
    return (provider as TestPaymentProvider).processor.webhookFor(intentId);
  },
});

describe('the test processor', () => {
  let opened: Awaited<ReturnType<typeof openProvider>>;
  let provider: TestPaymentProvider;
  beforeEach(async () => {
    opened = await openProvider();
    provider = opened.provider;
  });
  afterEach(async () => {
    await opened.dispose();
  });

  const intent = (flow: 'fields' | 'hosted', mode: 'payment' | 'setup' = 'payment') =>
    provider.createIntent({
      idempotencyKey: `cs_${crypto.randomUUID()}:1`,
      mode,
      amount: 1071,
      currency: 'EUR',
      description: 'Acme: Starter (monthly)',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      flow,
      returnUrl: '/checkout/finish?session=cs_x',
      cancelUrl: '/checkout/starter',
      saveMethod: false,
      metadata: {},
    });

  describe('its tokenising endpoint (what the test card fields post to)', () => {
    const tokenize = (body: Record<string, string>) =>
      provider.handle(
        new Request('http://127.0.0.1/test-processor/v1/payment_methods', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );

    it('answers a payment-method id and keeps only brand, last four and expiry', async () => {
      const response = await tokenize({ number: '4242 4242 4242 4242', expiry, cvc: '123' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { id: string; brand: string; last4: string };
      expect(body).toEqual({ id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' });
      const { rows } = await (await db()).query(
        `SELECT * FROM information_schema.columns WHERE table_name = 'test_processor_payment_methods'`,
      );
      const columns = rows.map((row) => (row as { column_name: string }).column_name);
      expect(columns).not.toContain('number');
      expect(columns).not.toContain('cvc');
    });

    it('takes an American Express card with a 4-digit CVC, and refuses it with 3', async () => {
      expect((await tokenize({ number: TEST_CARDS.amex, expiry, cvc: '1234' })).status).toBe(200);
      const refused = await tokenize({ number: TEST_CARDS.amex, expiry, cvc: '123' });
      expect(await refused.json()).toEqual({ errors: { cvc: 'errorCardCvcAmex' } });
    });

    it('names every bad field: Luhn, past expiry, short CVC', async () => {
      const response = await tokenize({
        number: '4242 4242 4242 4241',
        expiry: '01/20',
        cvc: '12',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: { number: 'errorCardLuhn', expiry: 'errorCardExpired', cvc: 'errorCardCvc' },
      });
    });

    it('answers 400 to a malformed body and 413 to a huge one', async () => {
      const malformed = await provider.handle(
        new Request('http://127.0.0.1/test-processor/v1/payment_methods', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"number":',
        }),
      );
      expect(malformed.status).toBe(400);
      const huge = await provider.handle(
        new Request('http://127.0.0.1/test-processor/v1/payment_methods', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024) },
          body: 'x'.repeat(1024 * 1024),
        }),
      );
      expect(huge.status).toBe(413);
    });
  });

  describe('its test bank page', () => {
    it('shows the amount and the merchant, escaped, and sends the buyer back after a decision', async () => {
      const { intentId } = await intent('fields');
      const waiting = await provider.confirmIntent(intentId, {
        paymentMethodId: await methodFor(provider, TEST_CARDS.authenticate),
        returnUrl: '',
      });
      if (waiting.status !== 'requires_action' || !waiting.redirectUrl)
        throw new Error('expected a page');
      const page = await provider.handle(pageRequest(waiting.redirectUrl));
      const html = await page.text();
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(html).toContain('Test bank: approve or decline the payment of €10.71 to Acme.');
      expect(html).not.toContain('<script');
      const decided = await provider.handle(
        pageRequest(waiting.redirectUrl, { decision: 'approve' }),
      );
      expect(decided.status).toBe(303);
      expect(decided.headers.get('location')).toBe('/checkout/finish?session=cs_x');
      // Decided already: the page sends the buyer straight back.
      expect((await provider.handle(pageRequest(waiting.redirectUrl))).status).toBe(303);
    });

    it('answers 404 for an unknown or malformed intent, with a page that says so', async () => {
      const unknown = await provider.handle(pageRequest('/test-processor/authenticate/pi_nope'));
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await unknown.text();
      expect(page).toContain('<h1>Page not found</h1>');
      expect(page).not.toContain('pi_nope');
      expect(
        (await provider.handle(pageRequest('/test-processor/authenticate/%3Cx%3E'))).status,
      ).toBe(404);
      expect((await provider.handle(pageRequest('/test-processor/nothing'))).status).toBe(404);
    });
  });

  describe('a host that tells whose payment it is (`pages.allows`)', () => {
    it('lets only the buyer’s browser decide at the bank or pay on the hosted page; a leaked link decides nothing', async () => {
      const buyer = 'plankit_visitor=buyer';
      const asked: string[] = [];
      const guarded = await openProvider({
        pages: {
          allows: (request, intent) => {
            asked.push(intent.metadata.plankit_session ?? '');
            return request.headers.get('cookie') === buyer;
          },
        },
      });
      try {
        const p = guarded.provider;
        const base = {
          mode: 'payment' as const,
          amount: 1071,
          currency: 'EUR',
          description: 'Acme: Starter (monthly)',
          customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
          returnUrl: '/checkout/finish?session=cs_x',
          cancelUrl: '/checkout/starter',
          saveMethod: false,
          metadata: { plankit_session: 'cs_x' },
        };
        const fields = await p.createIntent({ ...base, idempotencyKey: 'cs_x:1', flow: 'fields' });
        const waiting = await p.confirmIntent(fields.intentId, {
          paymentMethodId: await methodFor(p, TEST_CARDS.authenticate),
          returnUrl: '',
        });
        if (waiting.status !== 'requires_action' || !waiting.redirectUrl)
          throw new Error('expected a page');
        const as = (cookie: string, form?: Record<string, string>) => {
          const request = pageRequest(waiting.redirectUrl, form);
          request.headers.set('cookie', cookie);
          return p.handle(request);
        };
        // Another browser, first: the page is not there, and its approval changes nothing.
        expect((await as('plankit_visitor=thief')).status).toBe(404);
        expect((await as('plankit_visitor=thief', { decision: 'approve' })).status).toBe(404);
        expect((await p.retrieveIntent(fields.intentId)).status).toBe('requires_action');
        expect(asked).toContain('cs_x');
        // The buyer's own browser still can.
        expect((await as(buyer)).status).toBe(200);
        expect((await as(buyer, { decision: 'approve' })).status).toBe(303);
        expect((await p.retrieveIntent(fields.intentId)).status).toBe('succeeded');

        const hosted = await p.createIntent({ ...base, idempotencyKey: 'cs_x:2', flow: 'hosted' });
        const pay = pageRequest(hosted.redirectUrl ?? '', {
          number: TEST_CARDS.success,
          expiry,
          cvc: '123',
        });
        pay.headers.set('cookie', 'plankit_visitor=thief');
        expect((await p.handle(pay)).status).toBe(404);
        expect((await p.retrieveIntent(hosted.intentId)).status).toBe('requires_payment_method');
      } finally {
        await guarded.dispose();
      }
    });
  });

  describe('its hosted payment page (visitors without JavaScript)', () => {
    it('takes another card after a decline, then pays and sends the buyer back', async () => {
      const created = await intent('hosted');
      const path = created.redirectUrl ?? '';
      const page = await (await provider.handle(pageRequest(path))).text();
      expect(page).toContain('Pay Acme');
      expect(page).toContain('Pay €10.71');
      const declined = await provider.handle(
        pageRequest(path, { number: TEST_CARDS.declined, expiry, cvc: '123' }),
      );
      expect(declined.status).toBe(400);
      const declinedPage = await declined.text();
      expect(declinedPage).toContain('Your card was declined. Try another card.');
      expect(declinedPage).toContain(`value="${expiry}"`);
      expect(declinedPage).not.toContain(TEST_CARDS.declined);
      const paid = await provider.handle(
        pageRequest(path, { number: TEST_CARDS.success, expiry, cvc: '123' }),
      );
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('/checkout/finish?session=cs_x');
      expect(await provider.retrieveIntent(created.intentId)).toMatchObject({
        status: 'succeeded',
      });
    });

    it('marks bad fields and never echoes the number', async () => {
      const created = await intent('hosted');
      const response = await provider.handle(
        pageRequest(created.redirectUrl ?? '', {
          number: '4242424242424241',
          expiry: '13/99',
          cvc: '',
        }),
      );
      const html = await response.text();
      expect(html).toContain('This card number is not valid. Check it for typos.');
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain('4242424242424241');
    });

    it('a card that needs authentication goes on to the test bank', async () => {
      const created = await intent('hosted');
      const response = await provider.handle(
        pageRequest(created.redirectUrl ?? '', {
          number: TEST_CARDS.authenticate,
          expiry,
          cvc: '123',
        }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/test-processor\/authenticate\/pi_/);
    });
  });

  describe('its webhooks', () => {
    it('tells the host after the buyer paid on its page, signed, to a real receiver', async () => {
      const received: { headers: IncomingMessage['headers']; body: string }[] = [];
      const server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          received.push({ headers: request.headers, body });
          response.statusCode = received.length === 1 ? 500 : 200; // the first try fails
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const hooked = await openProvider({ webhookUrl: '/api/webhooks/test' });
      try {
        const created = await hooked.provider.createIntent({
          idempotencyKey: `cs_${crypto.randomUUID()}:1`,
          mode: 'payment',
          amount: 900,
          currency: 'EUR',
          description: 'x',
          customer: { email: 'a@b.co', name: 'A' },
          flow: 'hosted',
          returnUrl: '/back',
          cancelUrl: '/plan',
          saveMethod: false,
          metadata: {},
        });
        await hooked.provider.handle(
          new Request(`http://127.0.0.1:${port}${created.redirectUrl}`, {
            method: 'POST',
            body: new URLSearchParams({ number: TEST_CARDS.success, expiry, cvc: '123' }),
          }),
        );
        await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5000 });
        // Sent again after the 500, with the same id; each verifies on its raw body.
        expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
        for (const delivery of received) {
          const headers = new Headers(delivery.headers as Record<string, string>);
          const events = await hooked.provider.parseWebhook({ rawBody: delivery.body, headers });
          expect(events).toEqual([
            expect.objectContaining({
              intentId: created.intentId,
              outcome: expect.objectContaining({ status: 'succeeded' }),
            }),
          ]);
        }
      } finally {
        server.close();
        await hooked.dispose();
      }
    });
  });
});
