// app/checkout/finish/authenticate/page.tsx: the test provider's stand-in for a bank page.
import { AuthenticationStep } from '@plankit/checkout';
import { notFound, redirect } from 'next/navigation';
import { answerAuthentication } from '@/app/actions';
import { getEngine, requestContext } from '@/lib/checkout';

export default async function AuthenticatePage({
  searchParams,
}: {
  searchParams: Promise<{ session?: string }>;
}) {
  const { session } = await searchParams;
  const view = await (await getEngine()).getAuthenticationView(session, await requestContext());
  if (view.status === 'not_found') notFound();
  if (view.status === 'done') redirect(view.finishUrl);
  return <AuthenticationStep view={view} action={answerAuthentication} merchantName="Acme" />;
}
