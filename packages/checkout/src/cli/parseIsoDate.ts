import { UsageError } from './cliIo.js';

/** A date or date-time in ISO 8601 with a zone (a date alone is midnight UTC). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Reads an option's ISO 8601 date; one that is not, or does not exist, is a usage error. */
export function parseIsoDate(option: string, value: string): Date {
  const date = new Date(value);
  // `new Date` rolls 2027-02-30 over to March; reading the day back catches it.
  if (
    !ISO_DATE.test(value) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value.slice(0, 10)
  ) {
    throw new UsageError(
      `${option} ${JSON.stringify(value)} is not a date in ISO 8601 (2027-01-31 or 2027-01-31T09:00:00Z).`,
    );
  }
  return date;
}
