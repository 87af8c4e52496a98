import { ManageSubscription, messagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { cancelSubscription, resumeSubscription } from '../../../../lib/actions';
import { getEngine } from '../../../../lib/engine';
import { localeOfParam } from '../../../../lib/locale';
import { PlanChangeSection } from '../../../../lib/PlanChangeSection';
import { currentTheme } from '../../../../lib/requestContext';
import { routes } from '../../../../lib/routes';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ lang: string }>;
}): Promise<Metadata> {
  const { lang } = await params;
  return { title: messagesFor(localeOfParam(lang)).receiptManage, robots: { index: false } };
}

/** A subscription's manage page behind its signed link; plain forms, no JavaScript needed. */
export default async function SubscriptionRoute(props: {
  params: Promise<{ lang: string; token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token, lang } = await props.params;
  const locale = localeOfParam(lang);
  const query = await props.searchParams;
  const { confirm } = query;
  const view = await (await getEngine()).getSubscriptionView(token, { locale });
  let pageHref: string = routes.home;
  try {
    pageHref = routes.subscription(token);
  } catch {
    // A malformed token: the view is not_found and never links back to itself.
  }
  return (
    <ManageSubscription
      theme={(await currentTheme()) ?? undefined}
      view={view}
      pageHref={pageHref}
      confirmCancel={confirm === 'cancel'}
      cancelAction={cancelSubscription.bind(null, token)}
      resumeAction={resumeSubscription.bind(null, token)}
      plansHref={routes.home}
      planChange={
        view.status === 'found' && view.planChange ? (
          <PlanChangeSection
            token={token}
            choices={view.planChange}
            pageHref={pageHref}
            query={query}
            locale={locale}
          />
        ) : null
      }
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
