// Outgoing webhooks per the Standard Webhooks specification (https://www.standardwebhooks.com):
// `webhook-id` (the event id, the same on every retry, so a receiver drops repeats),
// `webhook-timestamp` and `webhook-signature` made by the `standardwebhooks` package over
// the exact body `{ "type", "timestamp", "data" }`.

import { Webhook } from 'standardwebhooks';
import type { CheckoutEvent } from '../events/types.js';
import { describeError } from './describeError.js';

/** What one delivery attempt came to. */
export interface SendResult {
  ok: boolean;
  statusCode?: number | null;
  error?: string | null;
}

/** The JSON body of an event's webhook. */
export function webhookBody(event: CheckoutEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt, data: event.data });
}

/** Sends one event; a 2xx answer within `timeoutMs` is a delivery, anything else is not. */
export async function sendWebhook(
  target: { url: string; secret: string; timeoutMs: number },
  event: CheckoutEvent,
): Promise<SendResult> {
  const body = webhookBody(event);
  // The receiver checks the timestamp against its own clock (5 minutes' tolerance), so it is
  // the wall clock's, not the store's (which the test clock moves).
  const now = new Date();
  const signature = new Webhook(target.secret).sign(event.id, now, body);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'plankit-webhooks',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    return response.ok
      ? { ok: true, statusCode: response.status }
      : { ok: false, statusCode: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      error: timedOut ? `no answer within ${target.timeoutMs} ms` : describeError(error), // with its cause: "fetch failed <- ECONNREFUSED …"
    };
  }
}
