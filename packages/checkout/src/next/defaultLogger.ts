import type { EngineLogger } from '../server.js';
import { currentRequestId } from './requestScope.js';

/** Details as fields of a JSON entry. */
function fieldsOf(details: unknown): Record<string, unknown> {
  if (details === undefined) return {};
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    return details as Record<string, unknown>;
  }
  return { details: String(details) };
}

function entry(level: string, message: unknown, details: unknown): string {
  const requestId = currentRequestId();
  return JSON.stringify({
    level,
    time: new Date().toISOString(),
    msg: String(message),
    ...(requestId ? { requestId } : {}),
    ...fieldsOf(details),
  });
}

/**
 * The adapter's logger when the host gives none: one JSON line per entry on the console,
 * with the request's id (the engine logs ids only, never a buyer's data).
 */
export const defaultLogger: EngineLogger = {
  error: (message?: unknown, details?: unknown) => console.error(entry('error', message, details)),
  warn: (message?: unknown, details?: unknown) => console.warn(entry('warn', message, details)),
  info: (message?: unknown, details?: unknown) => console.info(entry('info', message, details)),
};
