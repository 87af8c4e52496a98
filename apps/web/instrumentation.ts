/**
 * Runs once when a server process starts: opens the store (PGlite takes a few seconds to
 * boot and migrate) before the first visitor pays, instead of during their checkout.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file in its prerender workers too; they need no store.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { getEngine } = await import('./lib/engine');
  try {
    await getEngine();
  } catch (error) {
    // Start anyway: pages that need the store show the error page with a digest, and
    // the next request tries to open it again.
    console.error('[plankit] could not open the checkout store at start-up', error);
  }
}
