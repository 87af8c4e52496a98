import { CheckoutNotFound, FinishStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { routes } from '../../../lib/routes';
import { loadSessionPage, type SessionPageProps } from '../../../lib/sessionPage';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };

export default async function FinishPage(props: SessionPageProps) {
  const page = await loadSessionPage(props);
  if (!page) return <CheckoutNotFound plansHref={routes.home} />;
  const view = await page.engine.getFinishView(page.sessionId, page.context);
  return (
    <FinishStep
      view={view}
      plansHref={routes.home}
      pendingReloadHref={view.status === 'pending' ? routes.finish(view.sessionId) : undefined}
    />
  );
}
