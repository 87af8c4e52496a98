import { parseArgs } from 'node:util';
import { runTestClock } from '../engine/runTestClock.js';
import { createTestPaymentProvider } from '../providers/test/testPaymentProvider.js';
import { type CliIo, UsageError } from './cliIo.js';
import { describeStore, openCliStore } from './openCliStore.js';

export const ADVANCE_USAGE = `plankit advance --to <date>

Moves the test clock of the store forward to <date> (ISO 8601: 2027-01-31 or
2027-01-31T09:00:00Z) and runs every renewal, retry and expiry due by then. Test mode
only: refused unless the store's engine runs the test provider. Uses the store the app
uses (DATABASE_URL, else PLANKIT_DATA_DIR); stop the app first when it is PGlite.`;

/** A date or date-time in ISO 8601 with a zone (a date alone is midnight UTC). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Reads `--to`; a date that is not ISO 8601 or does not exist is a usage error. */
export function parseAdvanceArgs(args: string[]): { to: Date } {
  const { values } = parseArgs({
    args,
    options: { to: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.to === undefined) throw new UsageError('Say where to move the clock: --to <date>.');
  const to = new Date(values.to);
  // `new Date` rolls 2027-02-30 over to March; reading the day back catches it.
  if (
    !ISO_DATE.test(values.to) ||
    Number.isNaN(to.getTime()) ||
    to.toISOString().slice(0, 10) !== values.to.slice(0, 10)
  ) {
    throw new UsageError(
      `--to ${JSON.stringify(values.to)} is not a date in ISO 8601 (2027-01-31 or 2027-01-31T09:00:00Z).`,
    );
  }
  return { to };
}

/** `plankit advance --to <date>`: the test clock on the host's store. */
export async function advanceCommand(args: string[], io: CliIo): Promise<number> {
  const { to } = parseAdvanceArgs(args);
  const { store, client } = await openCliStore(io);
  try {
    const provider = createTestPaymentProvider({ ledger: client });
    const report = await runTestClock({
      store,
      provider,
      to,
      logger: { error: io.log, warn: io.log, info: () => {} },
    });
    io.stdout(`Test clock of ${describeStore(io)} is now ${report.now.toISOString()}.`);
    io.stdout(
      `Renewed ${report.renewed}, retrying ${report.retrying}, canceled ${report.canceled}, ` +
        `checkouts expired ${report.expired}.`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
