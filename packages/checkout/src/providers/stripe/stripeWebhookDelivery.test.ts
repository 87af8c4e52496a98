// The engine with the Stripe provider, its webhooks delivered by the fake over HTTP as
// Stripe delivers them: after the request, retried while the endpoint fails, and (the
// switch on) every event twice and out of order. Whatever arrives and however often, a
// checkout is paid once and a renewal recorded once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCheckoutEngine } from '../../engine/createCheckoutEngine.js';
import {
  DAY,
  databases,
  expectRedirect,
  routes,
  START,
  useEngineHarness,
  visitor,
} from '../../test-utils/engineHarness.js';
import { makeCatalog } from '../../test-utils/factories.js';
import { type FakeStripe, startFakeStripe } from './fake/startFakeStripe.js';
import { createStripeProvider } from './stripePaymentProvider.js';

const SECRET = 'whsec_delivery_test';

describe.each(databases)('Stripe webhooks delivered over HTTP, on $name', (database) => {
  const h = useEngineHarness(database);
  let fake: FakeStripe;
  let endpoint: Server;
  let clock = START.getTime();
  let engine: ReturnType<typeof createCheckoutEngine> | null = null;
  /** Statuses the endpoint answers with instead of asking the engine (a host that is down). */
  const outage: number[] = [];

  beforeAll(async () => {
    endpoint = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const down = outage.shift();
        if (down || !engine) return response.writeHead(down ?? 503).end();
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const { status } = await engine.handleWebhook('stripe', { rawBody, headers });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const port = (endpoint.address() as AddressInfo).port;
    fake = await startFakeStripe({
      now: () => clock,
      webhook: {
        url: `http://127.0.0.1:${port}/`,
        secret: SECRET,
        retryDelaysMs: [10, 20, 40],
        disorder: true,
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    await new Promise((resolve) => endpoint.close(resolve));
  });
  beforeEach(() => {
    clock = START.getTime();
    engine = createCheckoutEngine({
      catalog: makeCatalog(),
      store: h.store,
      provider: createStripeProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: SECRET,
        apiBase: fake.url,
        publicUrl: 'https://shop.example',
        // The store's clock is frozen in 2031; the signatures are made now.
        webhookTolerance: 10 * 365 * 24 * 3600,
      }),
      routes,
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      merchantName: 'Acme',
      secret: 'test-secret-of-16-chars',
    });
  });
  afterEach(async () => {
    await fake.flush();
    engine = null;
  });

  /** A no-JavaScript checkout of `starter`, paid on the fake's hosted page. */
  async function payOnHostedPage() {
    const live = engine as NonNullable<typeof engine>;
    const result = expectRedirect(
      await live.submitPlanStep(h.post({ paymentMethod: '' }), visitor),
    );
    await fetch(result.location, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      redirect: 'manual',
    });
    return result.sessionId;
  }

  it('events twice and newest first: the hosted checkout is paid once, from its webhooks', async () => {
    const from = fake.events.length;
    const sessionId = await payOnHostedPage();
    await fake.flush();
    const sent = fake.events.slice(from).map((e) => e.id);
    const delivered = fake.deliveries.filter((d) => sent.includes(d.eventId));
    // Every event reached the endpoint twice, and the engine took each delivery.
    expect(delivered).toHaveLength(sent.length * 2);
    expect(delivered.every((d) => d.status === 200)).toBe(true);
    const found = await h.store.getSessionRecord(sessionId);
    expect(found?.session.status).toBe('paid');
    expect(found?.subscription).toMatchObject({ status: 'active', renewedBy: 'provider' });
    expect(await h.countRows('orders')).toBe(1);
  });

  it('an endpoint that fails at first gets the events again, and the checkout is paid', async () => {
    outage.push(503, 500, 502);
    const before = fake.deliveries.length;
    const sessionId = await payOnHostedPage();
    await fake.flush();
    expect(fake.deliveries.slice(before, before + 3).map((d) => d.status)).toEqual([503, 500, 502]);
    expect((await h.store.getSessionRecord(sessionId))?.session.status).toBe('paid');
    expect(await h.countRows('orders')).toBe(1);
  });

  it('a renewal by Stripe Billing, its events twice and out of order, is recorded once', async () => {
    const sessionId = await payOnHostedPage();
    await fake.flush();
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    const ref = subscription?.providerSubscriptionRef ?? '';
    clock = START.getTime() + 29 * DAY;
    fake.api.cycleSubscription(ref);
    await fake.flush();
    expect(await h.store.getSubscription(subscription?.id ?? '')).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2031-02-28T12:00:00.000Z'),
    });
    expect(await h.store.listRenewalOrders(subscription?.id ?? '')).toHaveLength(1);
  });
});
