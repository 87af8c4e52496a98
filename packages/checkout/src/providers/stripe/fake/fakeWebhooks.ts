// Webhook deliveries of the fake, as Stripe makes them (https://docs.stripe.com/webhooks):
// asynchronous (never before the API request that caused the event has been answered),
// signed (`Stripe-Signature`, https://docs.stripe.com/webhooks#verify-events), and retried
// when the endpoint does not answer 2xx. Stripe warns that an endpoint "might occasionally
// receive the same event more than once" and that it "doesn't guarantee delivery of events
// in the order in which they're generated": with `disorder` on, the fake does both on
// purpose (each batch of events sent newest first, then again oldest first), so tests can
// prove a handler copes.

import Stripe from 'stripe';

/** A webhook delivery attempt the fake made. */
export interface FakeWebhookDelivery {
  /** The event's id (`evt_…`). */
  eventId: string;
  /** The event's type, e.g. `checkout.session.completed`. */
  type: string;
  /** The endpoint's answer, or 0 when it could not be reached. */
  status: number;
}

/** Where and how the fake sends webhooks. */
export interface FakeWebhookOptions {
  /** The endpoint's URL. */
  url: string;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
  /**
   * Milliseconds to wait before each retry of a delivery the endpoint did not answer with a
   * 2xx (default `[500, 2000, 8000]`: Stripe's sandbox retries three times over a few hours;
   * the fake keeps the count and shortens the waits).
   */
  retryDelaysMs?: readonly number[];
  /** Every event delivered twice, each batch newest first the first time (default off). */
  disorder?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An event as a webhook request carries it, signed with `secret`. */
export function signedWebhook(event: Stripe.Event, secret: string) {
  const rawBody = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret });
  return {
    rawBody,
    headers: new Headers({ 'content-type': 'application/json', 'stripe-signature': header }),
  };
}

/** The fake's outgoing webhooks. */
export function createFakeWebhooks(webhook: FakeWebhookOptions | undefined) {
  const deliveries: FakeWebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let queue: Stripe.Event[] = [];
  let scheduled = false;
  let disorder = webhook?.disorder ?? false;
  const delays = webhook?.retryDelaysMs ?? [500, 2000, 8000];

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  async function attempt(event: Stripe.Event, retry: number): Promise<void> {
    if (!webhook) return;
    const { rawBody, headers } = signedWebhook(event, webhook.secret);
    let status = 0;
    try {
      const response = await fetch(webhook.url, { method: 'POST', headers, body: rawBody });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: event.id, type: event.type, status });
    const delay = delays[retry];
    if ((status < 200 || status >= 300) && delay !== undefined) {
      // A retry waits on its own, so it holds up no other event.
      track(sleep(delay).then(() => attempt(event, retry + 1)));
    }
  }

  /** Sends what is queued, one after another, after the current request was answered. */
  async function pump() {
    scheduled = false;
    const batch = queue;
    queue = [];
    const sends = disorder ? [...batch].reverse().concat(batch) : batch;
    for (const event of sends) await attempt(event, 0);
  }

  return {
    deliveries,
    /** Queues an event for delivery. */
    deliver(event: Stripe.Event) {
      if (!webhook) return;
      queue.push(event);
      if (scheduled) return;
      scheduled = true;
      track(sleep(0).then(pump));
    },
    /** Turns duplicate, out-of-order delivery on or off. */
    setDisorder(on: boolean) {
      disorder = on;
    },
    /** Resolves once every delivery, retries included, has been answered. */
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
