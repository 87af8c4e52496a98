import { deliverEvents } from './deliverEvents.js';
import { describeError } from './describeError.js';
import type { EngineContext } from './engineContext.js';
import { retryPendingRefunds } from './refunds.js';
import { runRenewals } from './renewals.js';
import { prunePass } from './retention.js';
import { expireStaleSessions, reconcilePayments } from './sweeps.js';

/** The engine's own background work: the sweeps, on a timer. */
export interface BackgroundWork {
  /** Starts the timer (again); the first pass runs at once. Idempotent. */
  start(): void;
  /** Stops the timer and waits for a pass that is running. */
  stop(): Promise<void>;
  /** Runs one pass now: clock, reconcile, expire, renew, prune. Never throws; failures are logged. */
  runOnce(): Promise<void>;
}

/**
 * Runs the sweeps (reconcile lost payment outcomes, expire unpaid sessions, charge due
 * renewals, delete what is past its retention) every `sweepIntervalMs`, after recording which provider the store is used with
 * (the test clock checks it). Every step is a conditional statement in the
 * store (stale attempts are taken with SKIP LOCKED), so any number of host processes may
 * run this at once against one database; the timer does not keep the process alive.
 */
export function createBackgroundWork(
  ctx: EngineContext,
  registerChannels: () => Promise<void>,
): BackgroundWork {
  let timer: ReturnType<typeof setInterval> | null = null;
  let deliveryTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let delivering: Promise<void> | null = null;
  /** A wake-up came during a pass: what it announced may have missed that pass's claims. */
  let deliverAgain = false;
  let unwatch: (() => Promise<void>) | null = null;
  let stopped = true;

  /** Wakes the deliveries when this process's soonest retry is due. */
  const wakeForRetry = (inMs: number | null) => {
    if (inMs === null || stopped) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void deliverOnce();
    }, inMs + 50);
    retryTimer.unref?.();
  };

  // Events go out on their own, shorter timer: a webhook's first retry is due within
  // seconds, while the sweeps run every minute. Where the store announces new events
  // (LISTEN/NOTIFY on PostgreSQL and PGlite), they go out as soon as they commit.
  const deliverOnce = (): Promise<void> => {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      try {
        await registerChannels();
        do {
          deliverAgain = false;
          wakeForRetry((await deliverEvents(ctx)).nextRetryInMs);
        } while (deliverAgain && !stopped);
      } catch (error) {
        ctx.logger.error('[plankit] event delivery pass failed', { error: describeError(error) });
      }
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  };

  /** Delivery ticks while the store announces events: a safety net, not the way they go. */
  const WATCHED_DELIVERY_INTERVAL_MS = 20_000;

  /** Listens for committed events; falls back to the short timer when the store cannot. */
  async function watch(): Promise<void> {
    if (!ctx.store.watchEvents) return;
    try {
      const stop = await ctx.store.watchEvents(() => void deliverOnce());
      if (stopped) {
        await stop();
        return;
      }
      unwatch = stop;
      if (deliveryTimer) clearInterval(deliveryTimer);
      deliveryTimer = setInterval(
        () => void deliverOnce(),
        Math.max(ctx.deliveryIntervalMs, WATCHED_DELIVERY_INTERVAL_MS),
      );
      deliveryTimer.unref?.();
    } catch (error) {
      ctx.logger.warn('[plankit] cannot listen for new events; delivering on the timer', {
        error: describeError(error),
      });
    }
  }

  async function pass(): Promise<void> {
    try {
      // Follows the test clock when another process (`plankit advance`) moved it.
      await ctx.clock.sync();
      await reconcilePayments(ctx);
      await expireStaleSessions(ctx);
      await retryPendingRefunds(ctx);
      const renewals = await runRenewals(ctx);
      if (renewals.unrecorded > 0) {
        // Each one was logged with its subscription; this says the pass was not clean.
        ctx.logger.warn('[plankit] renewal sweep: outcomes not recorded', { ...renewals });
      }
      // Last: nothing waits on it, and a backlog is worked off a few batches per pass.
      const pruned = await ctx.fromStore('prune', {}, () => prunePass(ctx.store, ctx));
      if (Object.values(pruned).some((count) => count > 0)) {
        ctx.logger.info('[plankit] retention: deleted what is past its retention', pruned);
      }
      // What the sweeps committed goes out now rather than at the next delivery tick.
      void deliverOnce();
    } catch (error) {
      ctx.logger.error('[plankit] background sweep failed', { error: describeError(error) });
    }
  }

  const runOnce = () => {
    // One pass at a time per process: a slow pass is not stacked on by the next tick.
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void runOnce(), ctx.sweepIntervalMs);
      timer.unref?.();
      deliveryTimer = setInterval(() => void deliverOnce(), ctx.deliveryIntervalMs);
      deliveryTimer.unref?.();
      void watch();
      void ctx
        .fromStore('setActiveProvider', {}, () => ctx.store.setActiveProvider(ctx.provider.id))
        .catch(() => {})
        .then(runOnce);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (deliveryTimer) clearInterval(deliveryTimer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = null;
      deliveryTimer = null;
      retryTimer = null;
      const stopWatching = unwatch;
      unwatch = null;
      await stopWatching?.();
      await running;
      await delivering;
    },
    runOnce,
  };
}
