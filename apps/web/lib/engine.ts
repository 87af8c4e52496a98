import 'server-only';
import {
  type CheckoutEngine,
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
} from '@plankit/checkout/server';
import { catalog } from './catalog';
import { config } from './config';
import { routes } from './routes';

// One engine per server process, created on first use (not at build time). Kept on
// globalThis so dev-mode module reloads do not open a second PGlite on the same folder.
const holder = globalThis as typeof globalThis & { __plankitEngine?: Promise<CheckoutEngine> };

async function openEngine(): Promise<CheckoutEngine> {
  const { store, client } = await openCheckoutStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  // The test provider keeps its payments in the same database, so several host
  // processes sharing one Postgres still never charge twice for one key.
  const provider = createTestPaymentProvider({ ledger: client });
  const engine = createCheckoutEngine({
    catalog,
    store,
    provider,
    routes,
    merchantName: config.merchantName,
    secret: config.secret,
  });
  // Settle payments whose outcome nobody recorded (a lost provider answer, a request
  // that died), then mark sessions past their expiry. Every process may run this: each
  // step is a conditional update in SQL.
  const sweep = setInterval(() => {
    engine
      .reconcilePayments()
      .then(() => engine.expireStaleSessions())
      .catch((error: unknown) => {
        console.error('[plankit] the checkout sweep failed', error);
      });
  }, SWEEP_MS);
  sweep.unref();
  return engine;
}

const SWEEP_MS = 60 * 1000;

/** The process's checkout engine. */
export function getEngine(): Promise<CheckoutEngine> {
  holder.__plankitEngine ??= openEngine().catch((error: unknown) => {
    holder.__plankitEngine = undefined; // Let the next request try again.
    throw error;
  });
  return holder.__plankitEngine;
}
