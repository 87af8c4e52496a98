import { AsyncLocalStorage } from 'node:async_hooks';

// The request a log entry is written for (issue 24, item 4): the proxy names each request
// (`x-plankit-request-id`, never the client's own value), and the pages, Server Actions and
// route handlers run the engine's work inside that name, so every entry it logs carries it.
// On globalThis: the proxy, the pages and the Server Actions are bundled apart (each with its
// own copy of this module) but run in one process, and the scope one opens must be the one
// the logger reads.

interface RequestScope {
  requestId: string;
}

const shared = globalThis as typeof globalThis & {
  __plankitLogScope?: AsyncLocalStorage<RequestScope>;
};
shared.__plankitLogScope ??= new AsyncLocalStorage<RequestScope>();
const scope: AsyncLocalStorage<RequestScope> = shared.__plankitLogScope;

/** The header through which the proxy names each request for the logs. */
export const REQUEST_ID_HEADER = 'x-plankit-request-id';

/** Runs `work` with the request's id on every entry logged meanwhile. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? scope.run({ requestId }, work) : work();
}

/** The id of the request being handled, for a logger's fields; undefined outside one. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
