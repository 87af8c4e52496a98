/**
 * Whether the checkout store answers, asked by the proxy before a page that needs it is
 * rendered: a store that is locked by another process or a database that does not answer
 * then gets a 503 page with `Retry-After` in seconds, instead of a request that hangs or
 * a 500. The engine module registers the probe on `globalThis` when it loads (the proxy
 * and the pages are bundled apart but run in one process, and the proxy must not bundle
 * the database drivers).
 */
type StoreProbe = () => Promise<void>;

const holder = globalThis as typeof globalThis & { __plankitStoreProbe?: StoreProbe };

/** Called by `lib/engine.ts`: how to check the store. */
export function registerStoreProbe(probe: StoreProbe): void {
  holder.__plankitStoreProbe = probe;
}

/** What the proxy learns from a probe. */
export type StoreHealth = { ok: true } | { ok: false; code: string; reason: string };

/** Longest a probe may take; each driver's own timeouts are shorter (see the README). */
const PROBE_DEADLINE_MS = 10_000;

/**
 * Probes the store within {@link PROBE_DEADLINE_MS}. Without a registered probe (the
 * engine module has not loaded yet) the store counts as healthy: the page opens it itself.
 */
export async function checkStore(): Promise<StoreHealth> {
  const probe = holder.__plankitStoreProbe;
  if (!probe) return { ok: true };
  return probeWithin(probe, PROBE_DEADLINE_MS);
}

/**
 * Runs `probe` and tells what came of it within `deadlineMs`: a typed store error's code
 * (`store_locked`, `store_unavailable`…), `store_unavailable` past the deadline.
 */
export async function probeWithin(
  probe: () => Promise<unknown>,
  deadlineMs: number,
): Promise<StoreHealth> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error('the store did not answer in time'), {
            code: 'store_unavailable',
          }),
        ),
      deadlineMs,
    );
  });
  try {
    await Promise.race([probe(), deadline]);
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      code: typeof code === 'string' ? code : 'store_unavailable',
      reason: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
