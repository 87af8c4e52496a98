// What the fake Stripe API's own tests share: the fake with the official SDK pointed at it,
// and an endpoint that receives its webhooks, verifies each with the SDK
// (`stripe.webhooks.constructEvent`, as a host's endpoint does) and answers with the
// statuses a test queues (200 when none is queued), after an optional delay.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  type FakeStripe,
  type FakeStripeOptions,
  startFakeStripe,
} from '../providers/stripe/fake/startFakeStripe.js';

/** The SDK's client for a running fake (no retries, so a test sees every answer). */
export function clientOf(fake: FakeStripe): Stripe {
  const url = new URL(fake.url);
  return new Stripe('sk_test_fake', {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** Starts a fake and its SDK client. */
export async function startFakeWithClient(options: FakeStripeOptions = {}) {
  const fake = await startFakeStripe(options);
  return { fake, stripe: clientOf(fake) };
}

/** A webhook endpoint for the fake. */
export interface StripeWebhookEndpoint {
  url: string;
  secret: string;
  /** Every verified delivery, in arrival order, with what the endpoint answered. */
  received: Array<{ event: Stripe.Event; status: number }>;
  /** Answers the next deliveries with these statuses. */
  answerNext(...statuses: number[]): void;
  /** Milliseconds to wait before answering (default 0). */
  delayMs: number;
  close(): Promise<void>;
}

/** Starts a webhook endpoint on a free port. */
export async function startStripeWebhookEndpoint(): Promise<StripeWebhookEndpoint> {
  const secret = `whsec_test_${crypto.randomUUID()}`;
  const queue: number[] = [];
  const endpoint: StripeWebhookEndpoint = {
    url: '',
    secret,
    received: [],
    answerNext: (...statuses) => queue.push(...statuses),
    delayMs: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          Buffer.concat(chunks).toString('utf8'),
          String(request.headers['stripe-signature']),
          secret,
        );
      } catch {
        response.writeHead(400).end();
        return;
      }
      const status = queue.shift() ?? 200;
      endpoint.received.push({ event, status });
      setTimeout(() => response.writeHead(status).end(), endpoint.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return endpoint;
}
