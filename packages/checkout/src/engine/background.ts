import { describeError } from './describeError.js';
import type { EngineContext } from './engineContext.js';
import { runRenewals } from './renewals.js';
import { expireStaleSessions, reconcilePayments } from './sweeps.js';

/** The engine's own background work: the sweeps, on a timer. */
export interface BackgroundWork {
  /** Starts the timer (again); the first pass runs at once. Idempotent. */
  start(): void;
  /** Stops the timer and waits for a pass that is running. */
  stop(): Promise<void>;
  /** Runs one pass now: clock, reconcile, expire, renew. Never throws; failures are logged. */
  runOnce(): Promise<void>;
}

/**
 * Runs the sweeps (reconcile lost payment outcomes, expire unpaid sessions, charge due
 * renewals) every `sweepIntervalMs`, after recording which provider the store is used with
 * (the test clock checks it). Every step is a conditional statement in the
 * store (stale attempts are taken with SKIP LOCKED), so any number of host processes may
 * run this at once against one database; the timer does not keep the process alive.
 */
export function createBackgroundWork(ctx: EngineContext): BackgroundWork {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    try {
      // Follows the test clock when another process (`plankit advance`) moved it.
      await ctx.clock.sync();
      await reconcilePayments(ctx);
      await expireStaleSessions(ctx);
      await runRenewals(ctx);
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
      timer = setInterval(() => void runOnce(), ctx.sweepIntervalMs);
      timer.unref?.();
      void ctx
        .fromStore('setActiveProvider', {}, () => ctx.store.setActiveProvider(ctx.provider.id))
        .catch(() => {})
        .then(runOnce);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
