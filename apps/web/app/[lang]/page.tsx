import { messagesFor, PlanList } from '@plankit/checkout';
import { localeOfParam } from '@plankit/checkout/next';
import { catalog } from '../../lib/catalog';
import { plankit } from '../../lib/plankit';

// Rendered once per process and language, then served from the cache (the adapter's staticPages.ts).
export const dynamic = 'force-static';

export default async function HomePage({ params }: { params: Promise<{ lang: string }> }) {
  const locale = localeOfParam((await params).lang);
  return (
    <PlanList
      catalog={catalog}
      planHref={(planId) => plankit.routes().plan(planId)}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
