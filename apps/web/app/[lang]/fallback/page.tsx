import { CheckoutFallback, fallbackMessagesFor, pageMessagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { localeOfParam } from '../../../lib/locale';
import { routes } from '../../../lib/routes';

type Params = { lang: string };

// Rendered once per process and language, then served from the cache (lib/staticPages.ts).
export const dynamic = 'force-static';

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: pageMessagesFor(localeOfParam((await params).lang)).pageTitleFallback };
}

export default async function FallbackPage({ params }: { params: Promise<Params> }) {
  const locale = localeOfParam((await params).lang);
  return <CheckoutFallback plansHref={routes.home} messages={fallbackMessagesFor(locale)} />;
}
