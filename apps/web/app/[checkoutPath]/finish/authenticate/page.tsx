import { AuthenticationStep } from '@plankit/checkout';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { answerAuthentication } from '../../../../lib/actions';
import { config } from '../../../../lib/config';
import { getEngine } from '../../../../lib/engine';
import { requestContext } from '../../../../lib/requestContext';
import { routes } from '../../../../lib/routes';

export const metadata: Metadata = { title: 'Confirm your payment', robots: { index: false } };

/** The test provider's stand-in for the bank's authentication challenge. */
export default async function AuthenticatePage({
  params,
  searchParams,
}: {
  params: Promise<{ checkoutPath: string }>;
  searchParams: Promise<{ session?: string | string[] }>;
}) {
  const [{ checkoutPath }, { session }] = await Promise.all([params, searchParams]);
  if (checkoutPath !== routes.checkoutPath) notFound();
  const engine = await getEngine();
  const view = await engine.getAuthenticationView(
    typeof session === 'string' ? session : null,
    await requestContext({ mintVisitor: false }),
  );
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
