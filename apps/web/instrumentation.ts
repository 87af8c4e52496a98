/**
 * Runs once when a server process starts: registers the OpenTelemetry SDK when configured
 * (lib/telemetry.ts), then the adapter's start-up (lib/plankit.ts): a configuration that is
 * not valid stops the server naming every problem; the store opens (PGlite takes a few
 * seconds to boot and migrate) so that background work runs without a visitor; and the
 * pages that are the same for every visitor are rendered with this process's
 * configuration. Neither holds back start-up.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file in its workers too; they need no store and render nothing.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // The engine's spans and metrics go to the registered SDK from its first call; what is
  // still batched goes out when the process is asked to stop, after the adapter's SIGTERM
  // drain has finished the requests in flight and closed the store.
  const { registerTelemetry } = await import('./lib/telemetry');
  const telemetry = registerTelemetry();
  const { plankit } = await import('./lib/plankit');
  await plankit.register(telemetry ? { closeTelemetry: () => telemetry.shutdown() } : {});
}
