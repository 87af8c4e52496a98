/**
 * Runs once when a server process starts: begins opening the store (PGlite takes a few
 * seconds to boot and migrate) so that it is ready before the first visitor pays, without
 * holding back the pages that do not need it (the plan list, the prerendered plan steps).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file in its prerender workers too; they need no store.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { getEngine } = await import('./lib/engine');
  // Not awaited: Next.js waits for register() before it serves anything. A failure is
  // logged here; pages that need the store get the proxy's 503 page (proxy.ts), and the
  // next such request tries to open it again.
  getEngine().catch((error: unknown) => {
    console.error('[plankit] could not open the checkout store at start-up', error);
  });
}
