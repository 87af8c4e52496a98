import { ConfigurationError, InvalidArgumentError } from '../errors/errors.js';
import type { WorkerContext } from './guards.js';
import { type RenewalReport, runRenewals } from './renewals.js';
import { expireStaleSessions } from './sweeps.js';

/** What {@link advanceTestClock} did. */
export interface TestClockReport extends RenewalReport {
  /** The store's time afterwards. */
  now: Date;
  /** Checkouts that expired. */
  expired: number;
}

/** Passes of renewals and expiry at most, so a bug can never loop for ever. */
const MAX_PASSES = 100;

/**
 * The test clock: moves the store's clock forward to `to` for every process sharing it, and
 * runs every renewal, retry and expiry due by then (repeatedly, since a renewal makes the
 * next period due). Refuses unless the test provider is the one in use: never against a
 * store whose engine takes real money.
 */
export async function advanceTestClock(ctx: WorkerContext, to: Date): Promise<TestClockReport> {
  const active = await ctx.store.activeProvider();
  if (ctx.provider.id !== 'test' || (active !== null && active !== 'test')) {
    throw new ConfigurationError('the test clock', [
      {
        path: 'provider',
        message: `runs only with the test provider; this store's engine uses "${active ?? ctx.provider.id}"`,
      },
    ]);
  }
  const now = await ctx.store.clock.now();
  if (!(to.getTime() > now.getTime())) {
    throw new InvalidArgumentError(
      `The test clock only moves forward: ${to.toISOString()} is not after ${now.toISOString()}.`,
    );
  }
  await ctx.store.clock.travel(to);
  const report: TestClockReport = {
    now: to,
    expired: 0,
    renewed: 0,
    retrying: 0,
    canceled: 0,
    skipped: 0,
    unrecorded: 0,
  };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const expired = await expireStaleSessions(ctx);
    const renewals = await runRenewals(ctx);
    report.expired += expired;
    report.renewed += renewals.renewed;
    report.retrying += renewals.retrying;
    report.canceled += renewals.canceled;
    report.skipped += renewals.skipped;
    report.unrecorded += renewals.unrecorded;
    if (expired + renewals.renewed + renewals.retrying + renewals.canceled === 0) break;
  }
  report.now = await ctx.store.clock.now();
  return report;
}
