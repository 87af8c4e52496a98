// server.ts: the server side, as a fetch handler (Node, Bun, Deno, Hono, Remix, …).
import { createCheckoutRoutes } from '@plankit/checkout';
import {
  createCheckoutEngine,
  createTestPaymentProvider,
  openCheckoutStore,
} from '@plankit/checkout/server';
import { catalog } from '../catalog';

const routes = createCheckoutRoutes(); // redirects go to /checkout/finish?session=…
const { store, client } = await openCheckoutStore({ databaseUrl: process.env.DATABASE_URL });
const provider = createTestPaymentProvider({ ledger: client, webhookUrl: routes.webhook('test') });
const engine = createCheckoutEngine({
  catalog,
  store,
  routes,
  provider,
  secret: process.env.PLANKIT_SECRET,
});
engine.start(); // settles lost payment outcomes, expires unpaid sessions, renews

/**
 * POST /api/checkout: a plan-step form. GET /api/checkout?session=…: a finish view.
 * /test-processor/*: the test processor's pages. POST /api/webhooks/test: its webhooks.
 */
export async function handleCheckout(request: Request): Promise<Response> {
  const { pathname, searchParams } = new URL(request.url);
  if (pathname.startsWith(`${routes.testProcessor}/`)) return provider.handle(request);
  if (pathname === routes.webhook('test')) {
    const answer = await engine.handleWebhook('test', {
      rawBody: await request.text(),
      headers: request.headers,
    });
    return new Response(null, { status: answer.status });
  }
  const context = { clientAddress: request.headers.get('x-forwarded-for') };
  if (request.method === 'POST') {
    return Response.json(await engine.submitPlanStep(await request.formData(), context));
  }
  return Response.json(await engine.getFinishView(searchParams.get('session'), context));
}
