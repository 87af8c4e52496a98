import { messagesFor, PlanList } from '@plankit/checkout';
import { catalog } from '../../lib/catalog';
import { localeOfParam } from '../../lib/locale';
import { routes } from '../../lib/routes';

// Rendered once per process and language, then served from the cache (lib/staticPages.ts).
export const dynamic = 'force-static';

export default async function HomePage({ params }: { params: Promise<{ lang: string }> }) {
  const locale = localeOfParam((await params).lang);
  return (
    <PlanList
      catalog={catalog}
      planHref={(planId) => routes.plan(planId)}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
