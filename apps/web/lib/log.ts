import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

// The host's log (issue 24, item 4): JSON lines on stdout (pino), one per entry, with its
// level, message (`msg`), time, and the request it belongs to (`requestId`, set by the
// proxy) when there is one; the engine's own entries carry the session id in their details.
// No entry may hold a buyer's email, name or card digits: the engine logs ids only, errors
// pass through `describeError` (card numbers, emails and control characters written out),
// and e2e/observability.spec.ts searches every line of a purchase for them.

/** The request a log entry is written for: what `x-plankit-request-id` names. */
interface RequestScope {
  requestId: string;
}

// On globalThis, like the logger below: the proxy, the pages and the Server Actions are
// bundled apart (each with its own copy of this module) but run in one process, and the
// scope a Server Action opens must be the one the logger reads.
const shared = globalThis as typeof globalThis & {
  __plankitLogScope?: AsyncLocalStorage<RequestScope>;
};
shared.__plankitLogScope ??= new AsyncLocalStorage<RequestScope>();
const scope: AsyncLocalStorage<RequestScope> = shared.__plankitLogScope;

/** The header through which the proxy names each request for the logs (never the client's). */
export const REQUEST_ID_HEADER = 'x-plankit-request-id';

/** Runs `work` with the request's id on every entry it logs. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? scope.run({ requestId }, work) : work();
}

const holder = globalThis as typeof globalThis & { __plankitLog?: pino.Logger };

holder.__plankitLog ??= pino({
  level: process.env.PLANKIT_LOG_LEVEL?.trim() || 'info',
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => {
    const current = scope.getStore();
    return current ? { requestId: current.requestId } : {};
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
