/**
 * Runs once when a server process starts: begins opening the store (PGlite takes a few
 * seconds to boot and migrate) so that it is ready before the first visitor pays, and its
 * background work runs without a visitor; and renders the pages that are the same for every
 * visitor with this process's configuration (lib/staticPages.ts). Neither holds back
 * start-up.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file in its workers too; they need no store and render nothing.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // The configuration is read now: one that is not valid (some Stripe keys but not all,
  // STRIPE_JS_URL with live keys…) stops the server, naming every problem, before it serves.
  // (Next.js would log a failed hook and go on answering every request with an error.)
  try {
    await import('./lib/config');
  } catch (error) {
    const { log } = await import('./lib/log');
    log.error(
      { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      '[plankit] the server does not start: its configuration is not valid',
    );
    process.exit(1);
  }
  // Then: the engine's spans and metrics go to the registered SDK from its first call.
  const { registerTelemetry } = await import('./lib/telemetry');
  const telemetry = registerTelemetry();
  const { rm } = await import('node:fs/promises');
  const { join } = await import('node:path');
  // A page cache on disk can only be another build's or another configuration's (this
  // build keeps its pages in memory, next.config.ts `isrFlushToDisk: false`): never serve it.
  await rm(join(process.cwd(), '.next/server/route-cache'), { recursive: true, force: true });

  const { closeEngine, openEngineAtStart } = await import('./lib/engine');
  // SIGTERM drains: requests in flight finish, the engine hands back its claims, the store
  // closes, what telemetry still batches goes out; then the process exits (lib/shutdown.ts).
  // Not under `next dev`, whose own handler also stops its file watchers and child process.
  if (process.env.NODE_ENV === 'production') {
    const { drainOnSigterm } = await import('./lib/shutdown');
    drainOnSigterm({
      closeEngine,
      ...(telemetry ? { closeTelemetry: () => telemetry.shutdown() } : {}),
    });
  } else if (telemetry) {
    process.once('SIGTERM', () => void telemetry.shutdown());
  }
  // Not awaited: Next.js waits for register() before it serves anything. A store that is
  // locked or unreachable is tried again until it opens, so the background work starts
  // with no visitor; meanwhile pages that need the store get the proxy's 503 page
  // (proxy.ts). Any other failure is logged here, and the next request tries again.
  const { log } = await import('./lib/log');
  openEngineAtStart().catch((error: unknown) => {
    log.error(
      { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      '[plankit] could not open the checkout store at start-up',
    );
  });
  if (process.env.NODE_ENV === 'production') {
    const { renderStaticPages } = await import('./lib/staticPages');
    // Not awaited either: the requests it makes are served once register() has returned.
    void renderStaticPages();
  }
}
