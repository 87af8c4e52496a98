// store.ts: where sessions, orders and subscriptions live.
import {
  type CheckoutStore,
  createPostgresClient,
  createSqlStore,
  openCheckoutStore,
} from '@plankit/checkout/server';

// Embedded PGlite in ./.data/plankit (one process), or PostgreSQL when DATABASE_URL is
// set (any number of processes). Migrates on open.
export const { store } = await openCheckoutStore({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: '.data/plankit',
});

// Or assemble it yourself, e.g. in a schema of your own:
export async function openBillingStore(connectionString: string): Promise<CheckoutStore> {
  const client = await createPostgresClient({ connectionString, max: 5 });
  const billing = createSqlStore(client, { schema: 'billing' });
  await billing.migrate();
  return billing;
}
