import 'server-only';
import type { RequestContext } from '@plankit/checkout';
import type { CheckoutEngine } from '@plankit/checkout/server';
import { getEngine } from './engine';
import { currentRequestId, requestContext } from './requestContext';
import { routes } from './routes';

/** Route props of a page under `/{checkoutPath}/finish` that reads `?session=`. */
export interface SessionPageProps {
  params: Promise<{ checkoutPath: string }>;
  searchParams: Promise<{ session?: string | string[] }>;
}

/**
 * What the finish and test-bank pages start from: the engine, the session id from the
 * query (null when missing or repeated) and the visitor's context; null under another
 * checkout path.
 *
 * These pages render their "not found" view themselves instead of calling notFound():
 * in a dynamic page, Next.js 16 sends that 404 with an empty body and the not-found UI
 * only in the RSC payload, so a visitor without JavaScript sees a blank page
 * (vercel/next.js#98954). A visible answer matters more than the status code; the pages
 * are noindex.
 */
export async function loadSessionPage({ params, searchParams }: SessionPageProps): Promise<{
  engine: CheckoutEngine;
  sessionId: string | null;
  context: RequestContext;
  /** The proxy's id of this request, for the log entries of the engine's work. */
  requestId: string | null;
} | null> {
  const [{ checkoutPath }, { session }] = await Promise.all([params, searchParams]);
  if (checkoutPath !== routes.checkoutPath) return null;
  const [engine, context, requestId] = await Promise.all([
    getEngine(),
    requestContext({ mintVisitor: false }),
    currentRequestId(),
  ]);
  return { engine, sessionId: typeof session === 'string' ? session : null, context, requestId };
}
