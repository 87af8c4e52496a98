// server.ts: the server side, as a fetch handler (Node, Bun, Deno, Hono, Remix, …).
import { createCheckoutRoutes } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
} from '@plankit/checkout/server';
import { catalog } from '../catalog';

const { store, client } = await openCheckoutStore({ databaseUrl: process.env.DATABASE_URL });
const engine = createCheckoutEngine({
  catalog,
  store,
  routes: createCheckoutRoutes(), // redirects go to /checkout/finish?session=…
  provider: createTestPaymentProvider({ ledger: client }),
  secret: process.env.PLANKIT_SECRET,
});
engine.start(); // settles lost payment outcomes and expires unpaid sessions, every minute

/** POST /api/checkout: a plan-step form. GET /api/checkout?session=…: a finish view. */
export async function handleCheckout(request: Request): Promise<Response> {
  const context = { clientAddress: request.headers.get('x-forwarded-for') };
  if (request.method === 'POST') {
    return Response.json(await engine.submitPlanStep(await request.formData(), context));
  }
  const session = new URL(request.url).searchParams.get('session');
  return Response.json(await engine.getFinishView(session, context));
}
