import { AuthenticationStep, CheckoutNotFound, FinishStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { answerAuthentication } from '../../../../lib/actions';
import { config } from '../../../../lib/config';
import { routes } from '../../../../lib/routes';
import { loadSessionPage, type SessionPageProps } from '../../../../lib/sessionPage';

export const metadata: Metadata = { title: 'Confirm your payment', robots: { index: false } };

/** The test provider's stand-in for the bank's authentication challenge. */
export default async function AuthenticatePage(props: SessionPageProps) {
  const page = await loadSessionPage(props);
  if (!page) return <CheckoutNotFound plansHref={routes.home} />;
  const view = await page.engine.getAuthenticationView(page.sessionId, page.context);
  if (view.status === 'not_found') {
    return <FinishStep view={{ status: 'not_found' }} plansHref={routes.home} />;
  }
  if (view.status === 'done') redirect(view.finishUrl);
  return (
    <AuthenticationStep
      view={view}
      action={answerAuthentication}
      merchantName={config.merchantName}
    />
  );
}
