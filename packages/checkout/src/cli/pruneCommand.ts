import { parseArgs } from 'node:util';
import {
  countDue,
  DEFAULT_RETENTION_DAYS,
  pruneBatches,
  type RetentionDays,
} from '../engine/retention.js';
import type { PruneReport } from '../store/types.js';
import { type CliIo, UsageError } from './cliIo.js';
import { describeStore, openCliStore } from './openCliStore.js';

export const PRUNE_USAGE = `plankit prune [--dry-run]

Deletes what is past its retention, as the app's sweeps do a few batches at a time: events
with nothing left to deliver (with their deliveries and attempts) and the provider's webhook
ids older than PLANKIT_EVENT_RETENTION_DAYS, checkouts that ended without an order (expired,
canceled) and the card-testing throttles' records older than PLANKIT_SESSION_RETENTION_DAYS
(both 30 days by default, on the store's clock). Orders, subscriptions and completed
checkouts are never deleted. Prints how many of each kind went; with --dry-run, how many
would go, and deletes nothing. Uses the store the app uses (DATABASE_URL, else
PLANKIT_DATA_DIR); stop the app first when it is PGlite.`;

/** Reads `--dry-run`. */
export function parsePruneArgs(args: string[]): { dryRun: boolean } {
  const { values } = parseArgs({
    args,
    options: { 'dry-run': { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  return { dryRun: values['dry-run'] === true };
}

/** A whole number of days ≥ 1 from the environment, as the app reads it; unset: 30. */
function readDays(io: CliIo, name: string): number {
  const raw = io.env[name]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_RETENTION_DAYS;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) {
    throw new UsageError(
      `${name} must be a whole number of days, 1 or more, not ${JSON.stringify(raw)}.`,
    );
  }
  return Number(raw);
}

/** The retention the app runs with, from the same variables. */
export function retentionDaysOf(io: CliIo): RetentionDays {
  return {
    eventRetentionDays: readDays(io, 'PLANKIT_EVENT_RETENTION_DAYS'),
    sessionRetentionDays: readDays(io, 'PLANKIT_SESSION_RETENTION_DAYS'),
  };
}

function describeReport(report: PruneReport): string[] {
  return [
    `  events                 ${report.events} (deliveries ${report.deliveries}, attempts ${report.attempts})`,
    `  checkout sessions      ${report.sessions}`,
    `  throttle records       ${report.failures}`,
    `  provider webhook ids   ${report.providerEvents}`,
  ];
}

/** `plankit prune [--dry-run]`: retention on the host's store, all at once. */
export async function pruneCommand(args: string[], io: CliIo): Promise<number> {
  const { dryRun } = parsePruneArgs(args);
  const days = retentionDaysOf(io);
  const { store } = await openCliStore(io);
  try {
    const kept =
      `events ${days.eventRetentionDays} days, ` +
      `unpaid checkouts ${days.sessionRetentionDays} days`;
    if (dryRun) {
      const due = await countDue(store, days);
      io.stdout(`Would delete from ${describeStore(io)} (kept: ${kept}):`);
      for (const line of describeReport(due)) io.stdout(line);
      io.stdout('Dry run: nothing was deleted.');
    } else {
      const removed = await pruneBatches(store, days);
      io.stdout(`Deleted from ${describeStore(io)} (kept: ${kept}):`);
      for (const line of describeReport(removed)) io.stdout(line);
    }
    return 0;
  } finally {
    await store.close();
  }
}
