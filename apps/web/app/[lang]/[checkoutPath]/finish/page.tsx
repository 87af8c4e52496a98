import { CheckoutNotFound, FinishStep, messagesFor, pageMessagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { localeOfParam } from '../../../../lib/locale';
import { withRequestId } from '../../../../lib/log';
import { currentTheme } from '../../../../lib/requestContext';
import { routes } from '../../../../lib/routes';
import { loadSessionPage, type SessionPageProps } from '../../../../lib/sessionPage';

type Props = SessionPageProps & { params: Promise<{ lang: string; checkoutPath: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const text = pageMessagesFor(localeOfParam((await params).lang));
  return { title: text.pageTitleOrder, robots: { index: false } };
}

export default async function FinishPage(props: Props) {
  const locale = localeOfParam((await props.params).lang);
  const messages = messagesFor(locale);
  const page = await loadSessionPage(props);
  if (!page) return <CheckoutNotFound plansHref={routes.home} messages={messages} />;
  const view = await withRequestId(page.requestId, () =>
    page.engine.getFinishView(page.sessionId, page.context),
  );
  return (
    <FinishStep
      theme={(await currentTheme()) ?? undefined}
      view={view}
      plansHref={routes.home}
      messages={messages}
      locale={locale}
      pendingReloadHref={view.status === 'pending' ? routes.finish(view.sessionId) : undefined}
    />
  );
}
