// A real HTTP receiver for the outgoing webhooks' tests: it verifies every delivery with
// `standardwebhooks`' `Webhook.verify`, as a host's endpoint would, and answers with the
// statuses a test queues (200 when none is queued).

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  type: string;
  timestamp: string;
  data: { id: string; version: number } & Record<string, unknown>;
  /** What this receiver answered. */
  status: number;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  secret: string;
  /** Deliveries that verified, in arrival order (those answered with an error included). */
  received: ReceivedWebhook[];
  /** Deliveries whose signature did not verify. */
  rejected: number;
  /** Answers the next deliveries with these statuses ('hang' never answers). */
  answerNext(...statuses: (number | 'hang')[]): void;
  /** Resolves once `count` deliveries were accepted (2xx). */
  waitForAccepted(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const verifier = new Webhook(secret);
  const queue: (number | 'hang')[] = [];
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: (value: ReceivedWebhook[]) => void }[] = [];
  let rejected = 0;
  const accepted = () => received.filter((delivery) => delivery.status < 300);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: Omit<ReceivedWebhook, 'id' | 'status' | 'headers'>;
      try {
        payload = verifier.verify(
          body,
          request.headers as Record<string, string>,
        ) as typeof payload;
      } catch {
        rejected++;
        response.writeHead(400).end();
        return;
      }
      const answer = queue.shift() ?? 200;
      if (answer === 'hang') return; // The sender's timeout ends it.
      received.push({
        ...payload,
        id: String(request.headers['webhook-id']),
        status: answer,
        headers: request.headers,
      });
      response.writeHead(answer).end();
      for (const waiter of [...waiters]) {
        if (accepted().length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(accepted());
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/plankit`,
    secret,
    received,
    get rejected() {
      return rejected;
    },
    answerNext: (...statuses) => queue.push(...statuses),
    waitForAccepted(count) {
      if (accepted().length >= count) return Promise.resolve(accepted());
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
