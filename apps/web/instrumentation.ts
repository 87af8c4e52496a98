/**
 * Runs once when a server process starts: begins opening the store (PGlite takes a few
 * seconds to boot and migrate) so that it is ready before the first visitor pays, and its
 * background work runs without a visitor, without holding back the pages that do not need
 * it (the plan list, the prerendered plan steps).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file in its prerender workers too; they need no store.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { openEngineAtStart } = await import('./lib/engine');
  // Not awaited: Next.js waits for register() before it serves anything. A store that is
  // locked or unreachable is tried again until it opens, so the background work starts
  // with no visitor; meanwhile pages that need the store get the proxy's 503 page
  // (proxy.ts). Any other failure is logged here, and the next request tries again.
  openEngineAtStart().catch((error: unknown) => {
    console.error('[plankit] could not open the checkout store at start-up', error);
  });
}
