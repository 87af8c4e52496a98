import { FinishStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { routes } from '../../../lib/routes';
import { loadSessionPage, type SessionPageProps } from '../../../lib/sessionPage';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };

export default async function FinishPage(props: SessionPageProps) {
  const { engine, sessionId, context } = await loadSessionPage(props);
  const view = await engine.getFinishView(sessionId, context);
  if (view.status === 'not_found') notFound();
  return <FinishStep view={view} plansHref={routes.home} />;
}
