// LISTEN on its own connection (issue 24.1): a pooled connection goes back to the pool after
// each statement, so a session-level LISTEN needs a connection of its own, kept open and made
// again when it drops.

import type { Client, ClientConfig } from 'pg';

/** What {@link listenOnPostgres} needs: `pg`'s Client class and how to connect. */
export interface ListenerOptions {
  Client: new (config: ClientConfig) => Client;
  connectionString: string;
  connectTimeoutMs: number;
}

const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 30_000;

/** A channel name as an identifier in `LISTEN`: letters, digits and `_` only. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) {
    throw new Error(`Not a channel name the store uses: ${channel}`);
  }
  return channel;
}

/**
 * Listens on `channel` until the returned function is called. A dropped connection is made
 * again with backoff (0.5 s doubling to 30 s) and reported with `onReconnect`, so the caller
 * looks for what it missed; connection errors never escape (a crashed listener would take
 * the process down).
 */
export async function listenOnPostgres(
  options: ListenerOptions,
  rawChannel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  const channel = checkedChannel(rawChannel);
  let stopped = false;
  let client: Client | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let delay = RETRY_FIRST_MS;

  const connect = async (): Promise<void> => {
    const next = new options.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => retry(next));
    next.on('end', () => retry(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RETRY_FIRST_MS;
  };

  function retry(failed: Client): void {
    if (stopped || client !== failed || retryTimer) return;
    client = null;
    failed.end().catch(() => {});
    retryTimer = setTimeout(attempt, delay);
    retryTimer.unref?.();
    delay = Math.min(delay * 2, RETRY_MOST_MS);
  }

  function attempt(): void {
    retryTimer = null;
    if (stopped) return;
    connect().then(onReconnect, () => {
      if (stopped) return;
      retryTimer = setTimeout(attempt, delay);
      retryTimer.unref?.();
      delay = Math.min(delay * 2, RETRY_MOST_MS);
    });
  }

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
