import 'server-only';
import type { RequestContext } from '@plankit/checkout';
import type { CheckoutEngine } from '@plankit/checkout/server';
import { notFound } from 'next/navigation';
import { getEngine } from './engine';
import { requestContext } from './requestContext';
import { routes } from './routes';

/** Route props of a page under `/{checkoutPath}/finish` that reads `?session=`. */
export interface SessionPageProps {
  params: Promise<{ checkoutPath: string }>;
  searchParams: Promise<{ session?: string | string[] }>;
}

/**
 * What the finish and test-bank pages start from: the engine, the session id from the
 * query (null when missing or repeated) and the visitor's context. Another checkout path
 * is a 404.
 */
export async function loadSessionPage({ params, searchParams }: SessionPageProps): Promise<{
  engine: CheckoutEngine;
  sessionId: string | null;
  context: RequestContext;
}> {
  const [{ checkoutPath }, { session }] = await Promise.all([params, searchParams]);
  if (checkoutPath !== routes.checkoutPath) notFound();
  const [engine, context] = await Promise.all([
    getEngine(),
    requestContext({ mintVisitor: false }),
  ]);
  return { engine, sessionId: typeof session === 'string' ? session : null, context };
}
