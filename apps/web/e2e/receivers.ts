// The receivers a host's events go to in the end-to-end tests: a Standard Webhooks endpoint
// that verifies every delivery, and an SMTP server that parses every email. Real servers on
// 127.0.0.1, started by the specs themselves.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

/** One verified delivery: the event as the host signed it, with its `webhook-id`. */
export interface Delivery {
  id: string;
  type: string;
  data: { id: string; version: number; email?: string; reference?: string } & Record<
    string,
    unknown
  >;
}

/** A webhook endpoint at `url`, keeping what it verified. */
export interface WebhookReceiver {
  url: string;
  deliveries: Delivery[];
  /** Deliveries whose signature did not verify (answered 400). */
  rejected(): number;
  /**
   * While held, requests are read but never answered: the host's attempt stays in flight
   * (its delivery claimed) until the connection is dropped. `held()` counts them.
   */
  hold(on: boolean): void;
  held(): Delivery[];
  close(): Promise<void>;
}

/** Starts a verifying webhook endpoint on `port` (0: any free port) at `/webhooks/plankit`. */
export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const deliveries: Delivery[] = [];
  const held: Delivery[] = [];
  const waiting = new Set<ServerResponse>();
  let rejected = 0;
  let holding = false;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        const payload = verifier.verify(body, request.headers as Record<string, string>) as Omit<
          Delivery,
          'id'
        >;
        const delivery = { ...payload, id: String(request.headers['webhook-id']) };
        if (holding) {
          held.push(delivery);
          waiting.add(response);
          return;
        }
        deliveries.push(delivery);
        response.writeHead(204).end();
      } catch {
        rejected++;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/webhooks/plankit`,
    deliveries,
    rejected: () => rejected,
    hold(on) {
      holding = on;
    },
    held: () => held,
    async close() {
      for (const response of waiting) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An SMTP server at `url`, keeping every email it accepted. */
export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  /** The emails to one address. */
  to(email: string): ParsedMail[];
  close(): Promise<void>;
}

/** Starts an SMTP server on `port` (0: any free port) that accepts and parses every email. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    to: (email) =>
      mails.filter((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '') === email),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
