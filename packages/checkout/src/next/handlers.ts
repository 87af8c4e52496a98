import { connection } from 'next/server.js';
import { getEngine, openedEngine } from './engineHolder.js';
import { LANGUAGE_PATH, THEME_PATH } from './menuPaths.js';
import { languageMenuAnswer, themeMenuAnswer } from './menus.js';
import { READY_RETRY_AFTER_SECONDS, readiness } from './readiness.js';
import { REQUEST_ID_HEADER, withRequestId } from './requestScope.js';
import type { PlankitRuntime } from './runtime.js';

/** A route handler of the adapter: one for every method it answers. */
export type PlankitRouteHandler = (request: Request) => Promise<Response>;

const NOT_FOUND_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
};
const notFound = () => new Response('Not found', { status: 404, headers: NOT_FOUND_HEADERS });
const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** `/api/health`: 200 whenever the process serves requests; touches nothing. */
function health(): Response {
  return Response.json({ status: 'ok' }, { headers: noStore });
}

/** `/api/ready`: 200 when the store answers with its migrations and a provider is set; else 503. */
async function ready(runtime: PlankitRuntime): Promise<Response> {
  const report = await readiness(runtime);
  const isReady = report.status === 'ready';
  return Response.json(report, {
    status: isReady ? 200 : 503,
    headers: {
      ...noStore,
      ...(isReady ? {} : { 'retry-after': String(READY_RETRY_AFTER_SECONDS) }),
    },
  });
}

/** One webhook endpoint per provider; the body read raw (the signature covers its bytes). */
async function webhook(runtime: PlankitRuntime, request: Request, provider: string) {
  const engine = await getEngine(runtime);
  const rawBody = await request.text();
  const answer = await engine.handleWebhook(provider, { rawBody, headers: request.headers });
  return new Response(null, { status: answer.status, headers: { 'cache-control': 'no-store' } });
}

/** An order's invoice as PDF behind its receipt's signed link; 404 for anything else. */
async function invoice(runtime: PlankitRuntime, token: string): Promise<Response> {
  const answer = await (await getEngine(runtime)).getInvoicePdf(token);
  if (answer.status !== 'found') return notFound();
  // A prefix may hold letters beyond ASCII: RFC 6266's filename* carries them.
  const ascii = answer.filename.replace(/[^\x20-\x7e]/g, '_');
  const disposition =
    ascii === answer.filename
      ? `attachment; filename="${ascii}"`
      : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(answer.filename)}`;
  return new Response(new Uint8Array(answer.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': disposition,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}

/**
 * The answer of the adapter's route handler to a request, told apart by path:
 * `/api/health`, `/api/ready`, `/api/webhooks/{provider}`, the test processor's pages
 * (`/test-processor/…`; 404 with another provider), a receipt's `invoice.pdf`, and the
 * language and theme menus' endpoints. Anything else: 404.
 */
export async function routeAnswer(runtime: PlankitRuntime, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const method = request.method;
  const read = method === 'GET' || method === 'HEAD';
  return withRequestId(request.headers.get(REQUEST_ID_HEADER), async () => {
    if (pathname === '/api/health' && read) return health();
    if (pathname === '/api/ready' && read) return ready(runtime);
    const hook = /^\/api\/webhooks\/([^/]+)\/?$/.exec(pathname);
    if (hook?.[1] && method === 'POST') {
      return webhook(runtime, request, decodeURIComponent(hook[1]));
    }
    if (pathname.startsWith(`${runtime.routes().testProcessor}/`)) {
      const { testProvider } = await openedEngine(runtime);
      // With another provider there is no test processor to serve.
      return testProvider ? testProvider.handle(request) : notFound();
    }
    const pdf = /^(?:\/[a-zA-Z-]+)?\/receipts\/([^/]+)\/invoice\.pdf$/.exec(pathname);
    if (pdf?.[1] && read) return invoice(runtime, decodeURIComponent(pdf[1]));
    if (pathname === LANGUAGE_PATH && read) return languageMenuAnswer(request);
    if (pathname === THEME_PATH && read) return themeMenuAnswer(request);
    return notFound();
  });
}

/**
 * The adapter's route handler: one function for every route file it serves (each route
 * file is the same one-line re-export, or one catch-all file serves them all).
 */
export function createRouteHandler(runtime: PlankitRuntime): PlankitRouteHandler {
  return async function handle(request: Request): Promise<Response> {
    // Never prerendered when the app builds: everything here is per request (issue 21).
    await connection();
    return routeAnswer(runtime, request);
  };
}
