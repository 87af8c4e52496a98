import '@plankit/checkout/styles.css';
import '../globals.css';
import {
  directionOf,
  errorMessagesFor,
  messagesFor,
  notFoundMessagesFor,
  pageMessagesFor,
} from '@plankit/checkout';
import { localeOfParam } from '@plankit/checkout/next';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../lib/LanguageMenu';
import { PageTextProvider } from '../../lib/PageText';
import { plankit } from '../../lib/plankit';
import { ThemeMenu } from '../../lib/ThemeMenu';

type Params = { lang: string };

// One tree per shipped locale; the proxy rewrites each public URL to the visitor's
// (the adapter's proxy), so the URLs themselves carry no language. Nothing is prerendered when the
// app builds: the pages show the configuration the server starts with (the merchant's name
// here), so each process renders each page once and serves it from its cache
// (lib/staticPages.ts). The proxy only ever rewrites to a shipped language.
export function generateStaticParams(): Params[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const text = pageMessagesFor(localeOfParam((await params).lang));
  const { merchantName } = plankit.settings();
  return {
    title: {
      default: `${merchantName} — ${text.pageTitlePlans}`,
      template: `%s — ${merchantName}`,
    },
    description: text.siteDescription,
  };
}

export const viewport: Viewport = { themeColor: '#4338ca' };

export default async function RootLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<Params>;
}) {
  const locale = localeOfParam((await params).lang);
  return (
    // The proxy adds the visitor's chosen theme (`data-theme`) to pages it serves as they
    // were rendered (lib/theme.ts): not React's to reconcile.
    <html lang={locale} dir={directionOf(locale)} suppressHydrationWarning>
      <body>
        <header className="site-header">
          <div className="site-header-inner">
            <a href="/" className="site-brand">
              {plankit.settings().merchantName}
            </a>
            <div className="site-menus">
              <LanguageMenu locale={locale} />
              <ThemeMenu locale={locale} />
            </div>
          </div>
        </header>
        <main>
          <PageTextProvider
            text={{ error: errorMessagesFor(locale), notFound: notFoundMessagesFor(locale) }}
          >
            {children}
          </PageTextProvider>
        </main>
        <footer className="site-footer">
          <a href={plankit.routes().findSubscription}>{messagesFor(locale).receiptManage}</a>
        </footer>
      </body>
    </html>
  );
}
