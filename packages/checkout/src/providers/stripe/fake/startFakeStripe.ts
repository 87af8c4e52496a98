// A fake of the parts of the Stripe API the Stripe provider uses, served over HTTP on a local
// port, for tests and local runs without Stripe's network. The official SDK talks to it
// through its `host`/`port`/`protocol` options (`STRIPE_API_BASE` in the host); its
// webhooks are signed as Stripe signs them (`stripe.webhooks.generateTestHeaderString`) and
// sent to the URL it is given. See `fakeStripeApi.ts` for what it keeps and how.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'qs';
import type Stripe from 'stripe';
import { checkRequestParameters } from './fakeRequestValidation.js';
import { createFakeStripeApi, type FakeStripeApi } from './fakeStripeApi.js';
import { fakeCardByNumber } from './fakeStripeCards.js';
import { FakeStripeError } from './fakeStripeErrors.js';
import { answerStripeJs, FAKE_STRIPE_JS_PATH } from './fakeStripeJs.js';
import { authenticationPage, checkoutPage, invoicePage } from './fakeStripePages.js';
import { findRoute } from './fakeStripeRoutes.js';
import type { FakeAnswer, FakeInvoice } from './fakeStripeTypes.js';
import {
  createFakeWebhooks,
  type FakeWebhookDelivery,
  type FakeWebhookOptions,
  signedWebhook,
} from './fakeWebhooks.js';

export type { FakeWebhookDelivery, FakeWebhookOptions } from './fakeWebhooks.js';

/** Options of {@link startFakeStripe}. */
export interface FakeStripeOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /**
   * Where to send webhooks, signed with `secret` (the endpoint's `whsec_…`), and how (retries,
   * duplicates out of order). Without it, events are only kept ({@link FakeStripe.events}).
   */
  webhook?: FakeWebhookOptions;
  /**
   * The fake's clock in milliseconds (default `Date.now`): a test that moves the store's
   * clock moves this one too, so billing periods agree.
   */
  now?: () => number;
}

/** A running fake Stripe API. */
export interface FakeStripe {
  /** `http://127.0.0.1:{port}`: the API and the fake's pages. */
  readonly url: string;
  /**
   * The fake's stand-in for Stripe.js (`{url}/v3/stripe.js`, `STRIPE_JS_URL` of the host):
   * its Payment Element takes the test card numbers and talks to this fake.
   */
  readonly stripeJsUrl: string;
  /** The port it listens on. */
  readonly port: number;
  /** Every event emitted, oldest first. */
  readonly events: readonly Stripe.Event[];
  /** Every webhook delivery attempt made (retries included), oldest first. */
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
  /**
   * Delivers every event twice and each batch out of order (on), or once in order (off), as
   * Stripe may ("the same event more than once", no guaranteed order).
   */
  setWebhookDisorder(on: boolean): void;
  /** Waits until test clocks have settled and every webhook delivery has been answered. */
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
  const webhooks = createFakeWebhooks(options.webhook);

  const api = createFakeStripeApi({
    pagesBase: () => base,
    onEvent: webhooks.deliver,
    ...(options.now ? { now: options.now } : {}),
  });

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
    const hosted = url.pathname.match(/^\/i\/(in_\w+)$/);
    if (hosted?.[1]) {
      const id = hosted[1];
      const invoice = () => api.get<FakeInvoice>(id, 'invoice', 'invoice');
      try {
        if (method === 'POST') {
          const form = new URLSearchParams(body);
          const number = form.get('cardNumber');
          const card = number === null ? null : fakeCardByNumber(number);
          if (number !== null && !card) {
            return html(200, invoicePage(invoice(), 'Your card number is invalid.'));
          }
          const paid = api.payHostedInvoice(id, card);
          return html(200, invoicePage(invoice(), paid.ok ? null : paid.message));
        }
        return html(200, invoicePage(invoice(), null));
      } catch {
        return html(404, 'No such invoice.');
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

    // The Stripe.js stand-in and what it asks with the publishable key (fakeStripeJs.ts).
    const browser = offline ? null : answerStripeJs(api, method, url, body);
    if (browser) {
      return send(browser.status, browser.type, browser.text, {
        'access-control-allow-origin': '*',
      });
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
    const found = findRoute(method, url.pathname);
    // Parameters Stripe's description of the endpoint does not allow are refused before the
    // endpoint runs, so nothing is kept under the idempotency key for them.
    const invalid = found ? checkRequestParameters(`${method} ${found.route.path}`, params) : null;
    const run = (): FakeAnswer => {
      if (!found) {
        return json(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname}).`,
          },
        });
      }
      const { expand, ...rest } = params;
      try {
        const object = found.route.run(api, found.id, rest as never);
        return json(200, api.expand(object, Array.isArray(expand) ? (expand as string[]) : []));
      } catch (error) {
        if (error instanceof FakeStripeError) return json(error.status, { error: error.error });
        throw error;
      }
    };
    const answer: FakeAnswer = invalid
      ? json(invalid.status, { error: invalid.error })
      : method === 'POST'
        ? api.idempotently(typeof key === 'string' ? key : null, method, url.pathname, params, run)
        : run();
    send(answer.status, 'application/json', JSON.stringify(answer.body), {
      'request-id': `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`,
      ...(typeof key === 'string' ? { 'idempotency-key': key } : {}),
    });
  }

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
    stripeJsUrl: `${base}${FAKE_STRIPE_JS_PATH}`,
    port,
    events: api.events,
    deliveries: webhooks.deliveries,
    api,
    signed: signedWebhook,
    setOffline(value) {
      offline = value;
    },
    setWebhookDisorder: webhooks.setDisorder,
    async flush() {
      await api.clocksIdle();
      await webhooks.flush();
    },
    async close() {
      await api.clocksIdle();
      await webhooks.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
