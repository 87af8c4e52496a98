// The stylesheet, for the app's bundler. Only this module imports it, and nothing reaches
// this module's types (pages.ts loads it when it renders), so no declaration names a .css.
import '../styles.css';
import { directionOf } from '../index.js';
import { type PlankitLayoutProps, pageLocale } from './pageLocale.js';

/**
 * A root layout for an app that has none of its own (`app/layout.tsx`): the checkout's
 * stylesheet, and `<html lang dir>` in the page's language (right to left for Arabic and
 * Hebrew).
 */
export async function RootLayout({ children, params }: PlankitLayoutProps) {
  const locale = await pageLocale((await params) ?? {});
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>{children}</body>
    </html>
  );
}
