import { parseArgs } from 'node:util';
import { deliverEvents } from '../engine/deliverEvents.js';
import type { EventFilter } from '../store/types.js';
import { type CliIo, UsageError } from './cliIo.js';
import { describeStore, openCliStore } from './openCliStore.js';
import { parseIsoDate } from './parseIsoDate.js';

export const WEBHOOKS_USAGE = `plankit webhooks replay <eventId> | --since <time>

Sends an event's webhook again (by its id, evt_…), or every event since <time> (ISO 8601:
2027-01-31 or 2027-01-31T09:00:00Z), whatever became of the earlier attempts; the receiver
gets the same webhook-id, so it can drop what it already handled. The app delivers them
within seconds; with PLANKIT_WEBHOOK_URL and PLANKIT_WEBHOOK_SECRET set, this command sends
them itself. Uses the store the app uses (DATABASE_URL, else PLANKIT_DATA_DIR).`;

/** Reads `replay <eventId>` or `replay --since <time>`. */
export function parseWebhooksArgs(args: string[]): EventFilter {
  const { values, positionals } = parseArgs({
    args,
    options: { since: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  const [action, ...ids] = positionals;
  if (action !== 'replay')
    throw new UsageError('Say what to do: replay <eventId> or replay --since <time>.');
  if (values.since !== undefined && ids.length > 0) {
    throw new UsageError('Give event ids or --since, not both.');
  }
  if (values.since !== undefined) return { since: parseIsoDate('--since', values.since) };
  if (ids.length === 0)
    throw new UsageError('Say which events: replay <eventId> or replay --since <time>.');
  const bad = ids.find((id) => !/^evt_[0-9a-f]{32}$/.test(id));
  if (bad)
    throw new UsageError(`${JSON.stringify(bad)} is not an event id (evt_ and 32 hex digits).`);
  return { ids };
}

/** `plankit webhooks replay`: makes events' webhooks due again (and sends them when configured). */
export async function webhooksCommand(args: string[], io: CliIo): Promise<number> {
  const filter = parseWebhooksArgs(args);
  const { store } = await openCliStore(io);
  try {
    const count = await store.redeliverEvents('webhook', filter);
    if (count === 0) {
      io.stderr(`plankit webhooks: no such event in ${describeStore(io)}.`);
      return 1;
    }
    io.stdout(`${count} event(s) of ${describeStore(io)} due for delivery again.`);
    const url = io.env.PLANKIT_WEBHOOK_URL?.trim();
    const secret = io.env.PLANKIT_WEBHOOK_SECRET?.trim();
    if (url && secret) {
      const report = await deliverEvents({
        store,
        logger: { error: io.log, warn: io.log, info: () => {} },
        fromStore: (_operation, _details, call) => call(),
        handlers: { size: 0, call: async () => {} },
        webhook: { url, secret, timeoutMs: 10_000 },
        mailer: null,
      });
      io.stdout(
        `Sent to ${url}: delivered ${report.delivered}, retrying ${report.retrying}, failed ${report.failed}.`,
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}
