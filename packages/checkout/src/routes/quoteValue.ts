/** Quotes a bad value for an error message: truncated and escaped, so it cannot flood a log. */
export function quoteValue(value: unknown): string {
  if (typeof value !== 'string') return `(${value === null ? 'null' : typeof value})`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
