// Small helpers shared by the benches: percentiles, formatting, tables.

/** Nearest-rank percentile of an unsorted array (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summary(values) {
  return {
    n: values.length,
    mean: values.reduce((sum, v) => sum + v, 0) / values.length,
    median: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 1 ? 3 : 2) : '—');

export const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : '—');

export const ratio = (a, b) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : '—');

/** Prints rows (arrays of strings) as an aligned plain-text table. */
export function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of all.slice(1)) console.log(line(row));
}

/** Reads `--name value` / `--name=value` / `--flag` from argv. */
export function args(argv = process.argv.slice(2)) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) out[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[name] = argv[++i];
    else out[name] = true;
  }
  return out;
}
