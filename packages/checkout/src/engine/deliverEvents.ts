// Hands the outbox's events to the host: in-process handlers, the outgoing webhook and the
// buyer's emails, each a channel with its own deliveries. Every process runs this (from its
// background work); the store gives each due delivery to one process at a time (SKIP LOCKED
// and a lease longer than any attempt), so a fleet delivers each event once per channel, and
// a process that dies mid-way leaves the delivery to the next one when the lease ends.

import type { CheckoutEvent } from '../events/types.js';
import type { CheckoutStore, EventChannel } from '../store/types.js';
import { describeError } from './describeError.js';
import type { EventMailer } from './engineContext.js';
import type { EventHandlers } from './eventHandlers.js';
import type { Guards } from './guards.js';
import type { EngineLogger } from './options.js';
import { type SendResult, sendWebhook } from './outgoingWebhooks.js';
import { retryDelayMs } from './retrySchedule.js';
import { engineMetrics, inSpan } from './telemetry.js';

/** What one delivery pass did, over every channel. */
export interface DeliveryReport {
  delivered: number;
  /** Failed attempts that will be tried again. */
  retrying: number;
  /** Failed attempts after the last retry: given up. */
  failed: number;
}

/** What delivering needs: the engine's context, or the CLI's (`plankit webhooks replay`). */
export interface DeliveryContext extends Pick<Guards, 'fromStore'> {
  store: CheckoutStore;
  logger: EngineLogger;
  handlers: Pick<EventHandlers, 'size' | 'call'>;
  webhook: { url: string; secret: string; timeoutMs: number } | null;
  mailer: EventMailer | null;
  /** The store's time (the engine's clock, which follows the test clock), for the delivery lag. */
  clock?: { now(): Date };
}

/** Deliveries taken per channel and pass. */
const BATCH = 50;
/** Longer than any attempt (the webhook's 10 s, an SMTP conversation), so none is taken twice. */
const DELIVERY_LEASE_MS = 2 * 60_000;

/** The channels this engine serves, with how it delivers on each. */
function channelsOf(
  ctx: DeliveryContext,
): [EventChannel, (event: CheckoutEvent) => Promise<SendResult>][] {
  const channels: [EventChannel, (event: CheckoutEvent) => Promise<SendResult>][] = [];
  if (ctx.handlers.size > 0) {
    channels.push([
      'handlers',
      async (event) => {
        await ctx.handlers.call(event);
        return { ok: true };
      },
    ]);
  }
  const { webhook } = ctx;
  if (webhook) channels.push(['webhook', (event) => sendWebhook(webhook, event)]);
  const { mailer } = ctx;
  if (mailer) channels.push(['email', (event) => mailer.send(event)]);
  return channels;
}

/** The channels this engine serves (registered in the store before it writes events). */
export function servedChannels(ctx: DeliveryContext): EventChannel[] {
  return channelsOf(ctx).map(([channel]) => channel);
}

/**
 * Delivers every due event on every channel this engine serves, in the order the events
 * were written (per channel). A failure is recorded and retried on the schedule
 * (retrySchedule.ts); it never stops the others.
 */
export async function deliverEvents(ctx: DeliveryContext): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
  for (const [channel, send] of channelsOf(ctx)) {
    for (;;) {
      const deliveries = await ctx.fromStore('claimEventDeliveries', { channel }, () =>
        ctx.store.claimEventDeliveries(channel, BATCH, DELIVERY_LEASE_MS),
      );
      for (const { event, attempts } of deliveries) {
        const labels = { 'plankit.channel': channel, 'plankit.event_type': event.type };
        const result = await inSpan(
          'plankit.event.deliver',
          { ...labels, 'plankit.event': event.id, 'plankit.attempt': attempts + 1 },
          async (span): Promise<SendResult> => {
            let sent: SendResult;
            try {
              sent = await send(event);
            } catch (error) {
              sent = { ok: false, error: describeError(error) };
            }
            span.setAttribute('plankit.delivered', sent.ok);
            return sent;
          },
        );
        const counters = engineMetrics();
        if (result.ok) {
          counters.deliveries.add(1, labels);
          const now = ctx.clock?.now().getTime() ?? Date.now();
          counters.deliveryLag.record(Math.max(0, now - Date.parse(event.createdAt)), labels);
        } else {
          counters.deliveryFailures.add(1, labels);
        }
        const retryInMs = result.ok ? null : retryDelayMs(attempts + 1);
        if (result.ok) report.delivered++;
        else if (retryInMs === null) report.failed++;
        else report.retrying++;
        if (!result.ok) {
          ctx.logger.warn('[plankit] event delivery failed', {
            channel,
            eventId: event.id,
            type: event.type,
            attempt: attempts + 1,
            error: result.error,
            retryInMs,
          });
        }
        await ctx.fromStore('recordDeliveryAttempt', { channel, eventId: event.id }, () =>
          ctx.store.recordDeliveryAttempt({
            eventId: event.id,
            channel,
            ok: result.ok,
            statusCode: result.statusCode ?? null,
            error: result.error ?? null,
            retryInMs,
          }),
        );
      }
      if (deliveries.length < BATCH) break;
    }
  }
  return report;
}
