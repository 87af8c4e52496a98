import { messagesFor, PlanList } from '@plankit/checkout';
import { catalog } from '../../lib/catalog';
import { localeOfParam } from '../../lib/locale';
import { routes } from '../../lib/routes';

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
