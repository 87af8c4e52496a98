// A real SMTP server for the email tests (the `smtp-server` package), on a random port: it
// accepts every message (or refuses the next ones when told) and parses what arrived with
// `mailparser`, as a mailbox would.

import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Messages accepted, in arrival order. */
  messages: ParsedMail[];
  /** Refuses the next `count` messages with a temporary error (451). */
  refuseNext(count: number): void;
  /** Resolves once `count` messages were accepted. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters: { count: number; resolve: (value: ParsedMail[]) => void }[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refuse > 0) {
            refuse--;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          messages.push(mail);
          callback();
          for (const waiter of [...waiters]) {
            if (messages.length >= waiter.count) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(messages);
            }
          }
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext: (count) => {
      refuse += count;
    },
    waitFor(count) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
