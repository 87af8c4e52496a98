import { ManageSubscription, messagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import {
  cancelSubscription,
  resumeSubscription,
  updatePaymentMethod,
} from '../../../../lib/actions';
import { catalog } from '../../../../lib/catalog';
import { config } from '../../../../lib/config';
import { getEngine } from '../../../../lib/engine';
import { localeOfParam } from '../../../../lib/locale';
import { PlanChangeSection } from '../../../../lib/PlanChangeSection';
import { cardFieldsFor } from '../../../../lib/paymentFields';
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
  const { confirm, card, payment_method: notice } = query;
  const engine = await getEngine();
  let pageHref: string = routes.home;
  try {
    pageHref = routes.subscription(token);
  } catch {
    // A malformed token: the view is not_found and never links back to itself.
  }
  // Back from the provider's pages (3-D Secure, hosted page): the engine applies the new card
  // once, and the page says what became of it (a reload shows the same notice).
  if (notice === 'return' && pageHref !== routes.home) {
    const outcome = await engine.completePaymentMethodUpdate(token);
    redirect(outcome ? `${pageHref}?payment_method=${outcome}` : pageHref);
  }
  const view = await engine.getSubscriptionView(token, { locale });
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
      paymentMethod={
        view.status === 'found'
          ? {
              fields: cardFieldsFor(view.nextCharge?.currency ?? catalog.defaultCurrency),
              action: updatePaymentMethod.bind(null, token),
              notice: typeof notice === 'string' ? notice : undefined,
              open: card === 'update',
              testMode: config.stripe ? config.stripe.testMode : true,
            }
          : undefined
      }
    />
  );
}
