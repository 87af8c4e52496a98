import { CheckoutNotFound, messagesFor } from '@plankit/checkout';
import type { Metadata } from 'next';
import { localeOfParam } from '../../../lib/locale';
import { routes } from '../../../lib/routes';

type Params = { lang: string };

// The proxy answers any path no page answers with this one, with a 404 status: rendered
// once per process and language (lib/staticPages.ts), so a visitor without JavaScript reads
// it too (a not-found rendered per request arrives with an empty body without JavaScript,
// vercel/next.js#98954).
export const dynamic = 'force-static';

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { lang } = await params;
  return { title: messagesFor(localeOfParam(lang)).notFoundTitle, robots: { index: false } };
}

export default async function PageNotFound({ params }: { params: Promise<Params> }) {
  const locale = localeOfParam((await params).lang);
  return <CheckoutNotFound plansHref={routes.home} messages={messagesFor(locale)} />;
}
