import { currentRequestId } from '@plankit/checkout/next';
import pino from 'pino';

// The host's log (issue 24, item 4): JSON lines on stdout (pino), one per entry, with its
// level, message (`msg`), time, and the request it belongs to (`requestId`, set by the
// adapter's proxy and scoped by its pages, actions and handlers) when there is one; the
// engine's own entries carry the session id in their details.
// No entry may hold a buyer's email, name or card digits: the engine logs ids only, errors
// pass through `describeError` (card numbers, emails and control characters written out),
// and e2e/observability.spec.ts searches every line of a purchase for them.

const holder = globalThis as typeof globalThis & { __plankitLog?: pino.Logger };

holder.__plankitLog ??= pino({
  level: process.env.PLANKIT_LOG_LEVEL?.trim() || 'info',
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  // The request the entry is written for, as the adapter's proxy named it (its scope).
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
});

/** The process's logger. `PLANKIT_LOG_LEVEL` (default `info`) sets the least level written. */
export const log: pino.Logger = holder.__plankitLog;

/** Details as an object pino can merge into the entry. */
function fieldsOf(details: unknown): Record<string, unknown> {
  if (details === undefined) return {};
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    return details as Record<string, unknown>;
  }
  return { details: String(details) };
}

/**
 * The engine's logger (`EngineLogger`: `error`, `warn`, `info` with a message and details),
 * writing through {@link log}.
 */
export const engineLog = {
  error: (message: unknown, details?: unknown) => log.error(fieldsOf(details), String(message)),
  warn: (message: unknown, details?: unknown) => log.warn(fieldsOf(details), String(message)),
  info: (message: unknown, details?: unknown) => log.info(fieldsOf(details), String(message)),
};
