import { ManageSubscription } from '@plankit/checkout';
import type { Metadata } from 'next';
import { cancelSubscription, resumeSubscription } from '../../../lib/actions';
import { getEngine } from '../../../lib/engine';
import { routes } from '../../../lib/routes';

export const metadata: Metadata = { title: 'Your subscription', robots: { index: false } };

/** A subscription's manage page behind its signed link; plain forms, no JavaScript needed. */
export default async function SubscriptionRoute(props: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await props.params;
  const { confirm } = await props.searchParams;
  const view = await (await getEngine()).getSubscriptionView(token);
  let pageHref: string = routes.home;
  try {
    pageHref = routes.subscription(token);
  } catch {
    // A malformed token: the view is not_found and never links back to itself.
  }
  return (
    <ManageSubscription
      view={view}
      pageHref={pageHref}
      confirmCancel={confirm === 'cancel'}
      cancelAction={cancelSubscription.bind(null, token)}
      resumeAction={resumeSubscription.bind(null, token)}
      plansHref={routes.home}
    />
  );
}
