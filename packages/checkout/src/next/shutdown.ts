import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import type { EngineLogger } from '../server.js';

// SIGTERM drains the host (issue 24.5): an orchestrator restarting it loses no request and no
// webhook. Next.js's own handler (`next start`) closes the HTTP server and exits once every
// connection is gone, but Node's `server.close()` leaves open each keep-alive connection that
// was busy when it was called, and a client (a load balancer, a browser) that keeps sending on
// it keeps it open: under load the host did not exit until it was killed (why the renewal
// e2e test waited for it). It also closed the listener at once, resetting connections not yet
// accepted, and exited without stopping the engine, so deliveries it had claimed waited out
// their claim. This handler replaces it.

/** Everything must be done by then: orchestrators kill after a grace period (Kubernetes: 30 s). */
const DRAIN_DEADLINE_MS = 9_000;
/** Requests still running this long after SIGTERM are cut, so the store closes in time. */
const REQUESTS_DEADLINE_MS = 7_000;
/** After the listener closed: how long a request on a connection made just before has to arrive. */
const CLOSE_GRACE_MS = 250;

/** What shutting down closes after the requests: the engine and store, the telemetry. */
export interface ShutdownParts {
  closeEngine(): Promise<void>;
  closeTelemetry?: (() => Promise<void>) | undefined;
  logger: EngineLogger;
}

/** The HTTP servers of this process (Next.js does not hand its server to the app). */
function httpServers(): Server[] {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((handle): handle is Server => handle instanceof Server);
}

/** Counts the requests running on the servers, from the moment it is installed. */
function countRequests(servers: Server[]) {
  let running = 0;
  let onIdle: (() => void) | null = null;
  for (const server of servers) {
    server.prependListener('request', (_request, response: ServerResponse) => {
      running++;
      response.once('close', () => {
        running--;
        if (running === 0) onIdle?.();
      });
    });
  }
  return {
    /** Resolves once no request is running (at once if none is). */
    idle: () =>
      new Promise<void>((resolve) => {
        if (running === 0) resolve();
        else onIdle = resolve;
      }),
  };
}

/**
 * Stops taking checkouts: a request that arrives from now on is answered 503 with
 * `Retry-After` and `Connection: close` without running (a load balancer sends it to another
 * host: it provably did nothing here), while the requests already running finish. Once they
 * have, the server stops listening and closes its connections. Resolves with whether they
 * all finished before the deadline (else they were cut).
 */
async function drainRequests(
  servers: Server[],
  requests: ReturnType<typeof countRequests>,
): Promise<boolean> {
  for (const server of servers) {
    server.removeAllListeners('request');
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
      response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' });
      response.end('This server is restarting: try again.');
    });
  }
  const finished = await Promise.race([
    requests.idle().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), REQUESTS_DEADLINE_MS)),
  ]);
  // Stop listening, then give a request on a connection made just before a moment to be
  // answered (503) before every connection is closed.
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          setTimeout(() => {
            server.closeAllConnections();
            resolve();
          }, CLOSE_GRACE_MS);
        }),
    ),
  );
  return finished;
}

/**
 * Installs the host's SIGTERM handler in place of Next.js's: stop accepting connections,
 * finish the requests in flight (answers close their connections), stop the engine (its
 * running sweep finishes, unsent delivery claims go back to the store for other hosts),
 * close the store and flush telemetry, then exit, all within {@link DRAIN_DEADLINE_MS}.
 */
export function drainOnSigterm(parts: ShutdownParts): void {
  const servers = httpServers();
  const requests = countRequests(servers);
  for (const listener of process.listeners('SIGTERM')) process.removeListener('SIGTERM', listener);
  process.once('SIGTERM', () => {
    const started = Date.now();
    const { logger } = parts;
    logger.info(
      '[plankit] SIGTERM: draining (new requests answered 503; finishing requests in flight)',
      { servers: servers.length },
    );
    const force = setTimeout(() => {
      logger.warn('[plankit] SIGTERM: drain did not finish in time; exiting', {});
      process.exit(1);
    }, DRAIN_DEADLINE_MS);
    void (async () => {
      const drained = await drainRequests(servers, requests);
      await parts.closeEngine().catch((error: unknown) => {
        logger.error('[plankit] SIGTERM: closing the engine failed', { error: String(error) });
      });
      await parts.closeTelemetry?.().catch(() => {});
      logger.info('[plankit] SIGTERM: drained; store closed', {
        ms: Date.now() - started,
        requestsFinished: drained,
      });
      clearTimeout(force);
      process.exit(0);
    })();
  });
}
