import { messagesFor, ReceiptPage } from '@plankit/checkout';
import type { Metadata } from 'next';
import { getEngine } from '../../../../lib/engine';
import { localeOfParam } from '../../../../lib/locale';
import { currentTheme } from '../../../../lib/requestContext';
import { routes } from '../../../../lib/routes';

type Params = { lang: string; token: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { lang } = await params;
  return { title: messagesFor(localeOfParam(lang)).receiptHeading, robots: { index: false } };
}

/** A receipt behind its signed link (from the email or the finish step): any browser, no cookie. */
export default async function ReceiptRoute(props: { params: Promise<Params> }) {
  const { token, lang } = await props.params;
  const locale = localeOfParam(lang);
  const view = await (await getEngine()).getReceiptView(token, { locale });
  return (
    <ReceiptPage
      theme={(await currentTheme()) ?? undefined}
      view={view}
      plansHref={routes.home}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
