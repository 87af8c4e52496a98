// lib/checkout.ts: configuration, read by the pages and the Server Actions.
import 'server-only';
import { createCheckoutRoutes, parseCatalog, type RequestContext } from '@plankit/checkout';
import {
  type CheckoutEngine,
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
  type TestPaymentProvider,
} from '@plankit/checkout/server';
import { cookies, headers } from 'next/headers';

export const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [
    {
      id: 'pro',
      name: 'Pro',
      features: ['Unlimited projects', 'Priority support'],
      prices: { monthly: { EUR: 2400 }, yearly: { EUR: 24000 } },
      trialDays: 14,
    },
    { id: 'team', name: 'Team', prices: { monthly: { EUR: 1500 } }, seats: { min: 2, max: 50 } },
  ],
  countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
});

export const routes = createCheckoutRoutes({ checkoutPath: 'checkout' });

type Opened = Promise<{ engine: CheckoutEngine; provider: TestPaymentProvider }>;
// On globalThis, not in a module variable: Next.js may load this module more than once in
// one process (pages and route handlers are bundled apart), and PGlite's folder admits
// one opener.
const holder = globalThis as { plankitCheckout?: Opened };

/** One engine per server process, opened on first use: PGlite in .data/, or DATABASE_URL. */
function open(): Opened {
  holder.plankitCheckout ??= openCheckoutStore({ databaseUrl: process.env.DATABASE_URL }).then(
    ({ store, client }) => {
      // The test processor keeps its payments in the same database and tells the engine
      // what happened on its own pages through the webhook route.
      const provider = createTestPaymentProvider({
        ledger: client,
        webhookUrl: routes.webhook('test'),
      });
      const engine = createCheckoutEngine({
        catalog,
        store,
        routes,
        provider,
        secret: process.env.PLANKIT_SECRET,
      });
      engine.start(); // its sweeps: lost payment outcomes, expired sessions, renewals
      return { engine, provider };
    },
  );
  return holder.plankitCheckout;
}

export const getEngine = async () => (await open()).engine;
export const getTestProvider = async () => (await open()).provider;

/** Who is asking. A visitor cookie, set on the first submit, keeps each receipt private. */
export async function requestContext(
  options: { mintVisitor?: boolean } = {},
): Promise<RequestContext> {
  const [jar, headerList] = await Promise.all([cookies(), headers()]);
  let visitorToken = jar.get('plankit_visitor')?.value ?? null;
  if (!visitorToken && options.mintVisitor) {
    visitorToken = crypto.randomUUID();
    jar.set('plankit_visitor', visitorToken, { httpOnly: true, sameSite: 'lax', path: '/' });
  }
  const clientAddress = headerList.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null;
  return { clientAddress, visitorToken };
}
