import { FinishStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getEngine } from '../../../lib/engine';
import { requestContext } from '../../../lib/requestContext';
import { routes } from '../../../lib/routes';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };

export default async function FinishPage({
  params,
  searchParams,
}: {
  params: Promise<{ checkoutPath: string }>;
  searchParams: Promise<{ session?: string | string[] }>;
}) {
  const [{ checkoutPath }, { session }] = await Promise.all([params, searchParams]);
  if (checkoutPath !== routes.checkoutPath) notFound();
  const engine = await getEngine();
  const view = await engine.getFinishView(
    typeof session === 'string' ? session : null,
    await requestContext({ mintVisitor: false }),
  );
  if (view.status === 'not_found') notFound();
  return <FinishStep view={view} plansHref={routes.home} />;
}
