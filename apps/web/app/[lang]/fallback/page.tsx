import { CheckoutFallback, fallbackMessagesFor, pageMessagesFor } from '@plankit/checkout';
import { localeOfParam } from '@plankit/checkout/next';
import type { Metadata } from 'next';
import { plankit } from '../../../lib/plankit';

type Params = { lang: string };

// Rendered once per process and language, then served from the cache (the adapter's staticPages.ts).
export const dynamic = 'force-static';

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: pageMessagesFor(localeOfParam((await params).lang)).pageTitleFallback };
}

export default async function FallbackPage({ params }: { params: Promise<Params> }) {
  const locale = localeOfParam((await params).lang);
  return (
    <CheckoutFallback plansHref={plankit.routes().home} messages={fallbackMessagesFor(locale)} />
  );
}
