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
  /** In how many ms the soonest retry of this pass is due; null when none was scheduled. */
  nextRetryInMs: number | null;
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
  /**
   * True once the process is shutting down: no further attempt starts, and the deliveries
   * claimed but not sent are handed back (`releaseEventDeliveries`) for another process.
   */
  stopping?: () => boolean;
}

/** Deliveries taken per channel and pass. */
const BATCH = 50;
/**
 * How long one attempt may take: the webhook's timeout, or an SMTP conversation's
 * (receiptEmails.ts gives nodemailer 10 s per step). An in-process handler cannot be cut
 * short; one that runs longer may be run again by another process (handlers are called at
 * least once).
 */
export const SMTP_ATTEMPT_MS = 10_000;
/**
 * How long a claim holds a delivery: short, so the deliveries of a process killed while it
 * held them go out within half a minute of another process (or the same one, restarted)
 * running (issue 24.5), and long enough for two attempts. A process sends a claimed delivery
 * only while more than one attempt's time is left of the claim (see {@link deliverEvents}),
 * so no delivery is sent by two processes at once.
 */
export function deliveryLeaseMs(attemptMs: number): number {
  return Math.max(25_000, 2 * attemptMs + 5_000);
}
/** Room left in a claim, beyond the attempt itself, before the next delivery is started. */
const LEASE_MARGIN_MS = 2_000;

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
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0, nextRetryInMs: null };
  for (const [channel, send] of channelsOf(ctx)) {
    const attemptMs =
      channel === 'webhook' && ctx.webhook ? ctx.webhook.timeoutMs : SMTP_ATTEMPT_MS;
    const leaseMs = deliveryLeaseMs(attemptMs);
    let claimsRanOut = false;
    while (!claimsRanOut) {
      const claimedAt = Date.now();
      const deliveries = await ctx.fromStore('claimEventDeliveries', { channel }, () =>
        ctx.store.claimEventDeliveries(channel, BATCH, leaseMs),
      );
      for (const [index, { event, attempts }] of deliveries.entries()) {
        if (ctx.stopping?.()) {
          await handBack(ctx, channel, deliveries.slice(index));
          return report;
        }
        // A delivery whose claim could run out during its attempt is left to its claim's end
        // (this process's next pass, or another's): sending it now could race another sender.
        if (Date.now() - claimedAt + attemptMs + LEASE_MARGIN_MS > leaseMs) {
          claimsRanOut = true;
          break;
        }
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
        else {
          report.retrying++;
          report.nextRetryInMs = Math.min(report.nextRetryInMs ?? retryInMs, retryInMs);
        }
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

/** Hands unsent claims back so another process delivers them now (SIGTERM drain, issue 24.5). */
async function handBack(
  ctx: DeliveryContext,
  channel: EventChannel,
  unsent: readonly { event: CheckoutEvent }[],
): Promise<void> {
  const { releaseEventDeliveries } = ctx.store;
  if (unsent.length === 0 || !releaseEventDeliveries) return;
  const eventIds = unsent.map(({ event }) => event.id);
  const released = await ctx.fromStore('releaseEventDeliveries', { channel }, () =>
    releaseEventDeliveries.call(ctx.store, channel, eventIds),
  );
  ctx.logger.info('[plankit] shutting down: handed back claimed deliveries', {
    channel,
    released,
  });
}
