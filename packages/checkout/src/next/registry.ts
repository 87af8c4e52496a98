import type { PlankitRuntime } from './runtime.js';

// The Server Actions are module-level functions (Next.js finds them by their module), so
// they reach the host's configuration through this process-wide holder, which
// `createPlankit` fills when the host's module loads (every page that shows an action's
// form imports it first). On globalThis: the host's module and the actions are bundled
// apart, once per route, but run in one process.

const holder = globalThis as typeof globalThis & { __plankitRuntime?: PlankitRuntime };

/** Makes `runtime` the one the Server Actions use. */
export function registerRuntime(runtime: PlankitRuntime): void {
  holder.__plankitRuntime = runtime;
}

/** The runtime `createPlankit` registered; a clear error when the host made none. */
export function registeredRuntime(): PlankitRuntime {
  const runtime = holder.__plankitRuntime;
  if (!runtime) {
    throw new Error(
      '[plankit] no createPlankit() configuration is loaded in this process: import the module that calls it (e.g. `@/plankit`) from the page that shows the form.',
    );
  }
  return runtime;
}
