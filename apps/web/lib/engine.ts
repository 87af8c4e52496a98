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
  // The engine's own background work: settling lost payment outcomes and expiring unpaid
  // sessions, every minute, safe in every process sharing the store.
  engine.start();
  return engine;
}

/** The process's checkout engine. */
export function getEngine(): Promise<CheckoutEngine> {
  holder.__plankitEngine ??= openEngine().catch((error: unknown) => {
    holder.__plankitEngine = undefined; // Let the next request try again.
    throw error;
  });
  return holder.__plankitEngine;
}
