// The Stripe suite's webhook endpoint (src/providers/stripe/stripeContract.test.ts): an HTTP
// server that takes Stripe's webhooks as a host would (the fake's deliveries, or the Stripe
// CLI's `stripe listen --forward-to`), hands each raw body to the engine, and keeps what
// arrived so a test can wait for an event and read it again.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookRequest } from '../providers/types.js';

/** Where the suite's calls go: Stripe's API, or the fake's. */
export interface StripeTarget {
  secretKey: string;
  /** The fake's URL; undefined: Stripe's own API. */
  apiBase: string | undefined;
}

/** One webhook as it arrived, and what the engine answered. */
export interface ReceivedWebhook {
  rawBody: string;
  headers: Record<string, string>;
  status: number;
  /** The event's type and the id of its object, read from the body (never trusted). */
  type: string;
  objectId: string;
  /** The subscription an invoice or subscription event is about, if any. */
  subscriptionId: string | null;
  /** An invoice's `billing_reason` (`subscription_create`, `subscription_cycle`, …). */
  billingReason: string | null;
}

/** The endpoint: its URL, what arrived, and waits. */
export interface WebhookEndpoint {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves with the first webhook that matches, waiting for it (at most `deadlineMs`). */
  waitFor(match: (webhook: ReceivedWebhook) => boolean, what: string): Promise<ReceivedWebhook>;
  /** Resolves once `condition` holds, asking again every 250 ms (at most `deadlineMs`). */
  until(condition: () => Promise<boolean> | boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

/** How long a wait may take: Stripe's test clocks and webhooks take seconds, the fake's less. */
const deadlineMs = process.env.STRIPE_SECRET_KEY ? 180_000 : 20_000;

function summaryOf(
  rawBody: string,
): Pick<ReceivedWebhook, 'type' | 'objectId' | 'subscriptionId' | 'billingReason'> {
  try {
    const event = JSON.parse(rawBody) as {
      type?: string;
      data?: { object?: Record<string, unknown> };
    };
    const object = event.data?.object ?? {};
    const parent = object.parent as
      | { subscription_details?: { subscription?: unknown } }
      | undefined;
    const subscription =
      object.object === 'subscription' ? object.id : parent?.subscription_details?.subscription;
    return {
      type: event.type ?? '',
      objectId: String(object.id ?? ''),
      subscriptionId: typeof subscription === 'string' ? subscription : null,
      billingReason: typeof object.billing_reason === 'string' ? object.billing_reason : null,
    };
  } catch {
    return { type: '', objectId: '', subscriptionId: null, billingReason: null };
  }
}

/** Starts the endpoint on `port` (0: any free one); `handle` answers each webhook. */
export async function startWebhookEndpoint(
  port: number,
  handle: (request: WebhookRequest) => Promise<{ status: number }>,
): Promise<WebhookEndpoint> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      let status = 500;
      try {
        ({ status } = await handle({ rawBody, headers: new Headers(headers) }));
      } catch {
        // An engine whose test has ended (its schema dropped) while Stripe still sends: 500,
        // and Stripe tries again later, as it would with a host that failed.
      } finally {
        received.push({ rawBody, headers, status, ...summaryOf(rawBody) });
        response.writeHead(status).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;

  async function until(condition: () => Promise<boolean> | boolean, what: string) {
    const deadline = Date.now() + deadlineMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`waited ${deadlineMs / 1000} s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return {
    url: `http://127.0.0.1:${bound}/`,
    received,
    until,
    async waitFor(match, what) {
      let found: ReceivedWebhook | undefined;
      await until(() => {
        found = received.find(match);
        return found !== undefined;
      }, what);
      return found as ReceivedWebhook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
