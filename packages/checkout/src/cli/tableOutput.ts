// How the list commands print rows: aligned columns for a person, or CSV (RFC 4180, through
// csv-stringify) for a spreadsheet or an accounting import.

import { stringify } from 'csv-stringify/sync';
import { minorUnitDigits } from '../pricing/formatMoney.js';
import { UsageError } from './cliIo.js';

export type OutputFormat = 'table' | 'csv';

/** `--format`: `table` (the default) or `csv`. */
export function readFormat(value: string | undefined): OutputFormat {
  if (value === undefined || value === 'table') return 'table';
  if (value === 'csv') return 'csv';
  throw new UsageError(`--format must be table or csv, not "${value}".`);
}

/**
 * An amount in the currency's major unit with all of its digits and no symbol (`28.56`,
 * `1000` for JPY, `1.234` for KWD), so a spreadsheet reads it as a number.
 */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An instant as UTC, to the second (`2026-11-26 14:03:09`). */
export const utcTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** The rows under their header, as lines: CSV, or columns padded to their widest cell. */
export function renderRows(
  format: OutputFormat,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  if (format === 'csv') {
    return stringify([header, ...rows], { record_delimiter: 'unix' })
      .trimEnd()
      .split('\n');
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
