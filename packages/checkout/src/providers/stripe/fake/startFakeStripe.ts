// A fake of the parts of the Stripe API the Stripe provider uses, served over HTTP on a local
// port, for tests and local runs without Stripe's network. The official SDK talks to it
// through its `host`/`port`/`protocol` options (`STRIPE_API_BASE` in the host); its
// webhooks are signed as Stripe signs them (`stripe.webhooks.generateTestHeaderString`) and
// sent to the URL it is given. See `fakeStripeApi.ts` for what it keeps and how.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'qs';
import Stripe from 'stripe';
import {
  createFakeStripeApi,
  type FakeAnswer,
  type FakeStripeApi,
  FakeStripeError,
} from './fakeStripeApi.js';
import { fakeCardByNumber } from './fakeStripeCards.js';
import { authenticationPage, checkoutPage } from './fakeStripePages.js';

/** Options of {@link startFakeStripe}. */
export interface FakeStripeOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /**
   * Where to send webhooks, signed with `secret` (the endpoint's `whsec_…`). Without it,
   * events are only kept ({@link FakeStripe.events}).
   */
  webhook?: { url: string; secret: string };
  /**
   * The fake's clock in milliseconds (default `Date.now`): a test that moves the store's
   * clock moves this one too, so billing periods agree.
   */
  now?: () => number;
}

/** A webhook delivery the fake made. */
export interface FakeWebhookDelivery {
  /** The event's id (`evt_…`). */
  eventId: string;
  /** The event's type, e.g. `checkout.session.completed`. */
  type: string;
  /** The endpoint's answer, or 0 when it could not be reached. */
  status: number;
}

/** A running fake Stripe API. */
export interface FakeStripe {
  /** `http://127.0.0.1:{port}`: the API and the fake's pages. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Every event emitted, oldest first. */
  readonly events: readonly Stripe.Event[];
  /** Every webhook delivery made, oldest first. */
  readonly deliveries: readonly FakeWebhookDelivery[];
  /** The fake's objects and operations (for tests: e.g. `api.cycleSubscription(id)`). */
  readonly api: FakeStripeApi;
  /** An event as a webhook request would carry it, signed with `secret`. */
  signed(event: Stripe.Event, secret: string): { rawBody: string; headers: Headers };
  /**
   * Takes the API offline (every `/v1` request answers 503, as during an outage) or back
   * online; pages and webhooks go on. Tests use it to prove a state came from a webhook.
   */
  setOffline(offline: boolean): void;
  /** Waits until every webhook delivery started so far has been answered. */
  flush(): Promise<void>;
  /** Waits for the deliveries under way, then stops the server. */
  close(): Promise<void>;
}

const json = (status: number, body: unknown): FakeAnswer => ({ status, body });

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the fake Stripe API. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  let base = '';
  let offline = false;
  const deliveries: FakeWebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const signer = Stripe.webhooks;

  const signed = (event: Stripe.Event, secret: string) => {
    const rawBody = JSON.stringify(event, null, 2);
    const header = signer.generateTestHeaderString({ payload: rawBody, secret });
    return {
      rawBody,
      headers: new Headers({ 'content-type': 'application/json', 'stripe-signature': header }),
    };
  };

  const deliver = (event: Stripe.Event) => {
    const webhook = options.webhook;
    if (!webhook) return;
    const { rawBody, headers } = signed(event, webhook.secret);
    const delivery = fetch(webhook.url, { method: 'POST', headers, body: rawBody })
      .then(async (response) => {
        await response.arrayBuffer();
        deliveries.push({ eventId: event.id, type: event.type, status: response.status });
      })
      .catch(() => {
        deliveries.push({ eventId: event.id, type: event.type, status: 0 });
      });
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  };

  const api = createFakeStripeApi({
    pagesBase: () => base,
    onEvent: deliver,
    ...(options.now ? { now: options.now } : {}),
  });

  function route(method: string, path: string, params: Record<string, unknown>): FakeAnswer {
    const expandPaths = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    const { expand: _, ...rest } = params;
    const out = (object: unknown) => json(200, api.expand(object, expandPaths));
    const p = rest as never;
    const parts = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] =
      parts[0] === 'checkout' ? [`checkout/${parts[1]}`, parts[2], parts[3]] : parts;
    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers':
        return out(api.createCustomer(p));
      case 'GET customers/:id':
        return out(api.get(String(id), 'customer', 'customer'));
      case 'POST products':
        return out(api.createProduct(p));
      case 'GET products/:id':
        return out(api.get(String(id), 'product', 'product'));
      case 'GET payment_methods/:id':
        return out(api.get(String(id), 'payment_method', 'PaymentMethod'));
      case 'POST payment_intents':
        return out(api.createPaymentIntent(p));
      case 'GET payment_intents/:id':
        return out(api.get(String(id), 'payment_intent', 'payment_intent'));
      case 'POST payment_intents/:id':
        return out(api.updatePaymentIntent(String(id), p));
      case 'POST payment_intents/:id/confirm':
        return out(api.confirmPaymentIntent(String(id), p));
      case 'POST payment_intents/:id/cancel':
        return out(api.cancelPaymentIntent(String(id)));
      case 'POST setup_intents':
        return out(api.createSetupIntent(p));
      case 'GET setup_intents/:id':
        return out(api.get(String(id), 'setup_intent', 'setup_intent'));
      case 'POST setup_intents/:id':
        return out(api.updateSetupIntent(String(id), p));
      case 'POST setup_intents/:id/confirm':
        return out(api.confirmSetupIntent(String(id), p));
      case 'POST setup_intents/:id/cancel':
        return out(api.cancelSetupIntent(String(id)));
      case 'POST subscriptions':
        return out(api.createSubscription(p));
      case 'GET subscriptions/:id':
        return out(api.get(String(id), 'subscription', 'subscription'));
      case 'POST subscriptions/:id':
        return out(api.updateSubscription(String(id), p));
      case 'DELETE subscriptions/:id':
        return out(api.deleteSubscription(String(id)));
      case 'GET invoices/:id':
        return out(api.get(String(id), 'invoice', 'invoice'));
      case 'POST checkout/sessions':
        return out(publicSession(api.createCheckoutSession(p)));
      case 'GET checkout/sessions/:id':
        return out(publicSession(api.checkoutSession(String(id))));
      case 'POST checkout/sessions/:id/expire':
        return out(publicSession(api.expireCheckoutSession(String(id))));
      default:
        return json(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${path}).`,
          },
        });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const body = method === 'GET' ? '' : await readBody(request);
    const send = (
      status: number,
      type: string,
      text: string,
      headers: Record<string, string> = {},
    ) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(text);
    };
    const html = (status: number, text: string) => send(status, 'text/html; charset=utf-8', text);

    // The fake's own pages: hosted Checkout and 3-D Secure.
    const pay = url.pathname.match(/^\/c\/pay\/([\w]+)$/);
    if (pay?.[1]) {
      const id = pay[1];
      try {
        if (method === 'POST') {
          const form = new URLSearchParams(body);
          const card = fakeCardByNumber(form.get('cardNumber') ?? '');
          if (!card)
            return html(200, checkoutPage(api.checkoutSession(id), 'Your card number is invalid.'));
          const paid = api.payCheckoutSession(id, card);
          if (!paid.ok) return html(200, checkoutPage(api.checkoutSession(id), paid.message));
          const next = (paid.session.success_url ?? base).replaceAll('{CHECKOUT_SESSION_ID}', id);
          return send(303, 'text/plain', '', { location: next });
        }
        return html(200, checkoutPage(api.checkoutSession(id), null));
      } catch {
        return html(404, 'No such Checkout Session.');
      }
    }
    const action = url.pathname.match(/^\/3ds\/([\w]+)$/);
    if (action?.[1]) {
      if (method === 'POST') {
        const decision = new URLSearchParams(body).get('decision');
        try {
          const { returnUrl } = api.authenticate(action[1], decision === 'approve');
          return send(303, 'text/plain', '', { location: returnUrl ?? base });
        } catch {
          return html(404, 'No such intent.');
        }
      }
      return html(200, authenticationPage(action[1]));
    }

    if (!url.pathname.startsWith('/v1/')) return html(404, 'Not found');
    if (offline) {
      return send(
        503,
        'application/json',
        JSON.stringify({
          error: { type: 'api_error', message: 'The fake Stripe API is offline.' },
        }),
      );
    }
    if (!/^Bearer sk_(test|live)_\S+$/.test(request.headers.authorization ?? '')) {
      return send(
        401,
        'application/json',
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        }),
      );
    }
    const params = parse(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body, {
      depth: 10,
      arrayLimit: 100,
    }) as Record<string, unknown>;
    const key = request.headers['idempotency-key'];
    const run = () => {
      try {
        return route(method, url.pathname, params);
      } catch (error) {
        if (error instanceof FakeStripeError) return json(error.status, { error: error.error });
        throw error;
      }
    };
    const answer: FakeAnswer =
      method === 'POST'
        ? api.idempotently(typeof key === 'string' ? key : null, method, url.pathname, params, run)
        : run();
    send(answer.status, 'application/json', JSON.stringify(answer.body), {
      'request-id': `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`,
      ...(typeof key === 'string' ? { 'idempotency-key': key } : {}),
    });
  }

  const publicSession = ({
    lineItems: _l,
    trialDays: _t,
    subscriptionMetadata: _s,
    paymentIntentMetadata: _p,
    ...session
  }: ReturnType<typeof api.checkoutSession>) => session;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: base,
    port,
    events: api.events,
    deliveries,
    api,
    signed,
    setOffline(value) {
      offline = value;
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
