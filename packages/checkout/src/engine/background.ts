import { deliverEvents, servedChannels } from './deliverEvents.js';
import { describeError } from './describeError.js';
import type { EngineContext } from './engineContext.js';
import { PENDING_REFUND_RETRY_MS, retryPendingRefunds } from './refunds.js';
import { runRenewals } from './renewals.js';
import { prunePass } from './retention.js';
import {
  alwaysDue,
  dueInMs,
  PRUNE_IDLE_MS,
  planSweeps,
  type ScheduleScope,
  type Stuck,
  SWEEPS,
  type Sweep,
} from './sweepSchedule.js';
import { expireStaleSessions, reconcilePayments } from './sweeps.js';

/** The engine's own background work: each sweep when it is due, and the deliveries. */
export interface BackgroundWork {
  /** Starts the work (again); every sweep runs at once, then each when due. Idempotent. */
  start(): void;
  /** Stops the timers and waits for a pass that is running. */
  stop(): Promise<void>;
  /** Runs every sweep now: reconcile, expire, refunds, renew, prune. Never throws; failures are logged. */
  runOnce(): Promise<void>;
  /**
   * Something may have been scheduled (an engine call wrote, another host announced an
   * event): asks the store what is due again, within a second, at most once a second.
   */
  soon(): void;
}

/** How soon after a change the store is asked again; changes meanwhile share the look. */
const RESCHEDULE_DELAY_MS = 1_000;
/** Rounds of run-and-look one pass makes while sweeps stay due (a backlog), before a pause. */
const MAX_ROUNDS = 5;

/**
 * Runs the sweeps (reconcile lost payment outcomes, expire unpaid sessions, ask about pending
 * refunds, charge due renewals, delete what is past its retention) when they are due. The
 * store answers "what is due next" in one statement (`nextDue`); the engine sleeps until
 * then, at most `sweepIntervalMs`, so an idle host asks that once a minute and nothing else
 * (issue 24.1). Every sweep is a conditional statement in the store (SKIP LOCKED claims), so
 * any number of host processes may run this against one database; timers do not keep the
 * process alive.
 */
export function createBackgroundWork(
  ctx: EngineContext,
  registerChannels: () => Promise<void>,
): BackgroundWork {
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  let sweepWakeAt = Number.POSITIVE_INFINITY;
  let deliveryTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  /** A change was announced during a pass: look again once it ends. */
  let lookAgain = false;
  let delivering: Promise<boolean> | null = null;
  /** A wake-up came during a delivery pass: what it announced may have missed its claims. */
  let deliverAgain = false;
  let unwatch: (() => Promise<void>) | null = null;
  /** Not started, or stopped: no timers are armed. */
  let stopped = true;
  /** `stop()` was called: a running pass ends after its current sweep. */
  let stopping = false;
  /** Sweeps that last ran without progress, and which rows that concerns. */
  const stuck: Partial<Record<Sweep, Stuck>> = {};
  /** When retention runs next (process time): at once, then by what it found. */
  let pruneAt = 0;
  const scope: ScheduleScope = {
    renewsOnEngine: ctx.provider.renews === 'engine',
    refunds: typeof ctx.provider.refund === 'function',
    sweepIntervalMs: ctx.sweepIntervalMs,
  };

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

  /** Delivers what is due; resolves with whether anything was attempted. */
  const deliverOnce = (): Promise<boolean> => {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      let attempted = false;
      try {
        await registerChannels();
        do {
          deliverAgain = false;
          const report = await deliverEvents({ ...ctx, stopping: () => stopping });
          attempted ||= report.delivered + report.retrying + report.failed > 0;
          wakeForRetry(report.nextRetryInMs);
        } while (deliverAgain && !stopped && !stopping);
      } catch (error) {
        ctx.logger.error('[plankit] event delivery pass failed', { error: describeError(error) });
      }
      return attempted;
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  };

  /** Arms the sweep timer for `inMs` from now, unless it is armed sooner already. */
  const wakeIn = (inMs: number) => {
    if (stopped) return;
    const at = Date.now() + inMs;
    if (sweepTimer && sweepWakeAt <= at) return;
    if (sweepTimer) clearTimeout(sweepTimer);
    sweepWakeAt = at;
    sweepTimer = setTimeout(() => {
      sweepTimer = null;
      sweepWakeAt = Number.POSITIVE_INFINITY;
      if (running) lookAgain = true;
      else void runDue();
    }, inMs);
    sweepTimer.unref?.();
  };

  /** Listens for committed events: they go out at once, and the schedule is looked at again. */
  async function watch(): Promise<void> {
    if (!ctx.store.watchEvents) return;
    try {
      const stop = await ctx.store.watchEvents(() => {
        void deliverOnce();
        soon();
      });
      if (stopped) {
        await stop();
        return;
      }
      unwatch = stop;
      // Announced events need no delivery timer: a missed announcement (a dropped
      // connection) is reported as a wake-up, and due retries are in the store's schedule.
      if (deliveryTimer) clearInterval(deliveryTimer);
      deliveryTimer = null;
    } catch (error) {
      ctx.logger.warn('[plankit] cannot listen for new events; delivering on the timer', {
        error: describeError(error),
      });
    }
  }

  /** Runs one sweep; resolves with whether it made progress. Failures are logged. */
  async function runSweep(sweep: Sweep): Promise<boolean> {
    switch (sweep) {
      case 'reconcile': {
        const r = await reconcilePayments(ctx);
        return r.completed + r.failed + r.waiting > 0;
      }
      case 'expire':
        return (await expireStaleSessions(ctx)) > 0;
      case 'refunds': {
        const r = await retryPendingRefunds(ctx);
        return r.settled + r.stillPending > 0;
      }
      case 'renewals': {
        const r = await runRenewals(ctx);
        if (r.unrecorded > 0) {
          // Each one was logged with its subscription; this says the pass was not clean.
          ctx.logger.warn('[plankit] renewal sweep: outcomes not recorded', { ...r });
        }
        return r.renewed + r.retrying + r.canceled > 0;
      }
      case 'prune': {
        const pruned = await ctx.fromStore('prune', {}, () => prunePass(ctx.store, ctx));
        const removed = Object.values(pruned).some((count) => count > 0);
        if (removed)
          ctx.logger.info('[plankit] retention: deleted what is past its retention', pruned);
        return removed;
      }
      case 'deliveries':
        return deliverOnce();
    }
  }

  /** Runs the sweeps; `storeAt` is the store's time of the look that found them due. */
  async function runSweeps(sweeps: readonly Sweep[], storeAt: number): Promise<void> {
    for (const sweep of sweeps) {
      if (stopping && sweep !== 'deliveries') break;
      let progress = false;
      try {
        progress = await runSweep(sweep);
      } catch (error) {
        ctx.logger.error('[plankit] background sweep failed', {
          sweep,
          error: describeError(error),
        });
      }
      const restMs = ctx.sweepIntervalMs;
      if (sweep === 'prune') pruneAt = Date.now() + (progress ? restMs : PRUNE_IDLE_MS);
      else if (progress) delete stuck[sweep];
      else stuck[sweep] = { storeAt, until: Date.now() + restMs };
    }
    // What the sweeps committed goes out now rather than at the next look.
    if (!sweeps.includes('deliveries')) void deliverOnce();
  }

  /** Asks the store what is due (or, for a store that cannot say, treats all as due). */
  async function lookAhead() {
    await registerChannels();
    const due = ctx.store.nextDue
      ? await ctx.fromStore('nextDue', {}, () =>
          // biome-ignore lint/style/noNonNullAssertion: checked on the line above
          ctx.store.nextDue!({
            channels: servedChannels(ctx),
            pendingRefundAfterMs: PENDING_REFUND_RETRY_MS,
          }),
        )
      : alwaysDue(await ctx.clock.sync());
    // Follows the test clock when another process (`plankit advance`) moved it.
    ctx.clock.observe(due.now);
    const storeNow = due.now.getTime();
    const plan = planSweeps(dueInMs(due, scope, pruneAt - Date.now()), storeNow, stuck, scope);
    return { storeNow, plan };
  }

  /**
   * One look: runs what is due (everything, at start), looks again while sweeps stay due
   * (a backlog, a sweep that made another due), then sleeps until the next due time.
   */
  async function lookAndRun(all: boolean): Promise<void> {
    let sleepMs = ctx.sweepIntervalMs;
    try {
      let look = await lookAhead();
      let due: readonly Sweep[] = all ? SWEEPS.filter((s) => s !== 'deliveries') : look.plan.run;
      for (let round = 0; due.length > 0 && !stopping && round < MAX_ROUNDS; round++) {
        await runSweeps(due, look.storeNow);
        look = await lookAhead();
        due = look.plan.run;
      }
      sleepMs = due.length > 0 ? RESCHEDULE_DELAY_MS : look.plan.sleepMs;
    } catch (error) {
      ctx.logger.error('[plankit] background sweep failed', { error: describeError(error) });
    }
    // A change announced during the pass may have missed its look.
    wakeIn(lookAgain ? RESCHEDULE_DELAY_MS : sleepMs);
    lookAgain = false;
  }

  const run = (all: boolean) => {
    // One pass at a time per process: a slow pass is not stacked on by the next look.
    running ??= lookAndRun(all).finally(() => {
      running = null;
    });
    return running;
  };
  const runDue = () => run(false);

  function soon(): void {
    if (stopped) return;
    if (running) lookAgain = true;
    else wakeIn(RESCHEDULE_DELAY_MS);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      deliveryTimer = setInterval(() => void deliverOnce(), ctx.deliveryIntervalMs);
      deliveryTimer.unref?.();
      void watch();
      void ctx
        .fromStore('setActiveProvider', {}, () => ctx.store.setActiveProvider(ctx.provider.id))
        .catch(() => {})
        .then(() => run(true));
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (sweepTimer) clearTimeout(sweepTimer);
      if (deliveryTimer) clearInterval(deliveryTimer);
      if (retryTimer) clearTimeout(retryTimer);
      sweepTimer = null;
      sweepWakeAt = Number.POSITIVE_INFINITY;
      deliveryTimer = null;
      retryTimer = null;
      const stopWatching = unwatch;
      unwatch = null;
      await stopWatching?.();
      await running;
      await delivering;
    },
    runOnce: () => run(true),
    soon,
  };
}
