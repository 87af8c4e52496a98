import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { closeEngine, openEngineAtStart } from './engineHolder.js';
import type { PlankitRuntime } from './runtime.js';
import { drainOnSigterm } from './shutdown.js';
import { renderStaticPages } from './staticPages.js';

/** What `register()` may be given: more to close when the process is asked to stop. */
export interface PlankitStartOptions {
  /** Runs after the store closed on SIGTERM (e.g. an OpenTelemetry SDK's `shutdown`). */
  closeTelemetry?: () => Promise<void>;
}

/**
 * Runs once when a server process starts (`instrumentation.ts`): checks the settings, installs
 * the SIGTERM drain (shutdown.ts), then opens the store and renders the language tree's cached
 * pages without holding back start-up.
 */
export async function startPlankit(
  runtime: PlankitRuntime,
  options: PlankitStartOptions = {},
): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads instrumentation in its workers too; they need none of this.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Settings that are not valid (some Stripe keys but not all…) stop the server before it
  // serves, naming every problem (Next.js would log a failed hook and go on serving errors).
  try {
    runtime.settings();
  } catch (error) {
    runtime.logger.error('[plankit] the server does not start: its configuration is not valid', {
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    process.exit(1);
  }
  // A page cache on disk can only be another build's or another configuration's (pages are
  // kept in memory, `isrFlushToDisk: false`): never serve it.
  await rm(join(process.cwd(), '.next/server/route-cache'), { recursive: true, force: true });
  // SIGTERM drains: requests in flight finish, the engine hands back its claims, the store
  // closes, what telemetry still batches goes out; then the process exits. Not under
  // `next dev`, whose own handler also stops its file watchers and child process.
  if (process.env.NODE_ENV === 'production') {
    drainOnSigterm({
      closeEngine,
      closeTelemetry: options.closeTelemetry,
      logger: runtime.logger,
    });
  } else if (options.closeTelemetry) {
    const { closeTelemetry } = options;
    process.once('SIGTERM', () => void closeTelemetry());
  }
  // Not awaited: Next.js waits for register() before it serves anything. A store that is
  // locked or unreachable is tried again until it opens; meanwhile pages that need it get
  // the proxy's 503.
  openEngineAtStart(runtime).catch((error: unknown) => {
    runtime.logger.error('[plankit] could not open the checkout store at start-up', {
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  });
  if (runtime.options.languageTree && process.env.NODE_ENV === 'production') {
    void renderStaticPages(runtime);
  }
}
