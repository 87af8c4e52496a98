import { AuthenticationStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { answerAuthentication } from '../../../../lib/actions';
import { config } from '../../../../lib/config';
import { loadSessionPage, type SessionPageProps } from '../../../../lib/sessionPage';

export const metadata: Metadata = { title: 'Confirm your payment', robots: { index: false } };

/** The test provider's stand-in for the bank's authentication challenge. */
export default async function AuthenticatePage(props: SessionPageProps) {
  const { engine, sessionId, context } = await loadSessionPage(props);
  const view = await engine.getAuthenticationView(sessionId, context);
  if (view.status === 'not_found') notFound();
  if (view.status === 'done') redirect(view.finishUrl);
  return (
    <AuthenticationStep
      view={view}
      action={answerAuthentication}
      merchantName={config.merchantName}
    />
  );
}
