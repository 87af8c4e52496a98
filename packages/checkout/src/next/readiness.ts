import { stripeConfigFromEnv } from '../providers/stripe/stripeConfig.js';
import { pendingStoreMigrations } from './engineHolder.js';
import type { PlankitRuntime } from './runtime.js';
import { probeWithin } from './storeHealth.js';

/**
 * What `/api/ready` checks, for load balancers and orchestrators (issue 24, item 4): the
 * store answers, this build's migrations are applied to it, and a payment provider is
 * configured. Everything is read when asked, never at build time.
 */

/** One check's answer: `unknown` when a check it depends on failed. */
export type ReadinessCheck =
  | { status: 'ok'; [detail: string]: unknown }
  | { status: 'failing'; code: string; message: string; [detail: string]: unknown }
  | { status: 'unknown'; message: string };

/** The JSON body of `/api/ready`. */
export interface Readiness {
  /** `ready` when every check is ok. */
  status: 'ready' | 'not_ready';
  /** The checks that are not ok, by name. */
  notReady: string[];
  /** Each check's answer. */
  checks: { store: ReadinessCheck; migrations: ReadinessCheck; provider: ReadinessCheck };
}

/** Seconds an orchestrator should wait before asking again after a 503. */
export const READY_RETRY_AFTER_SECONDS = 5;

/**
 * Longest the store check may take: below the usual readiness probe timeouts' sum, above
 * the PostgreSQL client's connect timeout (3 s by default), so a server that does not answer
 * shows as `store_unavailable` with the client's own reason when it can.
 */
const STORE_DEADLINE_MS = 4_000;

// The reason (a folder, a server's address) goes to the log, not to whoever asks: once per
// change, since an orchestrator asks every few seconds.
const logged = globalThis as typeof globalThis & { __plankitReadinessLogged?: string | null };

/** The checks, run now. */
export async function readiness(runtime: PlankitRuntime): Promise<Readiness> {
  const provider = providerCheck(runtime);
  let pending: number[] = [];
  const store = await probeWithin(async () => {
    pending = await pendingStoreMigrations(runtime);
  }, STORE_DEADLINE_MS);
  const checks: Readiness['checks'] = {
    store: store.ok
      ? { status: 'ok' }
      : {
          status: 'failing',
          code: store.code,
          message: 'The checkout store cannot be opened or does not answer.',
        },
    migrations: !store.ok
      ? { status: 'unknown', message: 'Not checked: the store is not ready.' }
      : pending.length > 0
        ? {
            status: 'failing',
            code: 'migrations_pending',
            message: 'The store lacks migrations this build needs.',
            pending,
          }
        : { status: 'ok' },
    provider,
  };
  const notReady = Object.entries(checks)
    .filter(([, check]) => check.status !== 'ok')
    .map(([name]) => name);
  if (!store.ok) {
    const key = `${store.code}:${store.reason}`;
    if (logged.__plankitReadinessLogged !== key) {
      logged.__plankitReadinessLogged = key;
      runtime.logger.warn(`[plankit] /api/ready: the checkout store is not ready (${store.code})`, {
        code: store.code,
        reason: store.reason,
      });
    }
  } else {
    logged.__plankitReadinessLogged = null;
  }
  return { status: notReady.length === 0 ? 'ready' : 'not_ready', notReady, checks };
}

/**
 * The provider the engine is given. Its settings are read again here (they name variables,
 * never their values), so a configuration the engine refuses is this check's answer.
 */
function providerCheck(runtime: PlankitRuntime): ReadinessCheck {
  try {
    if (typeof runtime.options.provider === 'function') return { status: 'ok', provider: 'custom' };
    const settings = runtime.settings();
    const stripe =
      settings.provider === 'stripe'
        ? stripeConfigFromEnv(runtime.options.env ?? process.env)
        : null;
    return stripe
      ? { status: 'ok', provider: 'stripe', mode: stripe.testMode ? 'test' : 'live' }
      : { status: 'ok', provider: 'test' };
  } catch (error) {
    return {
      status: 'failing',
      code: (error as { code?: string }).code ?? 'invalid_configuration',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
