import { FindSubscription, messagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { findSubscriptions } from '../../../lib/actions';
import { localeOfParam } from '../../../lib/locale';
import { currentTheme } from '../../../lib/requestContext';

// Per request: the form's answer (sent, throttled) belongs to one visitor.
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ lang: string }>;
}): Promise<Metadata> {
  const { lang } = await params;
  return { title: messagesFor(localeOfParam(lang)).findTitle, robots: { index: false } };
}

/** "Find my subscription": the buyer's way back to their manage page and receipts. */
export default async function FindSubscriptionRoute(props: { params: Promise<{ lang: string }> }) {
  const locale = localeOfParam((await props.params).lang);
  return (
    <FindSubscription
      theme={(await currentTheme()) ?? undefined}
      action={findSubscriptions}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
